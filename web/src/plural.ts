/** A count with its noun in the right number: `counted(1, 'memory', 'memories')` is "1 memory", 2 gives "2 memories". */
export const counted = (n: number | null | undefined, one: string, many = `${one}s`) => `${n ?? 0} ${n === 1 ? one : many}`;
