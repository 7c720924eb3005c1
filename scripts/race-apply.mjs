#!/usr/bin/env node
// Reproduces issue 23's report against a running server: BACKLOG memories posted at once, then a memory created and
// an entity applied to it at once, then the background queue waited for. The applied entity must still be mentioned,
// and a cascade delete of the memory must delete it (deleted_entities >= 1) and leave no entity that nothing mentions.
// Repeated ROUNDS times; exits 1 on the first failure.
//
//   CAIRN_URL=http://127.0.0.1:14242 [CAIRN_API_KEY=…] BACKLOG=300 ROUNDS=5 node scripts/race-apply.mjs
const base = (process.env.CAIRN_URL ?? 'http://127.0.0.1:14242').replace(/\/$/, '');
const backlog = Number(process.env.BACKLOG ?? 300);
const rounds = Number(process.env.ROUNDS ?? 5);
const headers = { 'content-type': 'application/json', ...(process.env.CAIRN_API_KEY ? { authorization: `Bearer ${process.env.CAIRN_API_KEY}` } : {}) };

async function call(method, path, body) {
  const response = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

function check(ok, message) {
  if (!ok) {
    console.error(`FAIL: ${message}`);
    process.exit(1);
  }
}

const tag = Date.now().toString(36);
for (let round = 1; round <= rounds; round++) {
  const started = Date.now();
  await Promise.all(Array.from({ length: backlog }, (_, i) => call('POST', '/memories', { content: `Standup ${tag}.${round}.${i}: Priya reviewed the Stripe invoices with Tomas in Lisbon.` })));
  const { id } = await call('POST', '/memories', { content: `Round ${tag}.${round}: Amara signed the lease in Nairobi.` });
  const applied = await call('POST', `/memories/${id}/extract-kg/apply`, { resolution: 'exact', entities: [{ name: `Project Heron ${tag} ${round}`, entity_type: 'project' }], relationships: [] });
  const entityId = applied.resolved_entities[0].entity_id;
  const pendingAtApply = (await call('GET', '/health')).background_queue.pending;
  while ((await call('GET', '/health')).background_queue.pending > 0) await new Promise(resolve => setTimeout(resolve, 100));
  const entity = await call('GET', `/entities/${entityId}`);
  check(entity.mention_count === 1, `round ${round}: the applied entity lost its mention (mention_count ${entity.mention_count})`);
  const deleted = await call('DELETE', `/memories/${id}`);
  check(deleted.deleted_entities >= 1, `round ${round}: the cascade delete reported deleted_entities ${deleted.deleted_entities}`);
  const gone = await fetch(`${base}/entities/${entityId}`, { headers });
  check(gone.status === 404, `round ${round}: the applied entity is left orphaned`);
  const orphans = (await call('GET', '/entities?limit=200')).filter(e => e.mention_count === 0);
  check(orphans.length === 0, `round ${round}: entities nothing mentions: ${orphans.map(e => e.name).join(', ')}`);
  console.log(`round ${round}: ok (${pendingAtApply} queued when the apply landed; ${Date.now() - started} ms)`);
}
console.log(`${rounds} rounds: the applied entity survived the queue every time`);
