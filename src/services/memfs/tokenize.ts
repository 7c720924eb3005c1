import { InputError } from '../../errors.ts';

const LOC = ['body', 'command'];

/**
 * Splits a shell-shaped command into words: whitespace separates them, "double" and 'single' quotes group them
 * (quotes may sit inside a word: `--label="my label"`), a backslash outside single quotes takes the next character
 * literally. An unterminated quote is an input error. Nothing is expanded: no globs, variables or pipes.
 */
export function tokenize(command: string): string[] {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && (command[i + 1] === '"' || command[i + 1] === '\\')) current += command[++i];
      else current += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < command.length) {
      current += command[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
    } else {
      current += c;
      inWord = true;
    }
  }
  if (quote) throw new InputError(LOC, `Unterminated ${quote === '"' ? 'double' : 'single'} quote in the command: close it`);
  if (inWord) words.push(current);
  return words;
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/** The flags a command accepts: the name a user may type → [canonical name, takes a value]. */
export type FlagSpec = Record<string, [string, boolean]>;

/**
 * Separates flags from positional words. `--name value`, `--name=value` and `-k 5` take values; boolean flags stand
 * alone; `--` ends the flags (so a grep pattern may start with a dash). An unknown flag is an input error naming the
 * flags the command accepts.
 */
export function parseArgs(verb: string, words: string[], spec: FlagSpec): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') {
      positional.push(...words.slice(i + 1));
      break;
    }
    if (!word.startsWith('-') || word === '-' || /^-\d/.test(word)) {
      positional.push(word);
      continue;
    }
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const name = eq > 0 ? word.slice(0, eq) : word;
    const known = spec[name];
    if (!known) {
      const accepted = Object.keys(spec);
      throw new InputError(LOC, `${verb} does not know the option ${name}${accepted.length ? `; it accepts ${accepted.join(', ')}` : ''}`);
    }
    const [canonical, takesValue] = known;
    if (!takesValue) {
      flags.set(canonical, true);
      continue;
    }
    const value = eq > 0 ? word.slice(eq + 1) : words[++i];
    if (value === undefined) throw new InputError(LOC, `${verb}: the option ${name} needs a value`);
    flags.set(canonical, value);
  }
  return { positional, flags };
}
