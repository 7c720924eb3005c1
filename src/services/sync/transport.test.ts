import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import fc from 'fast-check';
import { folderRemote, LAYOUT_DIR } from '../../providers/syncRemote/folder.ts';
import { fakeSyncLog, type FakeSyncLog } from '../../../test/fakeSyncLog.ts';
import { readableText } from '../../../test/syncReading.ts';
import { createSyncRunner } from './runner.ts';
import type { CrashPoint } from './round.ts';

const folders: string[] = [];
after(() => folders.forEach(folder => rmSync(folder, { recursive: true, force: true })));
function newFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'cairn-sync-'));
  folders.push(folder);
  return folder;
}

const clock = { now: () => new Date().toISOString() };
function device(
  folder: string,
  log: FakeSyncLog,
  passphrase: string | null = 'correct horse',
  more: { crashPoint?: (p: CrashPoint) => void; segmentChanges?: number; maxSegmentBytes?: number } = {},
) {
  return createSyncRunner({ log, remote: folderRemote(folder), passphrase, intervalMs: 0, segmentChanges: more.segmentChanges ?? 100, clock, ...more });
}

/** Every file under the remote, path → bytes. */
function remoteFiles(folder: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) files.set(join(entry.parentPath, entry.name), readFileSync(join(entry.parentPath, entry.name)));
  }
  return files;
}
const segmentFiles = (folder: string) => [...remoteFiles(folder).keys()].filter(path => path.endsWith('.seg'));

