import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, unlink, writeFile, link } from 'node:fs/promises';
import { join } from 'node:path';
import { type SyncRemote, SyncRemoteError } from '../ports.sync.ts';

/** The layout's root inside the folder the user syncs: versioned, so a later format can live beside this one. */
export const LAYOUT_DIR = join('cairn-sync', 'v1');
const MANIFEST = 'remote.json';
const SEGMENT = /^\d+-\d+\.seg$/;
const DEVICE = /^[A-Za-z0-9_-]{1,128}$/;
/** A temp file this old is a crashed write (a live one takes milliseconds): it is removed. */
const STALE_TEMP_MS = 10 * 60_000;

function checkName(kind: string, value: string, pattern: RegExp): string {
  if (!pattern.test(value)) throw new SyncRemoteError(`Invalid ${kind} name: ${JSON.stringify(value)}`);
  return value;
}

/**
 * Writes `bytes` under `path` only if nothing is there: into a temp file of the same folder first, flushed, then
 * hard-linked to its name (link fails when the name exists, unlike rename), so a reader sees the whole file or none
 * and a file once there is never replaced. Returns false when the name was taken.
 */
async function createOnce(path: string, bytes: Buffer): Promise<boolean> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, bytes, { flush: true });
  try {
    await link(temp, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
}

/** Temp files left by a write that crashed, older than STALE_TEMP_MS; best effort. */
async function removeStaleTemps(dir: string, names: string[]): Promise<void> {
  for (const name of names.filter(n => n.endsWith('.tmp'))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true });
  }
}

async function listOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * A folder as a remote (Syncthing, Dropbox, a USB stick, a network share): `<folder>/cairn-sync/v1/remote.json` and
 * `<folder>/cairn-sync/v1/devices/<device>/<seqStart>-<seqEnd>.seg`. Each device writes only its own folder and never
 * rewrites a file, so a file-sync tool never sees two versions of one file.
 */
export function folderRemote(folder: string): SyncRemote {
  const root = join(folder, LAYOUT_DIR);
  const devicesDir = join(root, 'devices');
  const manifestPath = join(root, MANIFEST);
  const readManifest = async () => {
    try {
      return await readFile(manifestPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  return {
    description: folder,
    readManifest,
    async createManifest(bytes) {
      await mkdir(root, { recursive: true });
      await createOnce(manifestPath, bytes);
      const stored = await readManifest();
      if (!stored) throw new SyncRemoteError(`Could not write ${manifestPath}`);
      return stored;
    },
    async listDevices() {
      return (await listOrEmpty(devicesDir)).filter(name => DEVICE.test(name));
    },
    async listSegments(device) {
      const names = await listOrEmpty(join(devicesDir, checkName('device', device, DEVICE)));
      return names.filter(name => SEGMENT.test(name));
    },
    async readSegment(device, name) {
      return readFile(join(devicesDir, checkName('device', device, DEVICE), checkName('segment', name, SEGMENT)));
    },
    async writeSegment(device, name, bytes) {
      const dir = join(devicesDir, checkName('device', device, DEVICE));
      await mkdir(dir, { recursive: true });
      await removeStaleTemps(dir, await readdir(dir)); // only in this device's own folder: never another's files
      return createOnce(join(dir, checkName('segment', name, SEGMENT)), bytes);
    },
  };
}
