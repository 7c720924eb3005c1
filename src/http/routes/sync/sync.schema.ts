import { z } from 'zod';
import { doc, fileResponse } from '../../openapi.ts';

const SyncError = z.object({ at: z.string(), message: z.string(), device: z.string().nullable(), segment: z.string().nullable() });
const Round = z.object({ pushed: z.number(), pulled: z.number(), conflicts: z.number(), errors: z.array(SyncError) });
const Clock = z.object({ device: z.string(), hlc: z.string() });

const SyncStatus = z.object({
  enabled: z.boolean(),
  remote: z.string().nullable(),
  encrypted: z.boolean().nullable(),
  device_id: z.string().nullable(),
  interval_s: z.number(),
  running: z.boolean(),
  last_round: Round.extend({ started_at: z.string(), finished_at: z.string(), error: z.string().nullable() }).nullable(),
  devices: z.array(z.object({ device_id: z.string(), this_device: z.boolean(), remote_through: z.number(), applied_through: z.number() })),
  pending: z.object({ push: z.number(), pull: z.number() }).nullable(),
  errors: z.array(SyncError),
  last_conflicts: z.array(
    z.object({ entity: z.string(), key: z.string(), field: z.string(), winner: Clock, loser: Clock, keptAs: z.string().nullable(), at: z.string() }),
  ),
});

/** A device id as the hub stores it: a folder name on every file system. */
const deviceParams = z.object({ device: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'letters, digits, - and _ only (1..128)') });
const segmentParams = deviceParams.extend({ name: z.string().regex(/^\d{1,20}-\d{1,20}\.seg$/, 'a segment name: <seqStart>-<seqEnd>.seg') });

export const syncSchemas = { device: { params: deviceParams }, segment: { params: segmentParams } };

const HUB = 'Sync hub';
const bytes = (what: string) => ({ 200: fileResponse('application/octet-stream', what) });

export const syncDocs = {
  round: doc({
    tag: 'Sync',
    summary: 'Sync now',
    description:
      "Runs one round with the sync remote (CAIRN_SYNC_REMOTE): pushes this device's new changes, pulls the other devices'. " +
      '`errors` lists segments refused (changed, truncated, sealed with another passphrase): nothing from them is applied. ' +
      '409 `sync_not_configured` without a remote; 409 `sync_setup` for a wrong passphrase; 502 `sync_failed` when the remote cannot be reached.',
    response: { 200: Round },
  }),
  status: doc({
    tag: 'Sync',
    summary: 'Sync status',
    description: 'The last round, the devices the remote holds (how far each is there and applied here), changes waiting to go either way, recent errors and conflicts.',
    response: { 200: SyncStatus },
  }),
  manifest: doc({ tag: HUB, summary: "Read the hub's remote.json", description: 'The sync remote description (format, key derivation salt, key check); 404 before a device set it up. Needs CAIRN_SYNC_HUB=1.', response: bytes('remote.json') }),
  createManifest: doc({ tag: HUB, summary: "Set up the hub's remote.json", description: 'Stores remote.json unless one exists, and answers the one stored (the first device wins).', response: bytes('remote.json') }),
  devices: doc({ tag: HUB, summary: 'List devices', description: 'The devices that pushed segments to this hub.', response: { 200: z.object({ devices: z.array(z.string()) }) } }),
  segments: doc({ tag: HUB, summary: "List a device's segments", description: 'Names `<seqStart>-<seqEnd>.seg` of the complete segments of one device.', response: { 200: z.object({ segments: z.array(z.string()) }) } }),
  segment: doc({ tag: HUB, summary: 'Read a segment', description: "A segment's sealed bytes; 404 when absent.", response: bytes('the segment') }),
  putSegment: doc({
    tag: HUB,
    summary: 'Store a segment',
    description: 'Stores a segment (application/octet-stream) unless one of that name exists: `created: false` then, and the stored one is kept (segments are never rewritten).',
    response: { 200: z.object({ created: z.boolean() }) },
  }),
};
