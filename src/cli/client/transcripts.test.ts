/** `nmem t create -f` with the transcripts people and nowledge-mem-bench write, and errors under --json, against a real server process. */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { makeTempDir, removeDir, type ServerProcess, startServer } from '../../../bench/lib.ts';
import { runBin } from '../../../test/cli.ts';

let server: ServerProcess;
let dir: string;

before(async () => {
  dir = makeTempDir('cairn-cli-transcripts-');
  server = await startServer({ entry: 'launcher', dataDir: join(dir, 'data') });
});
after(async () => {
  await server?.stop();
  removeDir(dir);
});

const nmem = (args: string[]) => runBin('nmem', args, { env: { NMEM_API_URL: server.url } });

test("t create -f takes nowledge-mem-bench's session markdown: named speakers, dated messages", async () => {
  const file = join(dir, 'conv-26_session_1.md');
  // What the harness's UnifiedSession.to_markdown() writes.
  writeFileSync(file, '**Date**: 1:56 pm on 8 May, 2023\n\n\n**Caroline**: I went to a LGBTQ support group yesterday.\n\n**Melanie**: I love painting sunsets.');
  const created = await nmem(['--json', 't', 'create', '-t', 'LoCoMo conv-26 Session 1 (1:56 pm on 8 May, 2023)', '-s', 'nmem-bench', '-f', file]);
  assert.equal(created.code, 0, created.stderr);
  const { id, messages } = created.json<{ id: string; messages: number }>();
  assert.equal(messages, 2);
  const shown = await (await fetch(`${server.url}/threads/${encodeURIComponent(id)}`)).json() as { messages: { role: string; content: string; timestamp: string; metadata: { speaker?: string } }[] };
  assert.deepEqual(shown.messages.map(m => [m.role, m.metadata.speaker, m.timestamp]), [
    ['user', 'Caroline', '2023-05-08T13:56:00.000Z'],
    ['assistant', 'Melanie', '2023-05-08T13:56:00.000Z'],
  ]);
});

test('under --json an error is JSON on stderr and stdout stays empty', async () => {
  const file = join(dir, 'notes.md');
  writeFileSync(file, 'Just some notes, nobody speaking.');
  const failed = await nmem(['--json', 't', 'create', '-t', 'notes', '-f', file]);
  assert.equal(failed.code, 1);
  assert.equal(failed.stdout, '');
  const error = failed.errorJson<{ error: string; status_code: number }>();
  assert.equal(error.error, 'api_error');
  assert.equal(error.status_code, 422);
});
