import type { FastifyInstance, FastifyRequest, preSerializationHookHandler, preValidationHookHandler } from 'fastify';

/** The zod internals read here: enough to find the object a body schema validates, through wrappers and pipes. */
interface ZodLike {
  _zod?: { def: { type: string; shape?: Record<string, unknown>; catchall?: unknown; innerType?: unknown; in?: unknown; out?: unknown } };
}

/**
 * The top-level field names a body schema reads, or null when it reads any (a loose object, a record) or its shape
 * cannot be told (a union, a custom schema).
 */
export function knownBodyFields(schema: unknown): Set<string> | null {
  const def = (schema as ZodLike | null)?._zod?.def;
  if (!def) return null;
  switch (def.type) {
    case 'object':
      return def.catchall === undefined ? new Set(Object.keys(def.shape ?? {})) : null;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return knownBodyFields(def.innerType);
    case 'pipe':
      return knownBodyFields(def.in) ?? knownBodyFields(def.out);
    default:
      return null;
  }
}

/** Edit distance, for "did you mean"; names are short. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The warning for one ignored field, naming the known field it most likely meant (a typo, or `space` for `space_id`). */
export function unknownFieldWarning(field: string, known: Set<string>): string {
  const name = field.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = candidate.startsWith(`${name}_`) ? 1 : distance(name, candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return `Unknown field '${field}' was ignored${best ? ` (did you mean '${best}'?)` : ''}`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value));

/** A route option that takes one hook or a list of them, as a list. */
const hooksOf = <T>(option: T | T[] | undefined): T[] => (option === undefined ? [] : Array.isArray(option) ? option : [option]);

/**
 * Unknown top-level body fields stay ignored (real clients add `space_id` and more everywhere), but a successful
 * answer that is a JSON object lists them in `warnings` (after the warnings it has of its own), and a debug log line
 * names them. Arrays and non-JSON answers are left as they are.
 * The hooks are added to each route whose body schema names its fields, with those fields worked out once, when the
 * route is added: a create is the hottest request, and a global hook would look its schema up on every request.
 */
export function installUnknownFieldWarnings(app: FastifyInstance) {
  const ignoredByRequest = new WeakMap<FastifyRequest, string[]>();

  const addWarnings: preSerializationHookHandler = (request, reply, payload, done) => {
    const warnings = ignoredByRequest.get(request);
    if (!warnings || reply.statusCode >= 300 || !isPlainObject(payload)) return done(null, payload);
    const own = payload.warnings;
    if (own !== undefined && own !== null && !Array.isArray(own)) return done(null, payload);
    done(null, { ...payload, warnings: [...(own ?? []), ...warnings] });
  };

  app.addHook('onRoute', route => {
    const schema = route.schema?.body;
    const known = schema && typeof schema === 'object' ? knownBodyFields(schema) : null;
    if (!known) return;
    const noteIgnored: preValidationHookHandler = (request, _reply, done) => {
      const body = request.body;
      if (isPlainObject(body)) {
        let unknown: string[] | undefined;
        for (const key in body) if (!known.has(key)) (unknown ??= []).push(key);
        if (unknown) {
          ignoredByRequest.set(request, unknown.map(field => unknownFieldWarning(field, known)));
          request.log.debug({ ignored_fields: unknown, route: route.url }, 'ignored unknown body fields');
        }
      }
      done();
    };
    route.preValidation = [...hooksOf(route.preValidation), noteIgnored];
    route.preSerialization = [...hooksOf(route.preSerialization), addWarnings];
  });
}
