import { z } from 'zod';
import { DEFAULT_LABEL_COLOR, isHexColor, LABEL_ORDERS, MAX_LABEL_NAME_CHARS } from '../../../domain/label.ts';
import { boolQuery, idParam, intQuery, numberQuery } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { Label, LabelBrief } from '../../responses.ts';

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

const MemoryLabelChange = z.object({ message: z.string(), memory_id: z.string(), label_id: z.string() });
const ReviewPair = { a: LabelBrief, b: LabelBrief, similarity: z.number() };
const similarityNote =
  '`sim_floor` (0..1, default 0.82) is the least similarity of the two labels (their names and descriptions embedded); side `a` is the label a merge would keep; `max_labels` (2..5000, ' +
  'default 2000) bounds how many of the most used labels are compared.';

/** The documentation and answers of the label operations. */
export const labelDocs = {
  list: doc({
    tag: 'Labels',
    summary: 'List labels',
    description:
      'The label vocabulary with usage counts (memories carrying each label). `order_by` (default `name`), `order_desc` ' +
      '(default false), `limit` 1..1000 (default 100), `offset` from 0.',
    response: { 200: z.array(Label) },
  }),
  create: doc({
    tag: 'Labels',
    summary: 'Create a label',
    description:
      'Creates a label from the query string: `name` (required), `color` (hex, default `#3b82f6`), `description`. A label ' +
      'of exactly that name already existing answers 409 carrying it.',
    response: { 200: Label },
  }),
  health: doc({
    tag: 'Labels',
    summary: 'Label vocabulary health',
    description:
      'Vocabulary size, labels per memory, coverage (share of memories with a label), singleton rate (labels used once), ' +
      'unused labels and the backlog of exact-canonical forks (`People`/`people`), over every memory that is not ' +
      'forgotten in all spaces. Reads only.',
    response: {
      200: z.object({
        vocabulary_size: z.number(),
        total_memories: z.number(),
        labeled_memories: z.number(),
        labels_per_memory: z.number(),
        coverage: z.number(),
        singleton_rate: z.number(),
        unused_labels: z.number(),
        fork_groups: z.number(),
        fork_labels: z.number(),
      }),
    },
  }),
  merge: doc({
    tag: 'Labels',
    summary: 'Merge two labels',
    description:
      'Moves every memory of `source_id` to `target_id` (no duplicates), deletes the source and records the merge, all or ' +
      'nothing. The answer\'s `merge_id` undoes it (`POST /labels/merges/{merge_id}/undo`).',
    response: {
      200: z.object({ merge_id: z.string(), source_id: z.string(), target_id: z.string(), moved: z.number(), already_present: z.number() }),
    },
  }),
  undoMerge: doc({
    tag: 'Labels',
    summary: 'Undo a label merge',
    description:
      'Brings the merged-away label back with its id, name, colour and exactly the memories it had (minus memories ' +
      'deleted since), and takes from the target the memories the merge added. Refused (409) when already undone, when ' +
      'the target has been merged away since (undo that first), or when the name has been taken.',
    response: {
      200: z.object({
        merge_id: z.string(),
        source_id: z.string(),
        target_id: z.string(),
        label: Label,
        restored: z.number(),
        removed_from_target: z.number(),
        undone_at: z.string(),
      }),
    },
  }),
  mergeCandidates: doc({
    tag: 'Labels',
    summary: 'Label merge candidates',
    description: `Pairs of labels that mean nearly the same, most similar first (at most \`max_pairs\`, 1..1000, default 100). Nothing is merged; exact-canonical forks are left to \`/labels/consolidate\`. ${similarityNote}`,
    response: { 200: z.object({ pairs: z.array(z.object(ReviewPair)), labels_considered: z.number(), sim_floor: z.number() }) },
  }),
  consolidate: doc({
    tag: 'Labels',
    summary: 'Consolidate label forks',
    description:
      'Merges each group of exact-canonical forks (`People`, `people `…) into its most used label, largest groups first, ' +
      'at most `max_groups` (1..5000, default 200). `dry_run` defaults to true: only the plan is returned. Otherwise every ' +
      'merge is recorded and undoable, all in one transaction.',
    response: {
      200: z.object({
        dry_run: z.boolean(),
        groups: z.array(z.object({ canonical: z.string(), keep: LabelBrief, merge: z.array(LabelBrief) })),
        merged_labels: z.number(),
        merge_ids: z.array(z.string()),
        total_groups: z.number(),
      }),
    },
  }),
  consolidationPreview: doc({
    tag: 'Labels',
    summary: 'Preview label consolidation',
    description: `Candidate pairs with a proposed action (\`merge\` or \`keep_separate\`), the rule that decided and why: the \`max_pairs\` (1..200, default 40) most similar pairs plus the pairs the rules recognise by themselves (acronyms, plurals…). Never changes anything. ${similarityNote}`,
    response: {
      200: z.object({
        pairs: z.array(z.object({ action: z.enum(['merge', 'keep_separate']), rule: z.string(), reason: z.string(), ...ReviewPair })),
        labels_considered: z.number(),
        sim_floor: z.number(),
        decided_by: z.literal('rules'),
      }),
    },
  }),
  get: doc({ tag: 'Labels', summary: 'Read a label', description: 'One label with its usage count.', response: { 200: Label } }),
  update: doc({
    tag: 'Labels',
    summary: 'Update a label',
    description: 'Changes the name, colour or description; fields null or absent stay. A name another label has answers 409.',
    response: { 200: Label },
  }),
  delete: doc({
    tag: 'Labels',
    summary: 'Delete a label',
    description: 'Deletes the label and takes it off every memory; the memories stay.',
    response: { 200: z.object({ message: z.string(), id: z.string(), removed_from_memories: z.number() }) },
  }),
  ofMemory: doc({
    tag: 'Labels',
    summary: "A memory's labels",
    description: 'The labels a memory carries, with usage counts.',
    response: { 200: z.object({ memory_id: z.string(), labels: z.array(Label) }) },
  }),
  assign: doc({
    tag: 'Labels',
    summary: 'Put a label on a memory',
    description: 'Assigns the label to the memory; doing it twice changes nothing. Unknown memory or label: 404.',
    response: { 200: MemoryLabelChange },
  }),
  remove: doc({
    tag: 'Labels',
    summary: 'Take a label off a memory',
    description: 'Removes the label from the memory; removing one that is not there changes nothing.',
    response: { 200: MemoryLabelChange },
  }),
};
