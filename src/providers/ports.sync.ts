/**
 * Where devices meet to sync: a store of opaque files, written once and never changed (the transport encrypts and
 * checks them; a remote only keeps bytes). Two kinds: a folder any file-sync tool already moves between machines, and
 * another Cairn server acting as a hub. Segment names sort in seq order (zero-padded), so listing is enough to resume.
 */
export interface SyncRemote {
  /** Where it is, for status and messages (a folder path, or a URL without credentials). */
  readonly description: string;
  /** The remote's description file (format, key derivation salt, key check); null when the remote is new. */
  readManifest(): Promise<Buffer | null>;
  /**
   * Writes the description file unless one exists (two devices starting at once: the first wins); returns what the
   * remote holds afterwards, so the loser adopts the winner's.
   */
  createManifest(bytes: Buffer): Promise<Buffer>;
  /** The devices that wrote segments. */
  listDevices(): Promise<string[]>;
  /** The names of a device's complete segments (never a half-written one), in any order. */
  listSegments(device: string): Promise<string[]>;
  readSegment(device: string, name: string): Promise<Buffer>;
  /**
   * Stores a segment whole (a reader never sees part of it) unless one of that name exists: `false` then, and the
   * stored one is kept (segments are never rewritten).
   */
  writeSegment(device: string, name: string, bytes: Buffer): Promise<boolean>;
}

/** A remote that could not be reached or answered with an error: the round stops and reports it. */
export class SyncRemoteError extends Error {}
