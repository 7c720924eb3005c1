/**
 * `npm run bench -- app`: the web app in headless Chromium (playwright-core, /usr/bin/chromium, software WebGL) against
 * a real server holding 10,000 memories and a 5,000-entity graph:
 * - time to interactive of /app (p50 of 5 cold loads, each in a fresh browser context: no cache): the search box ready,
 *   and the Memories view with its first page of memories drawn;
 * - search-as-you-type in the UI: from the last keystroke to the results on screen (includes the 120 ms debounce);
 * - graph: time to load and draw 5,000 entities, and the frame rate while the camera moves (sigma's own renders/s).
 *
 *   npm run bench -- app [--memories 10000] [--entities 5000] [--loads 5] [--queries 20]
 */
import type { Page } from 'playwright-core';
import { Pool } from 'undici';
import { launchChromium } from '../test/browser.ts';
import { formatTable, makeTempDir, ms, numericOptions, percentile, removeDir, runPhase, seededRandom, startServer } from './lib.ts';

const WORDS = ('deploy budget meeting invoice garden release guitar school doctor flight recipe birthday kubernetes redis postgres ' +
  'cache latency review design paris berlin lisbon coffee tea train bike rent salary vacation project sprint backlog bug fix test ' +
  'customer contract lawyer dentist piano novel museum concert football marathon yoga kitchen window roof insurance bank tax').split(' ');

