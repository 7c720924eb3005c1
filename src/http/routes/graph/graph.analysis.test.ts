import { test, describe, before, after } from '../../../../test/suite.ts';
import assert from 'node:assert/strict';
import type { App } from '../../../main.ts';
import { buildTestApp, del, expectOk, get, post, settleBackground, validationLocs } from '../../../../test/helpers.ts';

interface Node {
  id: string;
  label: string;
  node_type: string;
}

async function seed(app: App, content: string): Promise<string> {
  return expectOk(await post(app, '/memories?wait=graph', { content }), `create "${content}"`).id;
}

async function entityId(app: App, name: string): Promise<string> {
  const list = expectOk(await get<{ id: string; name: string }[]>(app, `/entities?search=${encodeURIComponent(name)}&limit=200`), `find ${name}`);
  const found = list.find(e => e.name === name);
  assert.ok(found, `entity ${name} exists (have ${list.map(e => e.name)})`);
  return found.id;
}

const labels = (nodes: Node[]) => nodes.map(n => n.label).sort();

describe('graph paths, views and analysis', () => {
  let app: App;
  let priyaMemory: string;
  before(async () => {
    app = await buildTestApp();
    priyaMemory = await seed(app, 'Priya joined Stripe.');
    await seed(app, 'Microsoft acquired Stripe.');
    await seed(app, 'Anna moved to Denver.');
  });
  after(() => app.close());

  test('the shortest path between two entities linked through a third is that path', async () => {
    const [priya, stripe, microsoft] = [await entityId(app, 'Priya'), await entityId(app, 'Stripe'), await entityId(app, 'Microsoft')];
    const answer = expectOk(await get(app, `/graph/shortest-path?from_id=${priya}&to_id=${microsoft}`), 'shortest path');
    assert.equal(answer.found, true);
    assert.equal(answer.length, 2);
    assert.deepEqual(answer.paths.map((p: { nodes: Node[] }) => p.nodes.map(n => n.id)), [[priya, stripe, microsoft]]);
    assert.deepEqual(answer.paths[0].edges.map((e: { source: string; target: string }) => [e.source, e.target]), [[priya, stripe], [stripe, microsoft]]);
  });

  test('no path within the graph or within max_depth: found false; bounds and unknown ids refused', async () => {
    const [priya, anna, microsoft] = [await entityId(app, 'Priya'), await entityId(app, 'Anna'), await entityId(app, 'Microsoft')];
    const apart = expectOk(await get(app, `/graph/shortest-path?from_id=${priya}&to_id=${anna}`), 'apart');
    assert.deepEqual([apart.found, apart.paths], [false, []]);
    assert.deepEqual(validationLocs(await get(app, `/graph/shortest-path?from_id=${priya}&to_id=${microsoft}&max_depth=1`)), ['query.max_depth']);
    assert.deepEqual(validationLocs(await get(app, `/graph/shortest-path?from_id=${priya}&to_id=${microsoft}&max_depth=21`)), ['query.max_depth']);
    assert.deepEqual(validationLocs(await get(app, `/graph/shortest-path?from_id=${priya}`)), ['query.to_id']);
    const unknown = await get(app, `/graph/shortest-path?from_id=${priya}&to_id=nope`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error_code, 'entity_not_found');
  });

  test('analysis ranks the entity in the middle first, by degree and by PageRank, and counts the graph', async () => {
    const stripe = await entityId(app, 'Stripe');
    const answer = expectOk(await get(app, '/graph/analysis?top=3'), 'analysis');
    assert.equal(answer.centrality_measures.pagerank[0].entity_id, stripe);
    assert.deepEqual(answer.centrality_measures.degree[0], { entity_id: stripe, name: 'Stripe', degree: 2 });
    assert.equal(answer.centrality_measures.pagerank.length, 3);
    const total = answer.centrality_measures.pagerank.reduce((sum: number, r: { score: number }) => sum + r.score, 0);
    assert.ok(total > 0 && total < 1, `top 3 of five scores sum under 1 (${total})`);
    assert.deepEqual(answer.analysis_summary, { total_communities: answer.analysis_summary.total_communities, total_entities: 5, total_memories: 3, total_relationships: 3, network_density: 0.3 });
    assert.equal((await get(app, '/graph/analysis?top=0')).status, 422);
  });

  test('explore and live preview gather the seeds with their neighbours; unknown seeds are 404', async () => {
    const explored = expectOk(await get(app, `/graph/explore?memory_ids=${priyaMemory}&depth=2`), 'explore');
    assert.deepEqual(labels(explored.nodes.filter((n: Node) => n.node_type === 'Entity')), ['Microsoft', 'Priya', 'Stripe']);
    assert.ok(explored.nodes.some((n: Node) => n.id === priyaMemory), 'the seed is a node');
    assert.ok(explored.edges.every((e: { source: string; target: string }) => explored.nodes.some((n: Node) => n.id === e.source) && explored.nodes.some((n: Node) => n.id === e.target)));
    assert.equal(explored.metadata.total_nodes, explored.nodes.length);
    const preview = expectOk(await get(app, `/graph/live-preview?node_ids=${priyaMemory}&limit_per_seed=1`), 'live preview');
    assert.equal(preview.nodes.length, 2, 'the seed and one neighbour');
    const stripe = await entityId(app, 'Stripe');
    const neighbours = expectOk(await get(app, `/graph/live-preview/${stripe}?limit=50`), 'live preview of a node');
    assert.deepEqual(labels(neighbours.neighbors.filter((n: Node) => n.node_type === 'Entity')), ['Microsoft', 'Priya']);
    assert.equal((await get(app, '/graph/explore?memory_ids=nope')).body.error_code, 'entity_not_found');
    assert.deepEqual(validationLocs(await get(app, '/graph/explore?memory_ids=')), ['query.memory_ids']);
    assert.deepEqual(validationLocs(await get(app, '/graph/explore?memory_ids=,%20,')), ['query.memory_ids']);
    const tooMany = Array.from({ length: 51 }, (_, i) => `m${i}`).join(',');
    assert.deepEqual(validationLocs(await get(app, `/graph/live-preview?node_ids=${tooMany}`)), ['query.node_ids']);
    assert.deepEqual(validationLocs(await get(app, `/graph/live-preview?node_ids=${priyaMemory}&limit_per_seed=21`)), ['query.limit_per_seed']);
  });

  test('search finds entities by name with their neighbourhood; sample filters by entity type', async () => {
    const found = expectOk(await get(app, '/graph/search?query=stri&depth=1&node_types=Entity'), 'search');
    assert.deepEqual(labels(found.nodes), ['Microsoft', 'Priya', 'Stripe']);
    assert.equal(found.query, 'stri');
    assert.equal(found.search_metadata.search_results.entities_found, 1);
    assert.ok(found.edges.every((e: { edge_type: string }) => e.edge_type === 'RELATES_TO'));
    const people = expectOk(await get(app, '/graph/sample?filter_type=person&limit=10'), 'sample');
    assert.deepEqual(labels(people.nodes.filter((n: Node) => n.node_type === 'Entity')), ['Anna', 'Priya']);
    assert.deepEqual(validationLocs(await get(app, '/graph/search')), ['query.query']);
    assert.deepEqual(validationLocs(await get(app, '/graph/sample?limit=9')), ['query.limit']);
  });

  test('node details give the node and its neighbours; the vis page draws them', async () => {
    const stripe = await entityId(app, 'Stripe');
    const details = expectOk(await get(app, `/graph/node-details/${stripe}`), 'node details');
    assert.equal(details.node.label, 'Stripe');
    assert.ok(labels(details.neighbors).includes('Priya'));
    assert.equal((await get(app, '/graph/node-details/nope')).body.error_code, 'entity_not_found');
    const page = await get(app, `/graph/vis?memory_ids=${priyaMemory}&search_bar=false`);
    assert.equal(page.status, 200);
    assert.match(String(page.headers['content-type']), /text\/html/);
    assert.match(page.text, /<svg[^>]*>.*Stripe/s);
    assert.doesNotMatch(page.text, /<form/);
  });

  test('community members list the entities of a detected community; unknown ones are 404', async () => {
    await app.deps.communities?.detectNow();
    const { communities } = expectOk(await get(app, '/graph/analysis'), 'analysis');
    const withStripe = [];
    for (const community of communities) {
      const members = expectOk(await get(app, `/graph/community-members/${community.id}`), 'members');
      assert.equal(members.members.length, members.member_count);
      if (labels(members.members).includes('Stripe')) withStripe.push(labels(members.members));
    }
    assert.deepEqual(withStripe, [['Microsoft', 'Priya', 'Stripe']]);
    for (const id of ['999999', 'abc']) assert.equal((await get(app, `/graph/community-members/${id}`)).body.error_code, 'community_not_found');
  });
});

