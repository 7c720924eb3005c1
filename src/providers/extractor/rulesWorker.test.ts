import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractWithRules } from './rules.ts';
import { createWorkerRulesExtractor } from './rulesWorker.ts';

const INPUTS = [
  { text: 'Caroline went to the LGBTQ support group in Boston yesterday with Melanie.', reference_time: '2023-05-08T13:56:00Z' },
  { text: 'Priya joined Stripe as a staff engineer in Dublin on March 3, 2024.', reference_time: '2024-03-10T09:00:00Z' },
  { text: 'Bob said the Raspberry Pi 5 costs $80 and ships from https://example.com next week.', reference_time: '2024-01-01T00:00:00Z' },
];

/** A worker script written for the test: it starts (says so with a message nobody waits for), then dies on its first batch. */
function dyingScript(): { url: URL; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-worker-'));
  const file = join(dir, 'worker.mjs');
  writeFileSync(file, `import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ id: -1 });\nparentPort.on('message', () => process.exit(3));\n`);
  return { url: pathToFileURL(file), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

describe('the rules extractor in a worker thread', () => {
  test('finds exactly what the inline rules find, for calls made together', async () => {
    const extractor = createWorkerRulesExtractor();
    try {
      const found = await Promise.all(INPUTS.map(input => extractor.extract(input)));
      assert.deepEqual(found, INPUTS.map(input => extractWithRules(input)));
      assert.ok(found[1].entities.some(e => e.name === 'Stripe'), JSON.stringify(found[1]));
    } finally {
      await extractor.close();
    }
  });

  test('on several threads the calls made together are split between them, with the same results', async () => {
    const extractor = createWorkerRulesExtractor({ threads: 3 });
    try {
      const many = Array.from({ length: 7 }, (_, i) => INPUTS[i % INPUTS.length]!);
      assert.equal(extractor.threads, 3);
      assert.deepEqual(await Promise.all(many.map(input => extractor.extract(input))), many.map(input => extractWithRules(input)));
    } finally {
      await extractor.close();
    }
  });

  test('a worker that cannot start leaves the rules inline, with the same results', async () => {
    const messages: string[] = [];
    const extractor = createWorkerRulesExtractor({ script: pathToFileURL(join(tmpdir(), 'no-such-cairn-worker.mjs')), log: m => messages.push(m) });
    try {
      assert.deepEqual(await Promise.all(INPUTS.map(input => extractor.extract(input))), INPUTS.map(input => extractWithRules(input)));
      assert.ok(messages.some(m => m.includes('inline')), messages.join('\n'));
    } finally {
      await extractor.close();
    }
  });

  test('a worker that dies with memories in hand loses none of them: they are extracted inline', async () => {
    const script = dyingScript();
    const messages: string[] = [];
    const extractor = createWorkerRulesExtractor({ script: script.url, log: m => messages.push(m) });
    try {
      for (let round = 0; round < 4; round++) {
        // Each start dies with the batch; after the last allowed start the rules stay inline.
        assert.deepEqual(await Promise.all(INPUTS.map(input => extractor.extract(input))), INPUTS.map(input => extractWithRules(input)));
      }
      assert.ok(messages.some(m => m.includes('exit code 3')), messages.join('\n'));
      assert.ok(messages.at(-1)!.includes('inline from now on'), messages.join('\n'));
    } finally {
      await extractor.close();
      script.remove();
    }
  });
});