export default async function appBench(argv: string[]) {
  const options = numericOptions(argv, { memories: 10_000, entities: 5_000, loads: 5, queries: 20 });
  const random = seededRandom(11);
  const dataDir = makeTempDir('cairn-app-bench-');
  const server = await startServer({ dataDir, env: { CAIRN_EXTRACTOR: 'none', CAIRN_COMMUNITY_DEBOUNCE_MS: '600000' }, timeoutMs: 60_000 });
  const pool = new Pool(server.url, { connections: 32 });
  const request = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await pool.request({ method, path, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${method} ${path}: ${response.statusCode} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  };
  const browser = await launchChromium();
  try {
    const sentence = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
    const ingest = await runPhase('memories', options.memories, 32, async i => {
      await request('POST', '/memories', { content: `${sentence(6)}.\n\n${sentence(30)}`, labels: [WORDS[i % 12]], importance: (i % 10) / 10 });
    });
    console.log(`seeded ${options.memories} memories in ${ingest.seconds.toFixed(1)} s`);

    // The graph: clusters of 125 entities (each linked to 6 others of its cluster, one link to the previous cluster),
    // written through extract-kg/apply on one memory per cluster, then grouped by community detection.
    const clusterSize = 125;
    const clusters = Math.ceil(options.entities / clusterSize);
    const holders = (await request('GET', `/memories?limit=${Math.min(100, clusters)}`)).memories.map((m: { id: string }) => m.id);
    for (let c = 0; c < clusters; c++) {
      const names = Array.from({ length: clusterSize }, (_, i) => `Entity ${c}-${i}`);
      const relationships = names.flatMap((name, i) =>
        Array.from({ length: 3 }, () => ({ source: name, target: names[(i + 1 + Math.floor(random() * (clusterSize - 1))) % clusterSize], relation_type: 'RELATED_TO' })),
      );
      if (c > 0) relationships.push({ source: names[0], target: `Entity ${c - 1}-0`, relation_type: 'RELATED_TO' });
      await request('POST', `/memories/${holders[c % holders.length]}/extract-kg/apply`, {
        entities: names.map(name => ({ name, entity_type: 'other' })),
        relationships,
        resolution: 'exact',
      });
    }
    const detected = await request('POST', '/communities/detect');
    console.log(`graph: ${detected.entities} entities in ${detected.communities} communities`);

    // Time to interactive, cold: a new context per load (empty cache), timed from navigation start.
    const readyAt = async (hash: string, selector: string) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/app/${hash}`, { waitUntil: 'commit' });
      await page.waitForSelector(selector, { timeout: 30_000 });
      const at = await page.evaluate(() => performance.now());
      await context.close();
      return at;
    };
    const tti = { search: [] as number[], memories: [] as number[] };
    for (let i = 0; i < options.loads; i++) {
      tti.search.push(await readyAt('', '#search-box'));
      tti.memories.push(await readyAt('#/memories', '.memory-row'));
    }

    // Search as you type: each query typed at ~60 ms a key; latency from the last key to the results drawn.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // tsx compiles this file keeping function names (`__name(fn, "step")`); functions sent to the page need the helper.
    await context.addInitScript('globalThis.__name ??= f => f;');
    const page = await context.newPage();
    await page.goto(`${server.url}/app/`);
    await page.waitForSelector('#search-box');
    await instrumentTyping(page);
    const typing: number[] = [];
    for (let i = 0; i < options.queries; i++) {
      const query = `${WORDS[Math.floor(random() * WORDS.length)]} ${WORDS[Math.floor(random() * WORDS.length)]}`;
      await page.fill('#search-box', '');
      await page.waitForFunction(() => !document.querySelector('.result'));
      await page.evaluate(() => ((window as any).__typing = { last: 0, drawn: 0 }));
      await page.type('#search-box', query, { delay: 60 });
      await page.waitForFunction(() => (window as any).__typing.drawn > (window as any).__typing.last, null, { timeout: 10_000 });
      typing.push(await page.evaluate(() => (window as any).__typing.drawn - (window as any).__typing.last));
    }

    // The graph's data, fetched in the page as the app fetches it, now (GET /graph/overview, pages of 2,000 entities)
    // and before (one /library/community/{id}/subgraph call per community, four at a time), alternating, p50 of 3.
    const fetchTimes = { overview: [] as number[], subgraphs: [] as number[] };
    let fetched = { overview: 0, subgraphs: 0 };
    for (let i = 0; i < 3; i++) {
      const overview = await page.evaluate(fetchOverview);
      const subgraphs = await page.evaluate(fetchSubgraphs);
      fetchTimes.overview.push(overview.ms);
      fetchTimes.subgraphs.push(subgraphs.ms);
      fetched = { overview: overview.entities, subgraphs: subgraphs.entities };
    }

    // The graph: load + first draw, then frames while the camera zooms and pans for 3 s.
    const t0 = Date.now();
    await page.goto(`${server.url}/app/#/graph`);
    await page.waitForFunction(() => (window as any).cairnGraph?.graph.order > 0, null, { timeout: 120_000 });
    const graphLoad = Date.now() - t0;
    // Frames while the camera zooms and pans for 3 s: as shown, then without labels, then without edges either, to
    // show where the time of a frame goes.
    const measureFrames = (variant: 'as shown' | 'no labels' | 'no labels, no edges') =>
      page.evaluate(
        variant =>
          new Promise<{ nodes: number; edges: number; fps: number; raf: number }>(resolve => {
            const { sigma, graph } = (window as any).cairnGraph;
            sigma.setSetting('renderLabels', variant === 'as shown');
            sigma.setSetting('renderEdgeLabels', false);
            if (variant === 'no labels, no edges') sigma.setSetting('edgeReducer', (_e: string, a: object) => ({ ...a, hidden: true }));
            let renders = 0;
            let ticks = 0;
            const count = () => renders++;
            sigma.on('afterRender', count);
            const camera = sigma.getCamera();
            const start = performance.now();
            const step = () => {
              const t = (performance.now() - start) / 1000;
              ticks++;
              camera.setState({ x: 0.5 + 0.2 * Math.sin(t * 2), y: 0.5 + 0.2 * Math.cos(t * 2), ratio: 0.6 + 0.4 * Math.sin(t * 3) });
              if (t < 3) requestAnimationFrame(step);
              else {
                sigma.off('afterRender', count);
                resolve({ nodes: graph.order, edges: graph.size, fps: renders / t, raf: ticks / t });
              }
            };
            requestAnimationFrame(step);
          }),
        variant,
      );
    // What the app's code costs per frame, whatever the GPU: sigma's render() called directly (JS and GL submission).
    const renderMs = await page.evaluate(() => {
      const { sigma } = (window as any).cairnGraph;
      const samples: number[] = [];
      for (let i = 0; i < 20; i++) {
        sigma.getCamera().setState({ ratio: 0.5 + (i % 5) / 10 });
        const t = performance.now();
        sigma.render();
        samples.push(performance.now() - t);
      }
      return samples.sort((a, b) => a - b)[10];
    });
    const frames = await measureFrames('as shown');
    const noLabels = await measureFrames('no labels');
    const bare = await measureFrames('no labels, no edges');
    await context.close();

    console.log(
      formatTable([
        ['measure', 'p50', 'p95 / value'],
        [`time to interactive, /app (search box), ${options.loads} cold loads`, ms(percentile(tti.search, 50)), ms(percentile(tti.search, 95))],
        [`time to interactive, Memories view (first page drawn)`, ms(percentile(tti.memories, 50)), ms(percentile(tti.memories, 95))],
        [`search as you type, last key → results drawn (${options.queries} queries)`, ms(percentile(typing, 50)), ms(percentile(typing, 95))],
        [`graph data now: /graph/overview pages of 2,000 (${fetched.overview} entities), 3 runs`, ms(percentile(fetchTimes.overview, 50)), ms(Math.max(...fetchTimes.overview))],
        [`graph data before: a subgraph call per community (${fetched.subgraphs} entities), 3 runs`, ms(percentile(fetchTimes.subgraphs, 50)), ms(Math.max(...fetchTimes.subgraphs))],
        [`graph: load and first draw of ${frames.nodes} entities / ${frames.edges} relations (ms)`, '', ms(graphLoad)],
        [`graph: frames per second while the camera moves (software WebGL)`, '', frames.fps.toFixed(1)],
        [`  the same without labels`, '', noLabels.fps.toFixed(1)],
        [`  the same without labels or edges`, '', bare.fps.toFixed(1)],
        [`graph: JS time of one frame (sigma render(), median of 20, ms)`, '', ms(renderMs)],
      ]),
    );
  } finally {
    await browser.close();
    await pool.close();
    await server.stop();
    removeDir(dataDir);
  }
}

/** In the page: the whole entity graph as the app loads it now, pages of 2,000 from /graph/overview. */
async function fetchOverview() {
  const t = performance.now();
  const page = (offset: number) => fetch(`/graph/overview?node_types=Entity&limit=2000&offset=${offset}`).then(r => r.json());
  const head = await page(0);
  const rest = await Promise.all(Array.from({ length: Math.ceil(head.total_nodes / 2000) - 1 }, (_, i) => page((i + 1) * 2000)));
  return { ms: performance.now() - t, entities: [head, ...rest].reduce((n, p) => n + p.nodes.length, 0) };
}

/** In the page: the graph as the app loaded it before /graph/overview, one subgraph call per community, four at a time. */
async function fetchSubgraphs() {
  const t = performance.now();
  const { communities } = await fetch('/communities?limit=50').then(r => r.json());
  const queue = [...communities];
  let entities = 0;
  const worker = async () => {
    for (let c = queue.shift(); c; c = queue.shift()) {
      const sub = await fetch(`/library/community/${c.id}/subgraph?max_entities=200&include_top_memories=0`).then(r => r.json());
      entities += sub.nodes.filter((n: { node_type: string }) => n.node_type === 'Entity').length;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { ms: performance.now() - t, entities };
}

/** Records the time of the last key in the search box and of the next change of the results list after it. */
async function instrumentTyping(page: Page) {
  await page.evaluate(() => {
    const state = ((window as any).__typing = { last: 0, drawn: 0 });
    document.getElementById('search-box')!.addEventListener('keydown', () => ((window as any).__typing.last = performance.now()), true);
    const hint = document.querySelector('.hint')!;
    new MutationObserver(() => {
      const t = (window as any).__typing;
      if (/result/.test(hint.textContent ?? '') && !/Searching/.test(hint.textContent ?? '') && t.last > 0) t.drawn = performance.now();
    }).observe(hint, { childList: true, characterData: true, subtree: true });
    void state;
  });
}