describe('graph health and orphans', () => {
  test('a delete without cascade leaves orphans; GET lists them, DELETE removes exactly those', async () => {
    const app = await buildTestApp();
    try {
      await seed(app, 'Priya joined Stripe.');
      const doomed = await seed(app, 'Thaddeus sold his bakery in Ghent.');
      assert.deepEqual(expectOk(await get(app, '/graph/orphans'), 'orphans before').orphaned_entities, []);
      expectOk(await del(app, `/memories/${doomed}?cascade_delete=false`), 'delete without cascade');

      const listed = expectOk(await get(app, '/graph/orphans'), 'orphans');
      assert.deepEqual(listed.orphaned_entities.map((o: { entity_name: string }) => o.entity_name).sort(), ['Ghent', 'Thaddeus']);
      assert.equal(listed.count, 2);
      const health = expectOk(await get(app, '/graph/health'), 'health');
      assert.equal(health.counts.orphaned_entities, 2);
      assert.equal(health.counts.entities, 4);
      assert.equal(health.counts.dangling_edges, 0);

      const removed = expectOk(await del(app, '/graph/orphans'), 'cleanup');
      assert.equal(removed.deleted_count, 2);
      assert.deepEqual(removed.deleted_entities.map((o: { entity_id: string }) => o.entity_id).sort(), listed.orphaned_entities.map((o: { entity_id: string }) => o.entity_id).sort());
      assert.equal(removed.remaining, 0);
      assert.deepEqual(expectOk(await get(app, '/graph/orphans'), 'orphans after').orphaned_entities, []);
      assert.deepEqual((await get<{ name: string }[]>(app, '/entities')).body.map(e => e.name).sort(), ['Priya', 'Stripe']);
      assert.equal(expectOk(await del(app, '/graph/orphans'), 'again').deleted_count, 0);
    } finally {
      await app.close();
    }
  });
});

