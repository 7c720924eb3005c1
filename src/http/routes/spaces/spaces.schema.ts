import { z } from 'zod';
import { RETRIEVAL_MODES } from '../../../domain/space.ts';
import { boolQuery } from '../../schemas.ts';
import { doc } from '../../openapi.ts';

/** A space id or key: what records carry in `space_id`, visible characters only. */
const visible = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(v => !/[\u0000-\u001f\u007f/]/.test(v), { message: 'Use visible characters, without "/"' });

const text = (max: number) => z.string().max(max).nullish();
const mode = z.enum(RETRIEVAL_MODES).nullish().describe('strict: recall stays in the space; shared: also its shared spaces; all: every space');
const sharedSpaceIds = z.array(visible(200)).max(100).nullish().describe('Spaces whose memories recall in this space may also read (ids, keys or names)');

const fields = {
  description: text(10_000),
  icon: text(200),
  instructions: text(32_768).describe('Guidance for agents working in this space'),
  sharedSpaceIds,
  defaultRetrievalMode: mode,
};

/** The reference's `MemorySpacePayload`. */
export const createSpaceBody = z.object({
  name: z.string().trim().min(1).max(200),
  id: visible(200).nullish().describe('The id records will carry in space_id; derived from the name when omitted'),
  key: z.string().trim().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'A key is 1..64 letters, digits, "_", "." or "-"').nullish(),
  ...fields,
});

/** The reference's `MemorySpaceUpdatePayload`: only what is given changes. */
export const updateSpaceBody = z.object({ name: z.string().trim().min(1).max(200).nullish(), ...fields });

export const spaceParams = z.object({ space_ref: z.string().min(1).max(200) });
export const deleteSpaceQuery = z.object({ purge_working_memory: boolQuery().optional() });
export const spacesConfigBody = z.object({ enabled: z.boolean() });

const SpaceUsage = z.object({ memories: z.number().int(), threads: z.number().int(), sources: z.number().int(), hasWorkingMemory: z.boolean() });

export const Space = z
  .object({
    id: z.string(),
    key: z.string().nullable(),
    name: z.string(),
    aliases: z.array(z.string()),
    description: z.string().nullable(),
    icon: z.string().nullable(),
    instructions: z.string().nullable(),
    sharedSpaceIds: z.array(z.string()),
    defaultRetrievalMode: z.string(),
    usage: SpaceUsage,
    observed: z.boolean().describe('Known from what is stored in it, without a profile'),
    hasProfile: z.boolean(),
  })
  .meta({ id: 'MemorySpaceResponse' });

const SpaceSettings = z.object({ enabled: z.boolean(), spaces: z.array(Space) }).meta({ id: 'MemorySpaceSettingsResponse' });

const settingsAnswer = { 200: SpaceSettings };

export const spaceDocs = {
  list: doc({
    tag: 'Spaces',
    summary: 'List spaces',
    description:
      'Every space with what it holds: the default space, each profile, and each space that holds memories, threads or ' +
      'working memory without a profile (`observed`). `enabled` says whether spaces are offered to people (Cairn honours ' +
      '`space_id` on every request either way).',
    response: settingsAnswer,
  }),
  roster: doc({ tag: 'Spaces', summary: 'The space roster', description: 'The spaces someone provisioned: the default space and every profile, with what each holds.', response: settingsAnswer }),
  get: doc({ tag: 'Spaces', summary: 'Read a space', description: 'One space by id, key, name or alias (case-insensitive), with what it holds.', response: { 200: Space } }),
  create: doc({
    tag: 'Spaces',
    summary: 'Create a space',
    description:
      'A profile for a new space. Its id (what records carry in `space_id`) is derived from the name unless given ' +
      '("Research Agent" → `research-agent`). From then on `space_id` may name it by id, key, name or alias. A name, key or ' +
      'id another space has answers 409 `space_exists` / `space_key_taken`. Answers every space.',
    response: settingsAnswer,
  }),
  update: doc({
    tag: 'Spaces',
    summary: 'Change a space',
    description: 'Changes the fields given; a renamed space keeps its old name as an alias. A space without a profile (the default one, or one known from its records) gets one. Answers every space.',
    response: settingsAnswer,
  }),
  delete: doc({
    tag: 'Spaces',
    summary: 'Delete a space',
    description:
      'Deletes the profile of a space that holds nothing. While memories or threads remain: 409 `space_delete_blocked`, ' +
      'reason `primary_records`; while only working memory remains: reason `working_memory` (`canPurgeWorkingMemory`), ' +
      'unless `purge_working_memory=true`, which deletes it with the space. The default space cannot be deleted (409 `default_space`). Answers the spaces left.',
    response: settingsAnswer,
  }),
  config: doc({ tag: 'Spaces', summary: 'Offer spaces or not', description: 'Sets whether spaces are offered to people (`enabled`, on by default). Answers every space.', response: settingsAnswer }),
};
