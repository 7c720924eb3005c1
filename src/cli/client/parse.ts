/** Option parsers: a bad value is a usage error (exit code 2) naming the option, never a silent default. */
import { InvalidArgumentError } from 'commander';

export function integer(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError(`expected a whole number, got "${value}"`);
    const n = Number(value);
    if (n < min || n > max) throw new InvalidArgumentError(`expected ${min}..${max}, got ${n}`);
    return n;
  };
}

export function fraction(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError(`expected a number from 0 to 1, got "${value}"`);
  return n;
}

/** Repeatable options (`-l a -l b`) and comma lists (`-l a,b`). */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map(v => v.trim()).filter(Boolean)];
}

export function choice<T extends string>(values: readonly T[]) {
  return (value: string): T => {
    if (!(values as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${values.join(', ')}, got "${value}"`);
    return value as T;
  };
}

/** A date (YYYY-MM-DD or a full ISO timestamp), or a relative word: today, yesterday, week, month, year. */
export function date(value: string): string {
  const now = Date.now();
  const relative: Record<string, number> = { today: 0, yesterday: 1, week: 7, month: 30, year: 365 };
  if (value in relative) return new Date(now - relative[value]! * 86_400_000).toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InvalidArgumentError(`expected a date like 2025-01-31 (or today, week, month, year), got "${value}"`);
  }
  return value;
}
