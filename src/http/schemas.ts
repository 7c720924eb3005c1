import { z } from 'zod';

/** Query-string builders: query values arrive as text, so these coerce, then bound exactly as the interface says. */
export const intQuery = (min: number, max: number | null, fallback: number) => {
  const base = z.coerce.number().int().min(min);
  return (max === null ? base : base.max(max)).default(fallback);
};

export const numberQuery = (min: number, max: number, fallback: number) => z.coerce.number().min(min).max(max).default(fallback);

/** true/false, 1/0, yes/no, on/off: anything else is a 422. */
export const boolQuery = () => z.stringbool();

export const idParam = z.string().min(1);

export const memoryIdParams = z.object({ memory_id: idParam });

export const optionalSpaceQuery = z.object({ space_id: z.string().min(1).optional() });

/** A date or date-time string that JavaScript can read. */
export const dateString = z.string().refine(value => !Number.isNaN(Date.parse(value)), { message: 'Expected an ISO 8601 date or date-time' });

/** A body real clients may leave out entirely (no body, or an empty one): absent means `{}`. */
export const optionalBody = <T extends z.ZodObject>(schema: T) => schema.nullish().transform(value => value ?? ({} as z.output<T>));