describe('sync transport over a folder', () => {
  test('two devices exchange their changes, and a second round moves nothing', async () => {
    const folder = newFolder();
    const [a, b] = [fakeSyncLog('device-a'), fakeSyncLog('device-b')];
    a.write('memory', 'm1', { content: 'Postgres backups run nightly' });
    b.write('memory', 'm2', { content: 'The staging cluster moved to Frankfurt' });
    assert.deepEqual(await device(folder, a).round(), { pushed: 1, pulled: 0, conflicts: 0, errors: [] });
    assert.deepEqual(await device(folder, b).round(), { pushed: 1, pulled: 1, conflicts: 0, errors: [] });
    assert.deepEqual(await device(folder, a).round(), { pushed: 0, pulled: 1, conflicts: 0, errors: [] });
    assert.deepEqual(a.snapshot(), b.snapshot());
    const calls = b.applyCalls;
    assert.deepEqual(await device(folder, b).round(), { pushed: 0, pulled: 0, conflicts: 0, errors: [] });
    assert.equal(b.applyCalls, calls, 'nothing is applied twice');
  });

  test('the remote folder holds no plaintext; in plaintext mode the same reading finds the text', async () => {
    for (const passphrase of ['correct horse', null]) {
      const folder = newFolder();
      const a = fakeSyncLog('device-a');
      a.write('memory', 'm1', { content: 'The vault combination is lighthouse-42' });
      await device(folder, a, passphrase).round();
      assert.equal(segmentFiles(folder).length, 1);
      for (const [path, bytes] of remoteFiles(folder)) {
        const text = readableText(bytes);
        if (passphrase === null && path.endsWith('.seg')) assert.match(text, /lighthouse-42/, 'the reading finds text that is there');
        else assert.ok(!text.includes('lighthouse-42') && !text.includes('"entity"'), `${path} holds the memory's text`);
      }
    }
  });

  test('a wrong passphrase fails clearly before anything is read or applied', async () => {
    const folder = newFolder();
    const [a, b] = [fakeSyncLog('device-a'), fakeSyncLog('device-b')];
    a.write('memory', 'm1', { content: 'one' });
    await device(folder, a).round();
    b.write('memory', 'm2', { content: 'two' });
    await assert.rejects(device(folder, b, 'wrong passphrase').round(), /Wrong CAIRN_SYNC_PASSPHRASE/);
    assert.equal(b.applyCalls, 0);
    assert.equal(segmentFiles(folder).length, 1, 'nothing pushed under the wrong key');
  });

  test('a remote set up encrypted refuses a device without a passphrase, and the other way round', async () => {
    const encrypted = newFolder();
    await device(encrypted, fakeSyncLog('device-a')).round();
    await assert.rejects(device(encrypted, fakeSyncLog('device-b'), null).round(), /is encrypted: set CAIRN_SYNC_PASSPHRASE/);
    const plain = newFolder();
    await device(plain, fakeSyncLog('device-a'), null).round();
    await assert.rejects(device(plain, fakeSyncLog('device-b')).round(), /without encryption/);
  });

  for (const [name, passphrase] of [['encrypted', 'correct horse'], ['plaintext', null]] as const) {
    for (const [fault, damage] of [
      ['a changed byte', (bytes: Buffer) => Buffer.concat([bytes.subarray(0, -5), Buffer.from([bytes.at(-5)! ^ 1]), bytes.subarray(-4)])],
      ['a truncated file', (bytes: Buffer) => bytes.subarray(0, bytes.length - 10)],
      ['a truncated header', (bytes: Buffer) => bytes.subarray(0, 15)],
    ] as const) {
      test(`${name}: a segment with ${fault} is rejected whole, reported, and nothing from it applied`, async () => {
        const folder = newFolder();
        const [a, b] = [fakeSyncLog('device-a'), fakeSyncLog('device-b')];
        a.write('memory', 'm1', { content: 'first' });
        a.write('memory', 'm2', { content: 'second' });
        await device(folder, a, passphrase).round();
        const [path] = segmentFiles(folder);
        writeFileSync(path!, damage(readFileSync(path!)));
        const runner = device(folder, b, passphrase);
        const round = await runner.round();
        assert.equal(round.pulled, 0);
        assert.equal(b.applyCalls, 0);
        assert.match(round.errors[0]!.message, /Segment device-a\/0+1-0+2\.seg rejected: .*nothing from it was applied/);
        assert.deepEqual(b.snapshot(), {});
        const status = await runner.status();
        assert.equal(status.errors[0]!.segment, '000000000001-000000000002.seg');
        assert.equal(status.pending?.pull, 2);
      });
    }
  }

  test('a segment renamed to claim other seqs is rejected', async () => {
    const folder = newFolder();
    const [a, b] = [fakeSyncLog('device-a'), fakeSyncLog('device-b')];
    a.write('memory', 'm1', { content: 'first' });
    await device(folder, a).round();
    const [path] = segmentFiles(folder);
    writeFileSync(path!.replace('000000000001.seg', '000000000002.seg'), readFileSync(path!));
    rmSync(path!);
    const round = await device(folder, b).round();
    assert.match(round.errors[0]!.message, /header does not match/);
    assert.equal(b.applyCalls, 0);
  });

  test('a half-written temp file is ignored, and a segment not yet delivered makes later ones wait', async () => {
    const folder = newFolder();
    const [a, b] = [fakeSyncLog('device-a'), fakeSyncLog('device-b')];
    for (let i = 1; i <= 4; i++) a.write('memory', `m${i}`, { content: `memory ${i}` });
    await device(folder, a, 'pw', { segmentChanges: 2 }).round();
    const dir = join(folder, LAYOUT_DIR, 'devices', 'device-a');
    writeFileSync(join(dir, '000000000005-000000000006.seg.abc.tmp'), 'CAIRN-SYNC-SEGMENT 1\n{"dev');
    const first = join(dir, '000000000001-000000000002.seg');
    const held = readFileSync(first);
    rmSync(first); // the file-sync tool delivered the second segment first
    assert.equal((await device(folder, b, 'pw').round()).pulled, 0);
    writeFileSync(first, held);
    assert.equal((await device(folder, b, 'pw').round()).pulled, 4);
    assert.deepEqual(a.snapshot(), b.snapshot());
  });

  for (const point of ['after-push-segment', 'after-pull-segment'] as const) {
    test(`a round killed ${point.replace(/-/g, ' ')} resumes to the same end state`, async () => {
      const folder = newFolder();
      const [a, b] = [fakeSyncLog('device-a'), fakeSyncLog('device-b')];
      for (let i = 1; i <= 5; i++) a.write('memory', `m${i}`, { content: `memory ${i}` });
      b.write('memory', 'b1', { content: 'from b' });
      const crash = (at: CrashPoint) => {
        if (at === point) throw new Error('killed');
      };
      const crashing = point === 'after-push-segment' ? a : b;
      if (point === 'after-pull-segment') await device(folder, a, 'pw', { segmentChanges: 2 }).round();
      await assert.rejects(device(folder, crashing, 'pw', { segmentChanges: 2, crashPoint: crash }).round(), /killed/);
      for (const log of [a, b, a]) await device(folder, log, 'pw', { segmentChanges: 2 }).round();
      assert.deepEqual(a.snapshot(), b.snapshot());
      assert.equal(Object.keys(a.snapshot()).length, 6);
      assert.deepEqual(segmentFiles(folder).map(p => p.split('/').slice(-2).join('/')).sort(), [
        'device-a/000000000001-000000000002.seg', 'device-a/000000000003-000000000004.seg', 'device-a/000000000005-000000000005.seg', 'device-b/000000000001-000000000001.seg',
      ]);
    });
  }

  test('a device whose store is behind what the remote holds of it (a restored backup) refuses before anything moves', async () => {
    const folder = newFolder();
    const a = fakeSyncLog('device-a');
    a.write('memory', 'm1', { content: 'one' });
    a.write('memory', 'm2', { content: 'two' });
    await device(folder, a).round();
    const restored = fakeSyncLog('device-a');
    restored.write('memory', 'm3', { content: 'written after the restore' });
    await assert.rejects(device(folder, restored).round(), /holds changes 2\.\.2 of this device \(device-a\) that its store lacks/);
    assert.equal(segmentFiles(folder).length, 1);
  });

  test('large changes go in smaller segments, so each fits what a hub accepts; one change too large goes alone', async () => {
    const folder = newFolder();
    const [a, b] = [fakeSyncLog('device-a'), fakeSyncLog('device-b')];
    const bulky = (n: number) => Array.from({ length: 3000 }, (_, i) => ((i * 7919 + n * 104729) % 1e6).toString(36)).join(' '); // ~15 KB, compresses poorly
    for (let i = 1; i <= 8; i++) a.write('memory', `m${i}`, { content: bulky(i) });
    a.write('memory', 'huge', { content: bulky(9) + bulky(10) + bulky(11) });
    assert.equal((await device(folder, a, 'pw', { maxSegmentBytes: 20_000 }).round()).pushed, 9);
    const sizes = segmentFiles(folder).map(path => readFileSync(path).length);
    assert.ok(sizes.length >= 5, `${sizes.length} segments`);
    assert.equal(sizes.filter(size => size > 20_000).length, 1, 'only the one change larger than the bound exceeds it');
    assert.equal((await device(folder, b, 'pw').round()).pulled, 9);
    assert.deepEqual(b.snapshot(), a.snapshot());
  });

  test('three devices, any interleaving of writes and rounds, end identical', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('write' as const), device: fc.nat(2), key: fc.constantFrom('k1', 'k2', 'k3', 'k4'), value: fc.string({ maxLength: 8 }) }),
      fc.record({ kind: fc.constant('round' as const), device: fc.nat(2) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 25 }), async steps => {
        const folder = newFolder();
        const logs = ['device-a', 'device-b', 'device-c'].map(fakeSyncLog);
        const runners = logs.map(log => device(folder, log, null, { segmentChanges: 3 }));
        for (const s of steps) {
          if (s.kind === 'write') logs[s.device]!.write('memory', s.key, { content: s.value });
          else await runners[s.device]!.round();
        }
        for (let pass = 0; pass < 2; pass++) for (const runner of runners) await runner.round();
        assert.deepEqual(logs[1]!.snapshot(), logs[0]!.snapshot());
        assert.deepEqual(logs[2]!.snapshot(), logs[0]!.snapshot());
      }),
      { numRuns: 30 },
    );
  });
});
