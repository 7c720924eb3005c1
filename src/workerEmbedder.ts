// The server's embedder as a worker thread uses it (read workers, background workers): what a worker needs to know of
// it travels in workerData, and each `embed` is a message to the server, answered with the vectors (one model in
// memory, not one per thread). Messages: worker → server {embed, texts}; server → worker {embedded, vectors | error}.
import type { MessagePort, Worker } from 'node:worker_threads';
import type { Embedder } from './providers/ports.ts';

export type EmbedderShape = Pick<Embedder, 'provider' | 'model' | 'dimensions' | 'unrelatedCosine'>;
export type EmbedRequest = { embed: number; texts: string[] };
export type EmbedAnswer = { embedded: number; vectors?: Float32Array[]; error?: string };

/** What workerData carries of the server's embedder (null: none). */
export function embedderShape(embedder: Embedder | null): EmbedderShape | null {
  return embedder && { provider: embedder.provider, model: embedder.model, dimensions: embedder.dimensions, unrelatedCosine: embedder.unrelatedCosine };
}

/** Server side: answers a worker's embed request with `embedder`. */
export function answerEmbed(worker: Worker, embedder: Embedder | null, { embed, texts }: EmbedRequest): void {
  if (!embedder) return worker.postMessage({ embedded: embed, error: 'no embedding model is configured' });
  embedder.embed(texts).then(
    vectors => worker.postMessage({ embedded: embed, vectors }),
    error => worker.postMessage({ embedded: embed, error: error instanceof Error ? error.message : String(error) }),
  );
}

/** Worker side: an Embedder whose `embed` asks the server; pass every {embedded} message to `answered`. */
export function embedderThroughPort(port: MessagePort, shape: EmbedderShape | null): { embedder: Embedder | null; answered(message: EmbedAnswer): void } {
  const pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();
  let next = 0;
  const embedder: Embedder | null = shape && {
    ...shape,
    embed: texts =>
      new Promise((resolve, reject) => {
        const embed = next++;
        pending.set(embed, { resolve, reject });
        port.postMessage({ embed, texts } satisfies EmbedRequest);
      }),
  };
  return {
    embedder,
    answered(message) {
      const waiting = pending.get(message.embedded);
      pending.delete(message.embedded);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.vectors!);
    },
  };
}
