import { z } from 'zod';
import { jsonDepth, MAX_JSON_DEPTH } from '../domain/jsonBounds.ts';

/** Query-string builders: query values arrive as text, so these coerce, then bound exactly as the interface says. */
export const intQuery = (min: number, max: number | null, fallback: number) => {
  const base = z.coerce.number().int().min(min);
  return (max === null ? base : base.max(max)).default(fallback);
};

export const numberQuery = (min: number, max: number, fallback: number) => z.coerce.number().min(min).max(max).default(fallback);

/** true/false, 1/0, yes/no, on/off: anything else is a 422. */
export const boolQuery = () => z.stringbool();

/**
 * The longest id the service accepts, in a body or a path (the reference bounds memory ids at 200). The router's
 * `maxParamLength` is the same number, so every id that can be stored can be addressed.
 */
export const MAX_ID_CHARS = 200;

/** An id given by the caller: a memory, thread, label, entity or relation id. */
export const idString = z.string().min(1).max(MAX_ID_CHARS);

export const idParam = idString;

export const memoryIdParams = z.object({ memory_id: idParam });

/**
 * A space, as every request names one (REST and MCP alike): its id, key, name or alias, resolved to the id before a
 * handler runs (http/spaceRefs.ts). Absent means the default space (domain/space.ts, spaceOrDefault).
 */
export const spaceId = z.string().min(1).max(200).describe('Space: id, key, name or alias (default: the default space)');

export const optionalSpaceQuery = z.object({ space_id: spaceId.optional() });

/** A date or date-time string that JavaScript can read. */
export const dateString = z.string().refine(value => !Number.isNaN(Date.parse(value)), { message: 'Expected an ISO 8601 date or date-time' });

/** A body real clients may leave out entirely (no body, or an empty one): absent means `{}`, defaults applied. */
export const optionalBody = <T extends z.ZodObject>(schema: T) => schema.nullish().transform(value => value ?? (schema.parse({}) as z.output<T>));

/** Free-form JSON fields serialise to at most this many bytes (UTF-8); their depth bound is domain/jsonBounds.ts. */
export const MAX_JSON_BYTES = 64 * 1024;

/** A free-form JSON object (`metadata`, relation `properties`), bounded in depth and size so it cannot break storage. */
export const jsonObject = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    ctx.addIssue({ code: 'custom', message: `JSON nests deeper than ${MAX_JSON_DEPTH} levels` });
    return;
  }
  const bytes = Buffer.byteLength(JSON.stringify(value));
  if (bytes > MAX_JSON_BYTES) ctx.addIssue({ code: 'custom', message: `JSON is ${bytes} bytes; at most ${MAX_JSON_BYTES} are accepted` });
});
