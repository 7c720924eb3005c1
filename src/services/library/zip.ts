/** A ZIP archive written as it is read: files go in one by one, compressed bytes come out as they are ready. */
import { strToU8, Zip, ZipDeflate } from 'fflate';

export interface ZipEntry {
  path: string;
  content: string;
}

/**
 * Streams a ZIP of `entries`, pulling the next entry only when the reader wants more bytes, so neither the files
 * nor the archive are ever held whole. Throws (ending the stream) when compression fails.
 */
export async function* zipStream(entries: AsyncIterable<ZipEntry>, mtime = new Date()): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else pending.push(chunk);
  });
  const take = () => {
    if (failure) throw failure;
    const out = pending;
    pending = [];
    return out.length === 1 ? out[0] : Buffer.concat(out);
  };
  for await (const entry of entries) {
    const file = new ZipDeflate(entry.path, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    file.push(strToU8(entry.content), true);
    const chunk = take();
    if (chunk.length > 0) yield chunk;
  }
  zip.end();
  const rest = take();
  if (rest.length > 0) yield rest;
}
