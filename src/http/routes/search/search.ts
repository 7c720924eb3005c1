import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { read } from '../../../services/reads/reads.ts';
import {
  optimizeStorage,
  reindexMemories,
  reindexStatus,
  searchIndexStatus,
  storageInfo,
} from '../../../services/search/maintenance.ts';
import { searchEverything } from '../../../services/search/unified.ts';
import { optionalBody } from '../../schemas.ts';
import { JsonText } from '../../jsonText.ts';
import { unifiedSearchBody, unifiedSearchDocs } from './search.unified.schema.ts';
import { reindexBody, reindexQuery, reindexStatusQuery, searchBody, searchDocs, searchQuery } from './search.schema.ts';

export const searchRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.post('/memories/search', { schema: { ...searchDocs.search, body: searchBody } }, async req => {
    // The results come as JSON text, made where the search ran (on a read worker: off the event loop, and one string
    // to copy between threads instead of a tree of objects); the serialiser sends it as it is.
    const results = await read(deps, { kind: 'searchResultsJson', input: req.body });
    return new JsonText(results) as never; // typed as the schema's array: the serialiser (openapi.ts) knows JsonText
  });
  // Memories and conversations in one ranked list (not in the interface: Cairn's own).
  app.post('/search', { schema: { ...unifiedSearchDocs, body: unifiedSearchBody } }, req => searchEverything(deps, req.body));
  // The query-string form several real clients call.
  app.get('/memories/search', { schema: { ...searchDocs.searchGet, querystring: searchQuery } }, async req => {
    const started = performance.now();
    const input = { ...req.query, query: req.query.q, include_states: ['active' as const], include_entities: false };
    const { results, semantic_unavailable } = await read(deps, { kind: 'search', input });
    return {
      memories: results.map(r => ({ ...r.memory, relevance_score: r.similarity_score, relevance_reason: r.relevance_reason })),
      search_metadata: {
        query: req.query.q,
        mode: req.query.mode,
        total: results.length,
        took_ms: Number((performance.now() - started).toFixed(2)),
        semantic: semantic_unavailable === null,
        semantic_unavailable,
      },
    };
  });

  app.post('/memories/reindex', { schema: { ...searchDocs.reindex, querystring: reindexQuery, body: optionalBody(reindexBody) } }, req =>
    reindexMemories(deps, { ...req.body, batch_size: req.query.batch_size }),
  );
  app.get('/memories/reindex/status', { schema: { ...searchDocs.reindexStatus, querystring: reindexStatusQuery } }, req => reindexStatus(deps, req.query));
  app.get('/search-index/status', { schema: searchDocs.indexStatus }, () => searchIndexStatus(deps));
  app.post('/search-index/reindex', { schema: searchDocs.rebuild }, async () => {
    const run = await deps.rebuilds.start();
    return {
      success: true,
      run_id: run.run_id,
      memories: run.memories,
      messages: 0,
      sources: 0,
      source_chunks: 0,
      communities: 0,
      entities: 0,
      errors: [],
      message: run.already_running ? 'A rebuild is already running' : 'Rebuild started in the background; poll /search-index/reindex/status',
      restart_recommended: false,
    };
  });
  app.get('/search-index/reindex/status', { schema: searchDocs.rebuildStatus }, () => deps.rebuilds.status());
  app.get('/storage/info', { schema: searchDocs.storageInfo }, () => storageInfo(deps));
  app.post('/storage/optimize', { schema: searchDocs.optimize }, () => optimizeStorage(deps));
};
