import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { createRule, deleteRule, listRules, updateRule } from '../../../services/agent/rules.ts';
import { getUserProfile, updateUserProfile } from '../../../services/agent/userProfile.ts';
import { putUserProfileBody, ruleParams, rulePayload, settingsDocs } from './settings.schema.ts';

/** The owner's profile and the guidance rules for agents. */
export const settingsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/settings/profile', { schema: settingsDocs.getProfile }, () => getUserProfile(deps));
  for (const method of ['put', 'patch'] as const) {
    app[method]('/settings/profile', { schema: { ...settingsDocs.putProfile, body: putUserProfileBody } }, req => updateUserProfile(deps, req.body));
  }
  app.get('/settings/rules', { schema: settingsDocs.listRules }, () => listRules(deps));
  app.post('/settings/rules', { schema: { ...settingsDocs.createRule, body: rulePayload } }, req => createRule(deps, req.body));
  app.put('/settings/rules/:rule_id', { schema: { ...settingsDocs.updateRule, params: ruleParams, body: rulePayload } }, req =>
    updateRule(deps, req.params.rule_id, req.body),
  );
  app.delete('/settings/rules/:rule_id', { schema: { ...settingsDocs.deleteRule, params: ruleParams } }, req => deleteRule(deps, req.params.rule_id));
};
