import { AppError, syncHubOff } from '../../errors.ts';
import type { Deps } from '../deps.ts';

/**
 * The hub: a Cairn server keeping a sync remote for other devices (CAIRN_SYNC_HUB=1). It stores and hands back
 * opaque bytes (sealed by the devices, which alone hold the passphrase), never rewriting a segment.
 */
type HubDeps = Pick<Deps, 'syncHub'>;

function hubOf(deps: HubDeps) {
  if (!deps.syncHub) throw syncHubOff();
  return deps.syncHub;
}

/** remote.json, or a 404 when no device has set the remote up yet. */
export async function hubManifest(deps: HubDeps): Promise<Buffer> {
  const manifest = await hubOf(deps).readManifest();
  if (!manifest) throw new AppError(404, 'sync_remote_empty', 'No device has set up this sync remote yet');
  return manifest;
}

/** Stores remote.json unless one exists; answers the one stored (the first device's). */
export const createHubManifest = (deps: HubDeps, bytes: Buffer) => hubOf(deps).createManifest(bytes);

export const hubDevices = async (deps: HubDeps) => ({ devices: await hubOf(deps).listDevices() });

export const hubSegments = async (deps: HubDeps, device: string) => ({ segments: await hubOf(deps).listSegments(device) });

/** A segment's bytes, or a 404. */
export async function hubSegment(deps: HubDeps, device: string, name: string): Promise<Buffer> {
  const hub = hubOf(deps);
  if (!(await hub.listSegments(device)).includes(name)) throw new AppError(404, 'sync_segment_not_found', `No segment ${device}/${name} on this hub`);
  return hub.readSegment(device, name);
}

/** Stores a segment unless one of that name exists (`created: false`: the stored one is kept, never rewritten). */
export const putHubSegment = async (deps: HubDeps, device: string, name: string, bytes: Buffer) => ({ created: await hubOf(deps).writeSegment(device, name, bytes) });
