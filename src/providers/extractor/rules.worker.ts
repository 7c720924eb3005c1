// The offline rules in a worker thread: wink-nlp, compromise and chrono run on another core, never on the HTTP
// server's event loop. Protocol: {id, inputs: ExtractionInput[]} → {id, extractions: (Extraction | {error})[]}.
import { parentPort } from 'node:worker_threads';
import type { ExtractionInput } from '../ports.ts';
import { extractWithRules } from './rules.ts';

function extractOne(input: ExtractionInput) {
  try {
    return extractWithRules(input);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort!.on('message', ({ id, inputs }: { id: number; inputs: ExtractionInput[] }) => {
  parentPort!.postMessage({ id, extractions: inputs.map(extractOne) });
});
