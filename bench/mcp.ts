/**
 * `npm run bench -- mcp`: what the MCP layer costs a tool call. One server process; `memory_search` and `memory_add`
 * are called through the MCP SDK's client (streamable HTTP at /mcp/) and the same calls through REST
 * (POST /memories/search, POST /memories), alternated call by call in one run (which goes first alternates too), so
 * both see the same machine load and the same store. Reports p50/p95 per call and what MCP adds at p50 (target ≤ 2 ms).
 *
 *   npm run bench -- mcp [--memories 1000] [--calls 400] [--warmup 50]
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { formatTable, makeTempDir, ms, numericOptions, percentile, removeDir, runPhase, startServer } from './lib.ts';

const TOPICS = ['database', 'deploy', 'cache', 'auth tokens', 'billing', 'search index', 'queue', 'dashboards', 'backups', 'onboarding'];
const QUERIES = ['which database do we use', 'how do we deploy', 'cache eviction policy', 'token rotation', 'billing retries', 'backup schedule'];

const memoryText = (i: number) => `Note ${i} about ${TOPICS[i % TOPICS.length]}: decision ${i % 7} was taken after review ${i % 13} for team ${i % 5}.`;

async function post(url: string, body: unknown) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

export default async function mcpBench(argv: string[]) {
  const options = numericOptions(argv, { memories: 1000, calls: 400, warmup: 50 });
  const dataDir = makeTempDir('cairn-bench-mcp-');
  const server = await startServer({ dataDir });
  const client = new Client({ name: 'cairn-bench', version: '1.0.0' });
  try {
    const seeded = await runPhase('seed', options.memories, 8, async i => void (await post(`${server.url}/memories`, { content: memoryText(i) })));
    if (seeded.errors) throw new Error(`${seeded.errors} seed writes failed`);
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/`)));

    const calls = {
      'memory_search REST': (i: number) => post(`${server.url}/memories/search`, { query: QUERIES[i % QUERIES.length], limit: 10 }),
      'memory_search MCP': async (i: number) => {
        const r = await client.callTool({ name: 'memory_search', arguments: { query: QUERIES[i % QUERIES.length], limit: 10 } });
        if (r.isError) throw new Error(JSON.stringify(r.content));
      },
      'memory_add REST': (i: number) => post(`${server.url}/memories`, { content: `REST ${memoryText(options.memories + i)}` }),
      'memory_add MCP': async (i: number) => {
        const r = await client.callTool({ name: 'memory_add', arguments: { content: `MCP ${memoryText(options.memories + i)}` } });
        if (r.isError) throw new Error(JSON.stringify(r.content));
      },
    };
    const samples = new Map<string, number[]>(Object.keys(calls).map(k => [k, []]));
    const pairs: [keyof typeof calls, keyof typeof calls][] = [['memory_search REST', 'memory_search MCP'], ['memory_add REST', 'memory_add MCP']];
    for (let i = 0; i < options.warmup + options.calls; i++) {
      for (const pair of pairs) {
        const order = i % 2 === 0 ? pair : ([pair[1], pair[0]] as const);
        for (const name of order) {
          const t0 = performance.now();
          await calls[name](i);
          if (i >= options.warmup) samples.get(name)!.push(performance.now() - t0);
        }
      }
    }

    const rows = [['call', 'p50 ms', 'p95 ms', 'calls']];
    for (const [name, values] of samples) rows.push([name, ms(percentile(values, 50)), ms(percentile(values, 95)), String(values.length)]);
    console.log(`MCP vs REST on one server process (${options.memories} memories seeded, ${options.calls} calls each, alternated)\n`);
    console.log(formatTable(rows));
    console.log('');
    for (const tool of ['memory_search', 'memory_add']) {
      const rest = samples.get(`${tool} REST`)!;
      const mcp = samples.get(`${tool} MCP`)!;
      const added50 = percentile(mcp, 50) - percentile(rest, 50);
      const added95 = percentile(mcp, 95) - percentile(rest, 95);
      console.log(`${tool}: MCP adds ${ms(added50)} ms at p50 (${added50 <= 2 ? 'within' : 'over'} the 2 ms target), ${ms(added95)} ms at p95`);
    }
  } finally {
    await client.close().catch(() => {});
    await server.stop();
    removeDir(dataDir);
  }
}
