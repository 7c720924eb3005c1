import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../../services/deps.ts';
import { fsCapabilities, fsCat, fsFind, fsGrep, fsLs, fsRecall, fsStat } from '../../../services/memfs/rest.ts';
import { deleteFsFile, writeFsFile } from '../../../services/memfs/write.ts';
import { catQuery, deleteBody, findQuery, fsDocs, grepQuery, lsQuery, recallQuery, statQuery, writeBody } from './fs.schema.ts';

/** The filesystem view of the store over REST, as the original's `/fs/*` (the same view as `POST /agent/mem-fs`). */
export const fsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/fs/capabilities', { schema: fsDocs.capabilities }, () => fsCapabilities(deps));
  app.get('/fs/ls', { schema: { ...fsDocs.ls, querystring: lsQuery } }, req => fsLs(deps, req.query));
  app.get('/fs/cat', { schema: { ...fsDocs.cat, querystring: catQuery } }, req => fsCat(deps, req.query));
  app.get('/fs/stat', { schema: { ...fsDocs.stat, querystring: statQuery } }, req => fsStat(deps, req.query));
  app.get('/fs/find', { schema: { ...fsDocs.find, querystring: findQuery } }, req => fsFind(deps, req.query));
  app.get('/fs/grep', { schema: { ...fsDocs.grep, querystring: grepQuery } }, req => fsGrep(deps, req.query));
  app.get('/fs/recall', { schema: { ...fsDocs.recall, querystring: recallQuery } }, req => fsRecall(deps, req.query));
  app.post('/fs/write', { schema: { ...fsDocs.write, body: writeBody } }, req => writeFsFile(deps, req.body));
  app.post('/fs/delete', { schema: { ...fsDocs.delete, body: deleteBody } }, req => deleteFsFile(deps, req.body));
};
