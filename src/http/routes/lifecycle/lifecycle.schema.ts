import { doc } from '../../openapi.ts';
import { LifecycleChange } from '../../responses.ts';

const change = { 200: LifecycleChange };
const body = 'The body is optional: `reason` (kept with the change) and `space_id` (a guard against changing another space).';

/** The documentation and answers of the lifecycle operations. */
export const lifecycleDocs = {
  deprecate: doc({
    tag: 'Lifecycle',
    summary: 'Deprecate a memory',
    description: `Marks a memory deprecated: it stays in the graph for history but leaves everyday recall. \`replacement_memory_id\`, when given, must exist. ${body} A move the lifecycle does not allow answers 409.`,
    response: change,
  }),
  archive: doc({
    tag: 'Lifecycle',
    summary: 'Archive a memory',
    description: `Hides a memory from everyday recall (lists and search default to active memories); it stays readable by id. ${body}`,
    response: change,
  }),
  forget: doc({
    tag: 'Lifecycle',
    summary: 'Forget a memory',
    description: `Removes a memory from recall and from reads by id; its rows stay, so \`restore\` can bring it back (to delete it, use DELETE). ${body}`,
    response: change,
  }),
  supersede: doc({
    tag: 'Lifecycle',
    summary: 'Supersede a memory by a newer one',
    description:
      'Marks the memory replaced by `newer_memory_id` (required): it is no longer the latest, and an EVOLVES edge newer → ' +
      `older (relation \`replaces\`, detected by the user, reviewed) is recorded in the same transaction. A cycle answers 409. ${body}`,
    response: change,
  }),
  restore: doc({
    tag: 'Lifecycle',
    summary: 'Restore a memory to active',
    description: `Brings a deprecated, archived, superseded or forgotten memory back to active (beyond the interface). ${body} For a deleted memory, see Trash.`,
    response: change,
  }),
};