async function finished(app: App, jobId: string) {
  for (let i = 0; i < 200; i++) {
    const { job_status } = expectOk(await get(app, `/graph/augmentation/status/${jobId}`), 'job status');
    if (job_status.status === 'completed' || job_status.status === 'failed') return job_status;
    await new Promise(resolve => setTimeout(resolve, 10));
  }
  throw new Error(`job ${jobId} did not finish`);
}

describe('graph augmentation', () => {
  test('graph_extraction queues the memories with no graph, and never loses an applied edge', async () => {
    const app = await buildTestApp();
    try {
      await seed(app, 'Priya joined Stripe.');
      const bare = await seed(app, 'nothing to see here');
      const applied = await seed(app, 'a note on the quarterly plan');
      expectOk(await post(app, `/memories/${applied}/extract-kg/apply`, { entities: [{ name: 'Quarterly Plan', entity_type: 'concept' }], resolution: 'exact' }), 'apply');

      const started = expectOk(await post(app, '/graph/augmentation/start', { job_type: 'graph_extraction' }), 'start');
      assert.equal(started.job_type, 'graph_extraction');
      const job = await finished(app, started.job_id);
      assert.equal(job.status, 'completed');
      assert.deepEqual(job.result.memory_ids, [bare], 'only the memory without any graph');
      await settleBackground(app);

      const all = await finished(app, expectOk(await post(app, '/graph/augmentation/start', { job_type: 'graph_extraction', parameters: { all: true } }), 'start all').job_id);
      assert.equal(all.result.queued, 3);
      await settleBackground(app);
      const plan = (await get<{ id: string; name: string }[]>(app, '/entities?search=Quarterly')).body;
      assert.equal(plan.length, 1);
      const entity = expectOk(await get(app, `/entities/${plan[0]!.id}`), 'applied entity');
      assert.deepEqual(entity.memories.map((m: { id: string }) => m.id), [applied], 'the applied mention stays');

      const jobs = expectOk(await get(app, '/graph/augmentation/jobs?status_filter=completed'), 'jobs');
      assert.deepEqual([jobs.total, jobs.jobs.map((j: { job_id: string }) => j.job_id)], [2, [all.job_id, job.job_id]]);
      assert.equal(expectOk(await get(app, '/graph/augmentation/jobs?status_filter=failed'), 'failed jobs').total, 0);
      const state = expectOk(await get(app, '/graph/augmentation/state'), 'state');
      assert.equal(state.state.augmentations.graph_extraction.last_job_id, all.job_id);
      assert.equal(state.state.augmentations.pagerank_calculation, null);
    } finally {
      await app.close();
    }
  });

  test('pagerank_calculation scores the entities; the plan says whether a refresh would run; bad input refused', async () => {
    const app = await buildTestApp();
    try {
      assert.equal(expectOk(await get(app, '/graph/augmentation/pagerank/plan'), 'plan, empty').would_run, false);
      assert.equal(expectOk(await get(app, '/graph/augmentation/pagerank/plan?force=true'), 'plan, forced').would_run, true);
      await seed(app, 'Priya joined Stripe.');
      await seed(app, 'Microsoft acquired Stripe.');
      const plan = expectOk(await get(app, '/graph/augmentation/pagerank/plan?min_nodes=3&min_edges=2'), 'plan');
      assert.deepEqual([plan.would_run, plan.nodes, plan.edges], [true, 3, 2]);
      assert.equal(expectOk(await get(app, '/graph/augmentation/pagerank/plan?min_nodes=4'), 'plan, too small').would_run, false);
      const job = await finished(app, expectOk(await post(app, '/graph/augmentation/start', { job_type: 'pagerank_calculation' }), 'start').job_id);
      assert.equal(job.result.top[0].name, 'Stripe');
      const detection = await finished(app, expectOk(await post(app, '/graph/augmentation/start', { job_type: 'community_detection' }), 'detect').job_id);
      assert.deepEqual([detection.status, detection.result.communities], ['completed', 1]);
      assert.equal(expectOk(await get(app, '/graph/analysis'), 'analysis').analysis_summary.total_communities, 1);

      assert.deepEqual(validationLocs(await post(app, '/graph/augmentation/start', { job_type: 'magic' })), ['body.job_type']);
      assert.deepEqual(validationLocs(await post(app, '/graph/augmentation/start', { job_type: 'graph_extraction', parameters: { limit: 0 } })), ['body.parameters.limit']);
      assert.deepEqual(validationLocs(await get(app, '/graph/augmentation/jobs?status_filter=done')), ['query.status_filter']);
      assert.deepEqual(validationLocs(await get(app, '/graph/augmentation/pagerank/plan?min_nodes=0')), ['query.min_nodes']);
      assert.equal((await get(app, '/graph/augmentation/status/nope')).body.error_code, 'job_not_found');
    } finally {
      await app.close();
    }
  });
});
