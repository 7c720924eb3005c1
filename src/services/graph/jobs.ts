import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Embedder, Extraction, ExtractionLevel, Extractor } from '../../providers/ports.ts';
import { suggestLabels } from '../labels/suggest.ts';
import { createDrainLoop } from '../drainLoop.ts';
import { createWriteWatch, waitForLoopRoom, waitForQuietWrites } from './loopRoom.ts';
import type { MemoryRecord, QueuedExtraction, Repos, Store } from '../../storage/ports.ts';
import type { Clock, ExtractionJobs, Ids, LlmHealth } from '../ports.ts';
import { planGraphs, writePlannedGraphs } from './write.ts';
import { evolvesStage } from './jobsEvolves.ts';
import { memoryLock } from '../locks.ts';

/** Memories claimed at once: small, so a search waits at most one batch (a few ms of rules) for the event loop. */
const RULES_BATCH = 16;
const MODEL_BATCH = 4;
/** How long a claim holds: a worker that died lets its rows be claimed again after this. */
const RULES_LEASE_MS = 30_000;
const MODEL_LEASE_MS = 10 * 60_000;
/**
 * A queue shared with other processes (PostgreSQL) is looked at this often even when this process wrote nothing: rows
 * another process queued and left (it died, or its processing failed) are claimed once their lease runs out.
 */
const SHARED_QUEUE_POLL_MS = 2_000;
/** A memory whose processing failed this often is left out (counted as failed). */
export const MAX_ATTEMPTS = 3;
/** A kick waits this long before claiming, so memories written together are processed together. */
const KICK_DELAY_MS = 5;
/**
 * With the extraction on the event loop, a batch waits at most this long for the loop to have room (loopRoom.ts):
 * during a burst of requests the queue gives way, and under a load that never lets up it still takes a batch this often.
 */
export const GIVE_WAY_MAX_MS = 10_000;

export interface ExtractionJobDeps {
  store: Store;
  /** The configured extractor (rules or a language model); null: no entities, only EVOLVES detection. */
  extractor: Extractor | null;
  /** The offline rules: used for a memory when the model fails or failed a moment ago. */
  fallback: Extractor;
  health: LlmHealth;
  clock: Clock;
  ids: Ids;
  level?: ExtractionLevel;
  log?: (message: string) => void;
  /** Called after memories' graphs were written (communities are recomputed from it). */
  onGraphChanged?: () => void;
  /** Compares memories queued with `auto_label` to the existing labels' members (CAIRN_AUTO_LABEL). */
  embedder?: Embedder;
  /**
   * This process is the queue's only worker (SQLite: the data directory is locked to one process), so claims found on
   * start were left by a process that died: they are released at once instead of after their lease.
   */
  exclusive?: boolean;
  /** How long a batch waits for the event loop to have room at most (GIVE_WAY_MAX_MS); 0: it never waits. */
  giveWayMaxMs?: number;
  /** This worker's name in claims (default a new id): a background thread's, known to the server (mainBackgroundPool.ts). */
  worker?: string;
  /** Told how many memories each claim took (a background thread reports its share of `claimed_here`). */
  onClaimed?: (count: number) => void;
  /** How many memories a claim of the rules takes at most (default RULES_BATCH); a background thread takes more. */
  rulesBatch?: number;
}

interface Claimed {
  item: QueuedExtraction;
  memory: MemoryRecord;
}

interface Extracted {
  claimed: Claimed;
  extraction: Extraction | null;
  labels: string[];
}

/** A claimed batch whose extraction has started. */
interface Started {
  batch: Claimed[];
  extracted: Promise<Extracted[]>;
}

/**
 * Works through the queue: a batch is claimed, extracted (outside any transaction), its graphs written in one
 * transaction, then EVOLVES edges found and written with the rows' removal in another. Every write is conditional on
 * the claim still being this worker's and the row still being for that content version, so a memory is processed
 * exactly once even across a crash (its lease runs out and it is claimed again) or a concurrent re-write (re-queued).
 */
