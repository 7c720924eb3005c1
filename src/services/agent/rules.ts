import { conflict, InputError, notFound } from '../../errors.ts';
import type { Repos } from '../../storage/ports.ts';
import type { Deps } from '../deps.ts';
import { settingLock } from '../locks.ts';

/**
 * Guidance rules (reference GuidanceRuleResponse): owner-managed instructions for agents. A rule applies everywhere
 * (`global`), to one agent profile (`agent`) or to one space (`space`); only `active` ones reach the context bundle.
 * They are few and edited by hand, so they live as one JSON list in the settings table (travelling with exports).
 */
export interface GuidanceRule {
  id: string;
  title: string;
  body: string;
  scope: RuleScope;
  status: RuleStatus;
  agentProfileId: string;
  spaceId: string;
  priority: number;
  source: string;
  tags: string[];
  evidenceMemoryIds: string[];
  supportedEvidenceMemoryIds: string[];
  unsupportedEvidenceMemoryIds: string[];
  confidence: number | null;
  rationale: string;
  supportCount: number;
  archivedAt: string;
  archivedReason: string;
  archivedBy: string;
  createdAt: string;
  updatedAt: string;
}

export const RULE_SCOPES = ['global', 'agent', 'space'] as const;
export const RULE_STATUSES = ['draft', 'active', 'archived'] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];
export type RuleStatus = (typeof RULE_STATUSES)[number];

/** A create or update request: every field optional (null reads as not given), `title` and `body` needed on create. */
export type RulePayload = { [K in keyof Omit<GuidanceRule, 'createdAt' | 'updatedAt'>]?: GuidanceRule[K] | null };

export const RULES_SETTING = 'guidance_rules';
/** More rules than this would not fit any agent's prompt; the list refuses to grow past it. */
export const MAX_RULES = 500;

const DEFAULTS: Omit<GuidanceRule, 'id' | 'title' | 'body' | 'createdAt' | 'updatedAt'> = {
  scope: 'global', status: 'active', agentProfileId: '', spaceId: 'default', priority: 50, source: 'manual', tags: [],
  evidenceMemoryIds: [], supportedEvidenceMemoryIds: [], unsupportedEvidenceMemoryIds: [], confidence: null,
  rationale: '', supportCount: 0, archivedAt: '', archivedReason: '', archivedBy: '',
};

const given = (payload: RulePayload) =>
  Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined && value !== null)) as Partial<GuidanceRule>;

async function readRules(repos: Pick<Repos, 'settings'>): Promise<GuidanceRule[]> {
  const stored = await repos.settings.get(RULES_SETTING);
  return Array.isArray(stored) ? (stored as GuidanceRule[]) : [];
}

/** Runs a read-change-write of the rule list in one transaction, under the setting's lock. */
function changeRules<T>(deps: Pick<Deps, 'store' | 'clock'>, change: (rules: GuidanceRule[], now: string) => { rules: GuidanceRule[]; result: T }) {
  return deps.store.transaction(async tx => {
    await tx.locks.hold([settingLock(RULES_SETTING)]);
    const now = deps.clock.now();
    const { rules, result } = change(await readRules(tx), now);
    await tx.settings.set(RULES_SETTING, rules, now);
    return result;
  });
}

/** An agent rule names its profile, a space rule its space: a 422 otherwise, as the rule could never apply. */
function checkTarget(rule: GuidanceRule) {
  if (rule.scope === 'agent' && !rule.agentProfileId) throw new InputError(['body', 'agentProfileId'], 'A rule of scope "agent" needs agentProfileId');
  if (!rule.title.trim()) throw new InputError(['body', 'title'], 'A rule needs a non-empty title');
  if (!rule.body.trim()) throw new InputError(['body', 'body'], 'A rule needs a non-empty body');
}

export async function listRules(deps: Pick<Deps, 'store'>) {
  return { rules: await readRules(deps.store) };
}

/** Adds a rule (id given or made); an id already used is a 409 `rule_exists`. */
export async function createRule(deps: Pick<Deps, 'store' | 'clock' | 'ids'>, payload: RulePayload): Promise<GuidanceRule> {
  const fields = given(payload);
  const id = fields.id ?? `rule_${deps.ids.next()}`;
  return changeRules(deps, (rules, now) => {
    if (rules.some(r => r.id === id)) throw conflict('rule_exists', `Rule already exists: ${id}`, { rule_id: id });
    if (rules.length >= MAX_RULES) throw conflict('too_many_rules', `At most ${MAX_RULES} rules can be stored`);
    const rule: GuidanceRule = { ...DEFAULTS, title: '', body: '', ...fields, id, createdAt: now, updatedAt: now };
    checkTarget(rule);
    return { rules: [...rules, rule], result: rule };
  });
}

/** Changes the fields given (null or missing ones stay); the id is the path's. */
export async function updateRule(deps: Pick<Deps, 'store' | 'clock'>, id: string, payload: RulePayload): Promise<GuidanceRule> {
  const { id: _ignored, ...fields } = given(payload);
  return changeRules(deps, (rules, now) => {
    const current = rules.find(r => r.id === id);
    if (!current) throw notFound('rule', id);
    const rule: GuidanceRule = { ...current, ...fields, id, updatedAt: now };
    checkTarget(rule);
    return { rules: rules.map(r => (r.id === id ? rule : r)), result: rule };
  });
}

/** Deletes the rule (404 when unknown) and answers the rules that remain, as the reference does. */
export async function deleteRule(deps: Pick<Deps, 'store' | 'clock'>, id: string) {
  return changeRules(deps, rules => {
    if (!rules.some(r => r.id === id)) throw notFound('rule', id);
    const remaining = rules.filter(r => r.id !== id);
    return { rules: remaining, result: { rules: remaining } };
  });
}

/**
 * The active rules for an agent in a space: global ones, those of its profile and those of the space; the highest
 * priority first (then the oldest), as the context bundle lists them.
 */
export async function activeRules(deps: Pick<Deps, 'store'>, target: { agentProfileId: string | null; spaceId: string }) {
  const rules = await readRules(deps.store);
  return rules
    .filter(r => r.status === 'active')
    .filter(r => r.scope === 'global' || (r.scope === 'agent' && r.agentProfileId === target.agentProfileId) || (r.scope === 'space' && r.spaceId === target.spaceId))
    .sort((a, b) => b.priority - a.priority || (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}
