import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { graphAnalysis, planPageRank, shortestPaths } from '../../../services/graph/analysis.ts';
import { augmentationJob, augmentationState, listAugmentationJobs, startAugmentation } from '../../../services/graph/augmentation.ts';
import { expandNode } from '../../../services/graph/expand.ts';
import { deleteOrphans, graphHealth, listOrphans } from '../../../services/graph/orphans.ts';
import { communityMembers, exploreGraph, livePreview, nodeDetails, sampleGraph, searchGraph } from '../../../services/graph/views.ts';
import {
  analysisDocs as docs,
  analysisQuery,
  augmentationBody,
  communityParams,
  exploreQuery,
  jobParams,
  jobsQuery,
  livePreviewNodeQuery,
  livePreviewQuery,
  nodeParams,
  pagerankPlanQuery,
  sampleQuery,
  searchQuery,
  shortestPathQuery,
  visQuery,
} from './graph.analysis.schema.ts';
import { renderGraphPage } from './graph.vis.ts';

/** The reference's graph-analysis family: views around seeds, paths, analysis, health, orphans and augmentation jobs. */
export const graphAnalysisRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/graph/vis', { schema: { ...docs.vis, querystring: visQuery } }, async (req, reply) => {
    const { query, memory_ids, depth, limit, search_bar } = req.query;
    const graph = memory_ids
      ? await exploreGraph(deps, { memory_ids, depth, limit })
      : query
        ? await searchGraph(deps, { query, depth, limit: Math.min(100, limit), include_metadata: false })
        : await sampleGraph(deps, { limit, depth: 1 });
    return reply.type('text/html; charset=utf-8').send(renderGraphPage(graph, { query, search_bar }));
  });
  app.get('/graph/search', { schema: { ...docs.search, querystring: searchQuery } }, req => searchGraph(deps, req.query));
  app.get('/graph/explore', { schema: { ...docs.explore, querystring: exploreQuery } }, req => exploreGraph(deps, req.query));
  app.get('/graph/sample', { schema: { ...docs.sample, querystring: sampleQuery } }, req => sampleGraph(deps, req.query));
  app.get('/graph/shortest-path', { schema: { ...docs.shortestPath, querystring: shortestPathQuery } }, req => shortestPaths(deps, req.query));
  app.get('/graph/community-members/:community_id', { schema: { ...docs.communityMembers, params: communityParams } }, req =>
    communityMembers(deps, req.params.community_id),
  );
  app.get('/graph/node-details/:node_id', { schema: { ...docs.nodeDetails, params: nodeParams } }, req => nodeDetails(deps, req.params.node_id));
  app.get('/graph/live-preview', { schema: { ...docs.livePreview, querystring: livePreviewQuery } }, req => livePreview(deps, req.query));
  app.get('/graph/live-preview/:node_id', { schema: { ...docs.livePreviewNode, params: nodeParams, querystring: livePreviewNodeQuery } }, req =>
    expandNode(deps, req.params.node_id, { ...req.query, depth: 1 }),
  );
  app.get('/graph/analysis', { schema: { ...docs.analysis, querystring: analysisQuery } }, req => graphAnalysis(deps, req.query));
  app.get('/graph/health', { schema: docs.health }, () => graphHealth(deps));
  app.get('/graph/orphans', { schema: docs.orphans }, () => listOrphans(deps));
  app.delete('/graph/orphans', { schema: docs.deleteOrphans }, () => deleteOrphans(deps));
  app.get('/graph/augmentation/state', { schema: docs.state }, () => augmentationState(deps));
  app.post('/graph/augmentation/start', { schema: { ...docs.start, body: augmentationBody } }, req => startAugmentation(deps, req.body));
  app.get('/graph/augmentation/status/:job_id', { schema: { ...docs.status, params: jobParams } }, req => augmentationJob(deps, req.params.job_id));
  app.get('/graph/augmentation/jobs', { schema: { ...docs.jobs, querystring: jobsQuery } }, req => listAugmentationJobs(deps, req.query));
  app.get('/graph/augmentation/pagerank/plan', { schema: { ...docs.pagerankPlan, querystring: pagerankPlanQuery } }, req => planPageRank(deps, req.query));
};
