/** Bounds for free-form JSON a caller may store (metadata, relation properties, profile fields beyond the known ones). */

/** Deepest nesting a stored free-form value may have: an object or array counts one level. */
export const MAX_JSON_DEPTH = 32;

/**
 * How deep `value` nests (a scalar is 0, `{}` is 1), counted without recursion and stopping as soon as `limit`
 * is passed, so a hostile value costs no more than `limit` levels to judge.
 */
export function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, level]);
  }
  return deepest;
}
