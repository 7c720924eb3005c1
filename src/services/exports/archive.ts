import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { Unzip, UnzipInflate, Zip, ZipDeflate } from 'fflate';
import type { ArchiveFormat } from './paths.ts';

/** What the manifest records of each file: its hash, size and line count, checked before an import writes anything. */
export interface FileDigest {
  sha256: string;
  bytes: number;
  lines: number;
}

/** One file being written: text goes in, hashed as it streams to disk. */
export interface EntryWriter {
  write(text: string): Promise<void>;
  end(): Promise<FileDigest>;
}

/** Files written one after another into a folder or a zip; nothing appears at the target until `commit`. */
export interface ArchiveWriter {
  entry(name: string): EntryWriter;
  /** Finishes the archive and moves it to the target (replacing what was there). */
  commit(target: string): Promise<void>;
  /** Removes the partial archive. */
  abort(): Promise<void>;
}

const FLUSH_BYTES = 256 * 1024;

async function writeTo(stream: WriteStream, data: Uint8Array): Promise<void> {
  if (!stream.write(data)) await once(stream, 'drain');
}

/** Buffers text, hashing and counting lines, and hands it on in chunks of about FLUSH_BYTES. */
function hashingEntry(sink: (chunk: Uint8Array, final: boolean) => Promise<void>): EntryWriter {
  const hash = createHash('sha256');
  let pending: string[] = [];
  let pendingLength = 0;
  let bytes = 0;
  let lines = 0;
  const flush = async (final: boolean) => {
    const chunk = Buffer.from(pending.join(''), 'utf8');
    pending = [];
    pendingLength = 0;
    hash.update(chunk);
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    await sink(chunk, final);
  };
  return {
    async write(text) {
      pending.push(text);
      pendingLength += text.length;
      if (pendingLength >= FLUSH_BYTES) await flush(false);
    },
    async end() {
      await flush(true);
      return { sha256: hash.digest('hex'), bytes, lines };
    },
  };
}

function folderWriter(partial: string): ArchiveWriter {
  const ready = mkdir(partial, { recursive: true, mode: 0o700 });
  return {
    entry(name) {
      let stream: WriteStream | null = null;
      return hashingEntry(async (chunk, final) => {
        await ready;
        stream ??= createWriteStream(join(partial, name), { mode: 0o600 });
        if (chunk.length > 0) await writeTo(stream, chunk);
        if (final) await new Promise<void>((done, fail) => stream!.once('error', fail).end(done));
      });
    },
    async commit(target) {
      await ready;
      await rm(target, { recursive: true, force: true });
      await rename(partial, target);
    },
    abort: () => rm(partial, { recursive: true, force: true }),
  };
}

/** A zip streamed to disk with fflate: each entry deflated as it is written, so memory stays flat. */
function zipWriter(partial: string): ArchiveWriter {
  const out = createWriteStream(partial, { mode: 0o600 });
  let failure: Error | null = null;
  out.on('error', error => (failure ??= error));
  const zip = new Zip((error, data, final) => {
    if (error) failure ??= error;
    else out.write(data);
    if (final) out.end();
  });
  const check = () => {
    if (failure) throw failure;
  };
  return {
    entry(name) {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      return hashingEntry(async (chunk, final) => {
        file.push(chunk, final);
        check();
        if (out.writableNeedDrain) await once(out, 'drain');
      });
    },
    async commit(target) {
      zip.end();
      if (!out.writableFinished) await once(out, 'finish');
      check();
      await rm(target, { recursive: true, force: true });
      await rename(partial, target);
    },
    async abort() {
      zip.terminate();
      out.destroy();
      await rm(partial, { force: true });
    },
  };
}

export function createArchiveWriter(format: ArchiveFormat, partial: string): ArchiveWriter {
  return format === 'zip' ? zipWriter(partial) : folderWriter(partial);
}

/** A piece of an archive file as it is read: `final` marks the file's last piece. */
export interface EntryChunk {
  name: string;
  chunk: Uint8Array;
  final: boolean;
}

/** The files of a folder archive, in the order given. */
async function* folderChunks(dir: string, names: string[]): AsyncGenerator<EntryChunk> {
  for (const name of names) {
    let last: Uint8Array | null = null;
    for await (const chunk of createReadStream(join(dir, name), { highWaterMark: FLUSH_BYTES })) {
      if (last) yield { name, chunk: last, final: false };
      last = chunk as Buffer;
    }
    yield { name, chunk: last ?? new Uint8Array(0), final: true };
  }
}

/** The entries of a zip in archive order, inflated as the file streams past (never all in memory). */
async function* zipChunks(path: string): AsyncGenerator<EntryChunk> {
  const queue: EntryChunk[] = [];
  let failure: Error | null = null;
  const unzip = new Unzip(file => {
    file.ondata = (error, chunk, final) => {
      if (error) failure ??= error;
      else queue.push({ name: file.name, chunk, final });
    };
    try {
      file.start();
    } catch (error) {
      failure ??= error as Error;
    }
  });
  unzip.register(UnzipInflate);
  const drain = function* () {
    if (failure) throw failure;
    while (queue.length > 0) yield queue.shift()!;
  };
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
    unzip.push(chunk as Buffer);
    yield* drain();
  }
  unzip.push(new Uint8Array(0), true);
  yield* drain();
}

/** Reads an archive's files as chunks: a folder's in the order named, a zip's in the order stored. */
export function readArchive(source: { path: string; format: ArchiveFormat }, folderOrder: string[]): AsyncGenerator<EntryChunk> {
  return source.format === 'zip' ? zipChunks(source.path) : folderChunks(source.path, folderOrder);
}
