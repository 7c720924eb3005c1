import type { Repos } from '../../storage/ports.ts';

interface Cursor {
  through: number;
  /** Seqs applied beyond `through` (after a gap). */
  beyond: Set<number>;
}

/**
 * Which remote changes this device applied, held in memory for one applyRemote batch and written once at its end
 * (in the same transaction): a catch-up of thousands of changes reads and writes the cursors once, not per change.
 */
export class Receipts {
  private readonly cursors = new Map<string, Cursor>();

  constructor(private readonly tx: Repos) {}

  private async cursor(device: string): Promise<Cursor> {
    let cursor = this.cursors.get(device);
    if (!cursor) {
      cursor = { through: await this.tx.sync.appliedThrough(device), beyond: new Set(await this.tx.sync.receivedBeyond(device)) };
      this.cursors.set(device, cursor);
    }
    return cursor;
  }

  async seen(device: string, seq: number): Promise<boolean> {
    const cursor = await this.cursor(device);
    return seq <= cursor.through || cursor.beyond.has(seq);
  }

  async mark(device: string, seq: number): Promise<void> {
    (await this.cursor(device)).beyond.add(seq);
  }

  /** Advances each device's cursor over every seq now applied without a gap, and stores what is left beyond it. */
  async save(): Promise<void> {
    for (const [device, cursor] of this.cursors) {
      while (cursor.beyond.delete(cursor.through + 1)) cursor.through += 1;
      await this.tx.sync.saveReceipts(device, cursor.through, [...cursor.beyond]);
    }
  }
}
