/**
 * `npm run bench -- graph-analysis`: the graph-analysis reads (analysis, health, orphans, shortest path, explore,
 * sample, search) on the synthetic graph of bench/libraryReads.ts, each asked `--rounds` times through the app.
 *
 *   npm run bench -- graph-analysis [--entities 5000] [--memories 20000] [--community-size 20] [--rounds 3]
 */
import { loadConfig } from '../src/config.ts';
import { createApp } from '../src/main.ts';
import { buildSyntheticLibrary } from './libraryReads.ts';
import { formatTable, makeTempDir, ms, numericOptions, removeDir } from './lib.ts';

export default async function graphAnalysis(argv: string[]) {
  const options = numericOptions(argv, { entities: 5000, memories: 20_000, communitySize: 20, rounds: 3 });
  const dataDir = makeTempDir('cairn-graph-analysis-');
  const app = await createApp({ ...loadConfig({ dataDir }, {}), logLevel: 'silent', extractor: 'rules' });
  try {
    await buildSyntheticLibrary(app, { ...options, crystals: 0 });
    const { items } = await app.deps.store.entities.list({ limit: 2, offset: 0, order_by: 'mention_count' });
    const [memory] = (await app.deps.store.graphOverview.memoryPage(0, 1)).map(m => m.id);
    const paths: [string, string][] = [
      ['analysis', '/graph/analysis'],
      ['health', '/graph/health'],
      ['orphans', '/graph/orphans'],
      ['shortest path', `/graph/shortest-path?from_id=${items[0]!.id}&to_id=${items[1]!.id}`],
      ['explore (depth 2, 300 nodes)', `/graph/explore?memory_ids=${memory}&depth=2&limit=300`],
      ['sample (500 nodes)', '/graph/sample?limit=500'],
      ['search (100 nodes)', '/graph/search?query=alpha&limit=100'],
    ];
    const rows = [['read', 'best of rounds', 'status']];
    for (const [name, url] of paths) {
      let best = Infinity;
      let status = 0;
      for (let round = 0; round < options.rounds; round++) {
        const started = performance.now();
        status = (await app.server.inject({ method: 'GET', url })).statusCode;
        best = Math.min(best, (performance.now() - started) / 1000);
      }
      rows.push([name, ms(best), String(status)]);
    }
    console.log(`graph: ${options.entities} entities, ${options.memories} memories (about one relation each)`);
    console.log(formatTable(rows));
  } finally {
    await app.close();
    removeDir(dataDir);
  }
}
