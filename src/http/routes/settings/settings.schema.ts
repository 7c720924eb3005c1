import { z } from 'zod';
import { RULE_SCOPES, RULE_STATUSES } from '../../../services/agent/rules.ts';
import { doc } from '../../openapi.ts';
import { GuidanceRule } from '../../responses.ts';

const text = (max: number) => z.string().max(max);

/** The owner's profile fields (reference UserProfileResponse). */
const userProfileFields = {
  name: text(200),
  aliases: text(2_000),
  context: text(32_768),
  preferred_language: text(50),
  custom_instructions: text(32_768),
};

export const UserProfile = z.object(userProfileFields);
export const putUserProfileBody = z.strictObject(userProfileFields).partial();

const ruleId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine(id => !/[\u0000-\u001f\u007f]/.test(id), { message: 'A rule id cannot contain control characters' });
const ids = z.array(z.string().max(200)).max(1_000).nullish();

/** Reference GuidanceRulePayload: every field optional and nullable (null reads as not given). */
export const rulePayload = z.strictObject({
  id: ruleId.nullish(),
  title: text(500).nullish(),
  body: text(32_768).nullish(),
  scope: z.enum(RULE_SCOPES).nullish(),
  status: z.enum(RULE_STATUSES).nullish(),
  agentProfileId: text(200).nullish(),
  spaceId: text(200).nullish(),
  priority: z.int().min(-1_000_000).max(1_000_000).nullish(),
  source: text(200).nullish(),
  tags: z.array(text(200)).max(100).nullish(),
  evidenceMemoryIds: ids,
  supportedEvidenceMemoryIds: ids,
  unsupportedEvidenceMemoryIds: ids,
  confidence: z.number().min(0).max(1).nullish(),
  rationale: text(10_000).nullish(),
  supportCount: z.int().min(0).max(1_000_000_000).nullish(),
  archivedAt: text(100).nullish(),
  archivedReason: text(2_000).nullish(),
  archivedBy: text(200).nullish(),
});

export const ruleParams = z.object({ rule_id: z.string().min(1).max(200) });

const RuleList = z.object({ rules: z.array(GuidanceRule) });

/** The documentation and answers of the owner-profile and guidance-rule operations. */
export const settingsDocs = {
  getProfile: doc({
    tag: 'Settings',
    summary: "Read the owner's profile",
    description: 'Who the agents work for: `name`, `aliases`, `context`, `preferred_language` (default `en`), `custom_instructions`; empty until set.',
    response: { 200: UserProfile },
  }),
  putProfile: doc({
    tag: 'Settings',
    summary: "Update the owner's profile",
    description: 'Sets the fields given (PUT and PATCH alike: fields left out stay as they are) and answers the whole profile. Unknown fields answer 422.',
    response: { 200: UserProfile },
  }),
  listRules: doc({
    tag: 'Settings',
    summary: 'List guidance rules',
    description: 'Every guidance rule for agents, in the order they were created, whatever their status.',
    response: { 200: RuleList },
  }),
  createRule: doc({
    tag: 'Settings',
    summary: 'Create a guidance rule',
    description:
      'Adds a rule (reference GuidanceRulePayload). `title` and `body` are required; `scope` is `global` (default), ' +
      '`agent` (needs `agentProfileId`) or `space` (`spaceId`, default `default`); `status` `active` (default), `draft` ' +
      'or `archived`. Active rules that apply reach the context bundle (`GET /agent/context-bundle`). Without `id` one ' +
      'is made (`rule_…`); an id in use answers 409 `rule_exists`.',
    response: { 200: GuidanceRule },
  }),
  updateRule: doc({
    tag: 'Settings',
    summary: 'Update a guidance rule',
    description: 'Changes the fields given (null or missing ones stay as they are; the id is the path\'s). An unknown id answers 404 `rule_not_found`.',
    response: { 200: GuidanceRule },
  }),
  deleteRule: doc({
    tag: 'Settings',
    summary: 'Delete a guidance rule',
    description: 'Deletes the rule (404 `rule_not_found` when unknown) and answers the rules that remain.',
    response: { 200: RuleList },
  }),
};
