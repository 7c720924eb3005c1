import type { WorkingMemoryRecord } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { InputError } from '../../errors.ts';
import { editWorkingMemory } from '../../domain/workingMemory.ts';
import { spaceOrDefault } from '../../domain/space.ts';

const today = (deps: Pick<Deps, 'clock'>) => deps.clock.now().slice(0, 10);

function present(record: WorkingMemoryRecord | undefined, spaceId: string, date: string, isToday: boolean) {
  return {
    exists: record !== undefined,
    content: record?.content ?? '',
    date: record?.date ?? date,
    space_id: spaceId,
    is_today: isToday,
    updated_at: record?.updated_at ?? null,
    chars: record?.content.length ?? 0,
  };
}

/**
 * The space's working memory: by default the current one (today's, else the most recent day's, which stays current
 * until replaced); with `date` (YYYY-MM-DD) that day's entry. Missing → `exists: false` and empty content.
 */
export async function getWorkingMemory(deps: Pick<Deps, 'store' | 'clock'>, input: { date?: string; space_id?: string | null }) {
  const spaceId = spaceOrDefault(input.space_id);
  const day = today(deps);
  const record = input.date ? await deps.store.workingMemory.get(spaceId, input.date) : await deps.store.workingMemory.latest(spaceId, day);
  return present(record, spaceId, input.date ?? day, (record?.date ?? input.date ?? day) === day);
}

/** Replaces today's working memory of the space (earlier days stay in the history). */
export async function updateWorkingMemory(deps: Pick<Deps, 'store' | 'clock'>, input: { content: string; space_id?: string | null }) {
  const spaceId = spaceOrDefault(input.space_id);
  const at = deps.clock.now();
  const record = { space_id: spaceId, date: today(deps), content: input.content, created_at: at, updated_at: at };
  await deps.store.workingMemory.upsert(record);
  return { success: true, message: 'Working memory saved', ...present(record, spaceId, record.date, true) };
}

/** The most characters a working memory may hold. */
export const MAX_WORKING_MEMORY_CHARS = 10_000;

/**
 * Edits the space's current working memory in one transaction (read, change, write), so two agents appending at once
 * both land: `heading` picks a section, `content` replaces it (or the whole document), `append` adds to it. The result
 * is today's working memory; over MAX_WORKING_MEMORY_CHARS → 422 and nothing changes.
 */
export async function patchWorkingMemory(
  deps: Pick<Deps, 'store' | 'clock'>,
  input: { heading?: string; append?: string; content?: string; space_id?: string | null },
) {
  if ((input.append === undefined) === (input.content === undefined)) throw new InputError(['body'], 'Give one of append or content');
  const spaceId = spaceOrDefault(input.space_id);
  const at = deps.clock.now();
  const record = await deps.store.transaction(async tx => {
    await tx.locks.hold([`working_memory:${spaceId}`]); // another process's edit lands first, then this one on top of it
    const current = await tx.workingMemory.latest(spaceId, today(deps));
    const content = editWorkingMemory(current?.content ?? '', input);
    if (content.length > MAX_WORKING_MEMORY_CHARS) {
      throw new InputError(['body', input.append !== undefined ? 'append' : 'content'], `The working memory would be ${content.length} characters; at most ${MAX_WORKING_MEMORY_CHARS}`);
    }
    const next = { space_id: spaceId, date: today(deps), content, created_at: current?.date === today(deps) ? current.created_at : at, updated_at: at };
    await tx.workingMemory.upsert(next);
    return next;
  });
  return { success: true, message: 'Working memory saved', ...present(record, spaceId, record.date, true) };
}

/** Days with a working memory in the space, newest first. */
export async function workingMemoryHistory(deps: Pick<Deps, 'store'>, input: { limit: number; space_id?: string | null }) {
  const spaceId = spaceOrDefault(input.space_id);
  const { items, total } = await deps.store.workingMemory.history(spaceId, input.limit);
  return { space_id: spaceId, dates: items.map(i => i.date), entries: items, total };
}
