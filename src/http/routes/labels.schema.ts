import { z } from 'zod';
import { DEFAULT_LABEL_COLOR, isHexColor, LABEL_ORDERS, MAX_LABEL_NAME_CHARS } from '../../domain/label.ts';
import { boolQuery, idParam, intQuery, numberQuery } from '../schemas.ts';

const name = z.string().trim().min(1).max(MAX_LABEL_NAME_CHARS);
const color = z.string().refine(isHexColor, { message: 'color must be a hex colour such as #3b82f6' });
const description = z.string().max(2000);

export const listLabelsQuery = z.object({
  limit: intQuery(1, 1000, 100),
  offset: intQuery(0, null, 0),
  order_by: z.enum(LABEL_ORDERS).default('name'),
  order_desc: boolQuery().default(false),
});

export const createLabelQuery = z.object({ name, color: color.default(DEFAULT_LABEL_COLOR), description: description.default('') });

export const updateLabelBody = z.object({ name: name.nullish(), color: color.nullish(), description: description.nullish() });

export const labelIdParams = z.object({ label_id: idParam });
export const memoryLabelParams = z.object({ memory_id: idParam, label_id: idParam });

export const mergeLabelsQuery = z.object({ source_id: idParam, target_id: idParam });
export const mergeIdParams = z.object({ merge_id: idParam });

/** Bounds and defaults of the Limits table: merge candidates and consolidation preview differ only in max_pairs. */
const similarityQuery = (maxPairs: number, defaultPairs: number) =>
  z.object({
    sim_floor: numberQuery(0, 1, 0.82),
    max_labels: intQuery(2, 5000, 2000),
    max_pairs: intQuery(1, maxPairs, defaultPairs),
  });

export const mergeCandidatesQuery = similarityQuery(1000, 100);
export const consolidationPreviewQuery = similarityQuery(200, 40);

export const consolidateQuery = z.object({ dry_run: boolQuery().default(true), max_groups: intQuery(1, 5000, 200) });
