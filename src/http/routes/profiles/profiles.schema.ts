import { z } from 'zod';
import { jsonDepth, MAX_JSON_DEPTH } from '../../../domain/jsonBounds.ts';
import { boolQuery } from '../../schemas.ts';
import { doc } from '../../openapi.ts';
import { AgentProfile } from '../../responses.ts';

/** An imported card may carry fields beyond the known ones; together they stay under this many characters of JSON. */
const MAX_PROFILE_JSON = 256 * 1024;

const text = (max: number) => z.string().max(max).nullish();

/** A profile id names it in paths: visible characters, 1..200 of them. */
const profileId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(id => !/[\u0000-\u001f\u007f]/.test(id), { message: 'A profile id cannot contain control characters' });

/** The known fields of a profile (reference `AgentProfilePayload` plus `origin`, `identityReference`). */
const profileFields = {
  displayName: text(200),
  role: text(200),
  description: text(10_000),
  instructions: text(32_768),
  defaultSpaceId: text(200),
  sourceApp: text(200),
  hostAgentId: text(200),
  origin: text(200),
  identityReference: text(2_000),
  tags: z.array(z.string().max(200)).max(100).nullish(),
};

/** An imported card or a written profile stays this small and flat; other fields are kept as given. */
const boundedProfile = <T extends z.ZodType<Record<string, unknown>>>(shape: T) =>
  shape.superRefine((profile, ctx) => {
    if (jsonDepth(profile, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      ctx.addIssue({ code: 'custom', message: `The profile nests deeper than ${MAX_JSON_DEPTH} levels` });
    } else if (JSON.stringify(profile).length > MAX_PROFILE_JSON) {
      ctx.addIssue({ code: 'custom', message: `The profile is larger than ${MAX_PROFILE_JSON} characters of JSON` });
    }
  });

/** The interface's Agent profile as an import carries it: `id` required. */
const agentProfile = boundedProfile(z.looseObject({ id: profileId, ...profileFields }));

/** POST/PUT /settings/agent-profiles: every field optional (a POST without `id` gets one made; a PUT's id is the path's). */
export const profilePayload = boundedProfile(z.looseObject({ id: profileId.nullish(), ...profileFields }));

/** The interface's agent identity import: the card version, the profile, and `force` (in the query, or the body). */
export const importProfileBody = z.object({
  service_identity_card: z.int().min(1).max(1_000_000).nullish(),
  profile: agentProfile,
  force: z.boolean().nullish(),
});

export const importProfileQuery = z.object({ force: boolQuery().optional() });

export const profileParams = z.object({ profile_id: z.string().min(1).max(200) });

const ProfileList = z.object({ agentProfiles: z.array(AgentProfile) });

/** The documentation and answers of the agent-profile operations. */
export const profileDocs = {
  import: doc({
    tag: 'Profiles',
    summary: 'Import an agent profile',
    description:
      'Stores an agent identity card (`service_identity_card`, its version, and `profile` with `id` required) under its ' +
      'profile id, every field as given. An id already stored answers 409 `profile_exists` and changes nothing, unless ' +
      '`force` (query or body), which replaces that profile whole.',
    response: { 200: z.object({ imported: z.boolean(), profile: AgentProfile }) },
  }),
  list: doc({
    tag: 'Profiles',
    summary: 'List agent profiles',
    description: 'Every stored agent profile, by id; known fields missing from a card read as their defaults (role `general`, space `default`).',
    response: { 200: ProfileList },
  }),
  create: doc({
    tag: 'Profiles',
    summary: 'Create an agent profile',
    description:
      'Stores a new agent profile (reference AgentProfilePayload; fields beyond the known ones are kept). Without `id` ' +
      'one is made (`agent_…`). An id already stored answers 409 `profile_exists`.',
    response: { 200: AgentProfile },
  }),
  update: doc({
    tag: 'Profiles',
    summary: 'Update an agent profile',
    description: 'Changes the fields given of a stored profile (null or missing fields stay as they are; the id is the path\'s). An unknown id answers 404.',
    response: { 200: AgentProfile },
  }),
  get: doc({ tag: 'Profiles', summary: 'Read an agent profile', description: 'One agent profile by id.', response: { 200: AgentProfile } }),
  delete: doc({
    tag: 'Profiles',
    summary: 'Delete an agent profile',
    description: 'Deletes the profile and answers the profiles that remain, as the reference does.',
    response: { 200: ProfileList },
  }),
};