export function createExtractionJobs(deps: ExtractionJobDeps): ExtractionJobs {
  const { store, extractor, fallback, health, clock, ids, level, log = () => {}, onGraphChanged = () => {} } = deps;
  let released = !deps.exclusive;
  let interrupted = false;
  const worker = deps.worker ?? ids.next();
  const usesModel = extractor !== null && !extractor.inline;
  const offThread = extractor?.offThread === true;
  // Rules on several threads take a batch each, in one claim: the graph writes stay one transaction per claim.
  const batchSize = usesModel ? MODEL_BATCH : (deps.rulesBatch ?? RULES_BATCH) * (extractor?.threads ?? 1);
  const leaseMs = usesModel ? MODEL_LEASE_MS : RULES_LEASE_MS;
  // The rules in worker threads leave the event loop free; on it, they would take it from requests during a burst.
  const giveWayMs = offThread ? 0 : (deps.giveWayMaxMs ?? GIVE_WAY_MAX_MS);
  let timer: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;
  // The first batch on the event loop loads the extraction's language models (compromise, wink-nlp, chrono-node, the
  // gazetteer: about a second of CPU). It waits for the writes to be quiet (at most giveWayMs): a fresh process
  // acknowledging a burst of creates no longer pays that second meanwhile. The look at the loop alone did not hold it
  // back: at a burst's start the loop often idles between two requests (docs/benchmarks.md, "Issue 27: the create
  // path (round 4)"). Writes are counted as they arrive (a group commit answers them in clumps), and a kick (a commit) starts the pause again.
  const writes = createWriteWatch();
  let modelsLoaded = false;
  /** Callers of settle() waiting now. */
  let settling = 0;

  // The content only: a stored title may be one derived from an older content.
  async function extract(memory: MemoryRecord, queuedLevel: string): Promise<Extraction | null> {
    if (!extractor) return null;
    const input = { text: memory.content, reference_time: memory.created_at, level: (queuedLevel || level) as ExtractionLevel };
    if (extractor.inline) return extractor.extract(input);
    if (health.usable()) {
      try {
        const extraction = await extractor.extract(input);
        health.markSuccess();
        return extraction;
      } catch (error) {
        health.markFailure(error);
        log(`language model extraction failed, falling back to rules: ${health.lastError}`);
      }
    }
    return fallback.extract(input);
  }

  /** Ids of the existing labels the memory resembles; a failing embedder costs the suggestion only. */
  async function suggest(memory: MemoryRecord): Promise<string[]> {
    if (!deps.embedder) return [];
    try {
      return (await suggestLabels({ store, embedder: deps.embedder }, memory.content)).map(l => l.id);
    } catch (error) {
      log(`labels not suggested for memory ${memory.id}: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    }
  }

  /** Assigns the suggested labels that still exist, unless the memory has labels now. */
  async function assignSuggested(tx: Repos, memory: MemoryRecord, labelIds: string[]) {
    if ((await tx.memoryLabels.labelsOf([memory.id])).get(memory.id)?.length) return;
    for (const id of labelIds) if (await tx.labels.getById(id)) await tx.memoryLabels.assign(memory.id, id, clock.now());
  }

  async function failed(item: QueuedExtraction, stage: string, error: unknown) {
    // Counted, so a memory that always fails is given up after a few attempts instead of blocking the queue.
    const message = error instanceof Error ? error.message : String(error);
    log(`background ${stage} of memory ${item.memory_id} failed: ${message}`);
    await store.extractionQueue.fail(item.memory_id, message);
  }

  /** Extracts the entities (and suggests the labels) of the batch's memories that have no graph yet. */
  async function extractStage(batch: Claimed[]): Promise<Extracted[]> {
    const extracted: Extracted[] = [];
    const prepare = async (claimed: Claimed) => {
      const labels = claimed.item.auto_label ? await suggest(claimed.memory) : [];
      return { claimed, extraction: await extract(claimed.memory, claimed.item.level), labels };
    };
    const todo = batch.filter(c => !c.item.graph_done);
    if (offThread) {
      // The rules run in a worker thread: the whole batch is handed over at once, the event loop stays free meanwhile.
      const results = await Promise.allSettled(todo.map(prepare));
      for (const [i, result] of results.entries()) {
        if (result.status === 'fulfilled') extracted.push(result.value);
        else await failed(todo[i].item, 'extraction', result.reason);
      }
    } else {
      for (const claimed of todo) {
        try {
          extracted.push(await prepare(claimed));
        } catch (error) {
          await failed(claimed.item, 'extraction', error);
        }
        await nextTurn(); // extraction is CPU work: requests that arrived meanwhile go first
      }
    }
    return extracted;
  }

  /** Writes the extracted graphs in one transaction; the memories whose graph is now written. */
  async function graphStage(batch: Claimed[], extracted: Extracted[]): Promise<Claimed[]> {
    if (extracted.length === 0) return batch.filter(c => c.item.graph_done);
    const written = new Set<string>();
    // What needs nothing stored is worked out before the transaction, not while holding the write lock.
    const planned = new Map(
      planGraphs(extracted.flatMap(({ claimed: { memory }, extraction }) => (extraction ? [{ memory, extraction }] : []))).map(p => [p.memoryId, p]),
    );
    const write = async (tx: Repos, list: Extracted[]) => {
      // Read again before the requests are completed below: a person who wrote a memory's labels meanwhile (or took
      // them all off) dropped its `auto_label`, and the suggestion made before then is not assigned.
      const labels = new Map<string, string[]>();
      for (const { claimed, labels: suggested } of list) {
        if (suggested.length && (await tx.extractionQueue.get(claimed.item.memory_id))?.auto_label) labels.set(claimed.item.memory_id, suggested);
      }
      // Each request marked (a created memory's EVOLVES detection follows) or completed, one statement for the batch;
      // those no longer this worker's claim for that version (re-queued meanwhile) are left alone.
      const requests = (evolves: boolean) => list.filter(e => e.claimed.item.evolves === evolves).map(e => e.claimed.item);
      const mine = new Set([...(await tx.extractionQueue.markGraphDone(requests(true), worker)), ...(await tx.extractionQueue.completeClaimed(requests(false), worker))]);
      const versions = await tx.memories.versions([...mine]);
      const current = list.filter(({ claimed: { item } }) => {
        if (!mine.has(item.memory_id)) return false;
        if (versions.get(item.memory_id) === item.content_version) return true;
        // Re-written meanwhile by a path that writes its graph itself (a content PATCH): this extraction is stale, but
        // a created memory still wants its EVOLVES detection (else its row would wait, claimed, for its lease to run out).
        if (item.evolves) written.add(item.memory_id);
        return false;
      });
      // Replaces only the automatic part of each graph: what an explicit apply wrote, before or meanwhile, stays. The
      // batch's graphs are written together: a few statements for all, instead of a few for each, holding the lock.
      const graphs = current.flatMap(({ claimed }) => planned.get(claimed.item.memory_id) ?? []);
      if (graphs.length) await writePlannedGraphs(tx, { ids, clock }, graphs, { replace: true });
      for (const { claimed } of current) {
        const assigned = labels.get(claimed.item.memory_id);
        if (assigned) await assignSuggested(tx, claimed.memory, assigned);
        written.add(claimed.item.memory_id);
      }
    };
    // The memories' locks first, all at once (ordered: no cycle with another batch): a person's edit of one of them
    // (PostgreSQL) lands wholly before or after this write, which then sees it.
    const lockAll = (tx: Repos, list: Extracted[]) => tx.locks.hold(list.map(e => memoryLock(e.claimed.item.memory_id)));
    try {
      await store.transaction(async tx => {
        await lockAll(tx, extracted);
        await write(tx, extracted);
      });
    } catch {
      // One memory's graph failed to write: each alone, so only that one is counted as failed.
      written.clear();
      for (const one of extracted) {
        await store.transaction(async tx => {
          await lockAll(tx, [one]);
          await write(tx, [one]);
        }).catch(error => failed(one.claimed.item, 'graph write', error));
      }
    }
    if (extracted.some(e => e.extraction && written.has(e.claimed.item.memory_id))) onGraphChanged();
    return batch.filter(c => c.item.graph_done || written.has(c.item.memory_id));
  }

  /** Claims a batch and starts its extraction; null when nothing is left to claim. */
  let claimedHere = 0;
  async function startBatch(): Promise<Started | null> {
    const now = Date.parse(clock.now());
    const items = await store.extractionQueue.claim({
      worker,
      limit: batchSize,
      max_attempts: MAX_ATTEMPTS,
      now: new Date(now).toISOString(),
      lease_until: new Date(now + leaseMs).toISOString(),
    });
    if (items.length === 0) return null;
    claimedHere += items.length;
    deps.onClaimed?.(items.length);
    const memories = new Map((await store.memories.getMany(items.map(i => i.memory_id))).map(m => [m.id, m]));
    const batch: Claimed[] = [];
    for (const item of items) {
      const memory = memories.get(item.memory_id);
      if (!memory) await store.extractionQueue.complete(item.memory_id, item.content_version, worker);
      else if (memory.version === item.content_version) batch.push({ item, memory });
      // Changed since without a new request (a content PATCH wrote its graph with the change): a created memory still
      // wants its EVOLVES detection, on its content now, as when the change lands during the extraction (graphStage).
      else if (item.evolves) batch.push({ item: { ...item, graph_done: true }, memory });
      else await store.extractionQueue.complete(item.memory_id, item.content_version, worker);
    }
    const extracted = extractStage(batch);
    extracted.catch(() => {}); // awaited later (finishBatch): a failure meanwhile is not an unhandled rejection
    return { batch, extracted };
  }

  async function finishBatch({ batch, extracted }: Started): Promise<void> {
    await evolvesStage({ store, clock, ids, worker, failed }, await graphStage(batch, await extracted));
  }

  /**
   * Waits for the event loop to have room and, before the first batch, for the writes to be quiet too: looked at again
   * after the look at the loop, since a burst may have started meanwhile (at most giveWayMs in all).
   */
  async function giveWay(): Promise<void> {
    const options = { maxWaitMs: giveWayMs, stopped: () => loop.stopped || settling > 0 };
    const started = performance.now();
    do {
      if (!modelsLoaded) await waitForQuietWrites(writes, options);
      await waitForLoopRoom(options);
    } while (!modelsLoaded && writes.quietInMs() > 0 && !options.stopped() && performance.now() - started < giveWayMs);
  }

  async function processQueue(): Promise<void> {
    if (!released) {
      const claims = await store.extractionQueue.releaseClaims();
      if (claims > 0) log(`background queue: ${claims} memories claimed by a process that stopped are queued again`);
      released = true;
    }
    if (interrupted) {
      // The last run failed with a batch claimed (the database went away): nothing of this worker's runs now, so
      // those claims are stale; taken back at once rather than after their lease.
      await store.extractionQueue.releaseClaims(worker);
      interrupted = false;
    }
    let ahead: Promise<Started | null> | null = null;
    try {
      while (!loop.stopped) {
        if (giveWayMs > 0) await giveWay();
        if (loop.stopped) return;
        const started = await (ahead ?? startBatch());
        ahead = null;
        if (!started) return;
        modelsLoaded = true;
        // With the rules in a worker thread, the next batch is claimed and extracted there while this one's graphs
        // are written here: the two cores work at once.
        if (offThread) {
          ahead = startBatch();
          ahead.catch(() => {}); // awaited on the next turn of the loop, which reports the failure
        }
        await finishBatch(started);
        await nextTurn(); // requests run between batches
      }
    } finally {
      // Stopped (or failed) with the next batch claimed: it is finished rather than left to its lease.
      const left = await ahead?.catch(() => null);
      if (left) await finishBatch(left);
    }
  }

  const loop = createDrainLoop(async () => {
    try {
      await processQueue();
    } catch (error) {
      log(`background processing stopped on an error: ${error instanceof Error ? error.message : String(error)}`);
      interrupted = true;
      return false;
    }
  });

  const jobs: ExtractionJobs = {
    kick() {
      writes.touched();
      if (!deps.exclusive && !poll && !loop.stopped) {
        poll = setInterval(() => jobs.kick(), SHARED_QUEUE_POLL_MS);
        poll.unref();
      }
      if (timer || loop.stopped) return;
      timer = setTimeout(() => {
        timer = null;
        loop.kick();
      }, KICK_DELAY_MS);
      timer.unref();
    },
    writeArriving() {
      writes.arrived();
    },
    // Whoever settles the queue waits for it (a test, a benchmark, the shutdown): it gives way to nothing meanwhile.
    async settle() {
      if (timer) clearTimeout(timer);
      timer = null;
      settling++;
      try {
        await loop.settle();
      } finally {
        settling--;
      }
    },
    stop() {
      if (timer) clearTimeout(timer);
      if (poll) clearInterval(poll);
      timer = poll = null;
      loop.stop();
    },
    pending: () => store.extractionQueue.count(MAX_ATTEMPTS),
    async status() {
      const { pending, failed, oldest_queued_at } = await store.extractionQueue.stats(MAX_ATTEMPTS);
      const lag = oldest_queued_at === null ? null : Math.max(0, Date.parse(clock.now()) - Date.parse(oldest_queued_at));
      return { pending, lag_ms: lag, failed, claimed_here: claimedHere };
    },
  };
  return jobs;
}
