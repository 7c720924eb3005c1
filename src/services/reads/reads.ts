import { AppError, InputError } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { getMemory, listMemories, type ListMemoriesInput } from '../readModel/memories.ts';
import { searchMemories, type SearchInput } from '../search/search.ts';

/**
 * The pure reads a read pool may serve on another thread (or, on PostgreSQL, any pooled connection): each names a
 * service function and its validated input. What they answer is plain data, so it crosses a thread unchanged.
 */
export type ReadRequest =
  | { kind: 'search'; input: SearchInput }
  /** A search's results as JSON text, serialised where the search runs (see `runRead`). */
  | { kind: 'searchResultsJson'; input: SearchInput }
  | { kind: 'get'; id: string; query: { space_id?: string } }
  | { kind: 'list'; input: ListMemoriesInput };

/** What the read services use: the worker threads build exactly this from a read-only connection. */
export type ReadDeps = Pick<Deps, 'store' | 'indexer' | 'clock' | 'extraction' | 'thesaurus'>;

type Answers = {
  search: Awaited<ReturnType<typeof searchMemories>>;
  searchResultsJson: string;
  get: Awaited<ReturnType<typeof getMemory>>;
  list: Awaited<ReturnType<typeof listMemories>>;
};
export type ReadAnswer<R extends ReadRequest> = Answers[R['kind']];

/** Runs a read on this thread: the services as they are. */
export function runRead<R extends ReadRequest>(deps: ReadDeps, request: R): Promise<ReadAnswer<R>>;
export async function runRead(deps: ReadDeps, request: ReadRequest): Promise<unknown> {
  switch (request.kind) {
    case 'search':
      return searchMemories(deps, request.input);
    case 'searchResultsJson':
      // On a read worker the answer is serialised there, once: a string crosses to the event loop as one copy, where
      // the objects would be rebuilt there (and serialised again, and collected) for every search.
      return JSON.stringify((await searchMemories(deps, request.input)).results);
    case 'get':
      return getMemory(deps, request.id, request.query);
    case 'list':
      return listMemories(deps, request.input);
  }
}

/** Runs a read on the pool when there is one, in process otherwise: the same service code answers either way. */
export function read<R extends ReadRequest>(deps: ReadDeps & Pick<Deps, 'readPool'>, request: R): Promise<ReadAnswer<R>> {
  return deps.readPool && deps.readPool.size > 0 ? (deps.readPool.run(request) as Promise<ReadAnswer<R>>) : runRead(deps, request);
}

/** A service error as it crosses a thread: `errorFromWire` gives the same error back on the other side. */
export type WireError =
  | { type: 'app'; status: number; code: string; message: string; extra: Record<string, unknown> }
  | { type: 'input'; loc: (string | number)[]; message: string; inputType: string }
  | { type: 'other'; message: string };

export function errorToWire(error: unknown): WireError {
  if (error instanceof AppError) return { type: 'app', status: error.status, code: error.code, message: error.message, extra: error.extra };
  if (error instanceof InputError) return { type: 'input', loc: error.loc, message: error.message, inputType: error.type };
  return { type: 'other', message: error instanceof Error ? error.message : String(error) };
}

export function errorFromWire(wire: WireError): Error {
  if (wire.type === 'app') return new AppError(wire.status, wire.code, wire.message, wire.extra);
  if (wire.type === 'input') return new InputError(wire.loc, wire.message, wire.inputType);
  return new Error(wire.message);
}
