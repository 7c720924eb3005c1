// A read worker thread: its own read-only SQLite connection and the read services as they are (services/reads), so
// searches, gets and lists run on another core while the server's thread parses, writes and answers. Protocol in
// mainReadPool.ts. Query embeddings are asked of the server's embedder (one model in memory, not one per worker).
import { parentPort, workerData } from 'node:worker_threads';
import { errorToWire, runRead, type ReadDeps, type ReadRequest } from './services/reads/reads.ts';
import { openSqliteReader } from './storage/sqlite/reader.ts';
import { createUsearchIndex } from './providers/vectors/usearch.ts';
import { createRulesExtractor } from './providers/extractor/rules.ts';
import { sharedThesaurus } from './providers/thesaurus/wordnet.ts';
import type { ExtractionSetup } from './services/ports.ts';
import { type EmbedAnswer, type EmbedderShape, embedderThroughPort } from './workerEmbedder.ts';

export interface ReadWorkerData {
  databasePath: string;
  /** The server's embedder as search reads it (null: search is lexical); its `embed` is a call to the server. */
  embedder: EmbedderShape | null;
}

const port = parentPort!;
const data = workerData as ReadWorkerData;
const { embedder, answered } = embedderThroughPort(port, data.embedder);

const rules = createRulesExtractor();
const reader = openSqliteReader({ path: data.databasePath, ann: createUsearchIndex });
const deps: ReadDeps = {
  store: reader.store,
  // Search reads only the embedder of the indexer; the server's thread does the indexing.
  indexer: embedder && ({ embedder } as ReadDeps['indexer']),
  clock: { now: () => new Date().toISOString() },
  // Search names entities with the offline rules (graph/find.ts), whatever extracts in the background.
  extraction: { rules } as ExtractionSetup,
  thesaurus: sharedThesaurus(),
};

type Message = { id: number; request: ReadRequest } | EmbedAnswer;

port.on('message', async (message: Message) => {
  if ('embedded' in message) return answered(message);
  try {
    // One read at a time, each on one snapshot of the database.
    const { request } = message;
    port.postMessage({ id: message.id, value: await reader.serve(() => runRead(deps, request)) });
  } catch (error) {
    port.postMessage({ id: message.id, error: errorToWire(error) });
  }
});
port.postMessage({ ready: true });
