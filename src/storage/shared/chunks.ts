/** SQLite caps bound parameters per statement; long id lists are sent in parts of this size. */
const PART_SIZE = 500;

/** Runs `query` over `ids` in parts and concatenates the results. */
export async function chunked<T>(ids: string[], query: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < ids.length; i += PART_SIZE) results.push(...(await query(ids.slice(i, i + PART_SIZE))));
  return results;
}
