import type { FastifyInstance } from 'fastify';
import { InputError } from '../errors.ts';

const MESSAGE = 'Text may not contain NUL (\\u0000) characters';

/** Where in a parsed JSON value a string holds NUL, as a validation location; null when none does. */
function nulLocation(value: unknown, at: (string | number)[] = ['body']): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulLocation(value[i], [...at, i]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...at, key];
      const found = nulLocation(item, [...at, key]);
      if (found) return found;
    }
  }
  return null;
}

/** The JSON body's NUL, if any, as the error the body parser answers with (a 422): checked only when the text escapes one. */
export function nulInBody(text: string, parsed: unknown): InputError | null {
  if (!/\\u0000/i.test(text)) return null;
  const loc = nulLocation(parsed);
  return loc ? new InputError(loc, MESSAGE) : null;
}

/**
 * NUL never means anything in a memory, and PostgreSQL cannot store it in text: a path or query holding one is a 422
 * on every backend (bodies are checked by the JSON parser), so both answer alike.
 */
export function installNulGuard(app: FastifyInstance) {
  app.addHook('onRequest', async request => {
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    if (/%00/.test(path)) throw new InputError(['path'], MESSAGE);
    if (query !== -1 && /%00/.test(request.url.slice(query))) throw new InputError(['query'], MESSAGE);
  });
}
