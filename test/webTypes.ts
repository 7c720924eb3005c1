/**
 * Compile-time only (the server's `tsc --noEmit` checks it; nothing runs): the answers web/src/types.ts declares by
 * hand, because their schemas' modules import services, still fit what the server documents and validates. A field
 * the server renames or retypes fails the type check here.
 */
import type { z } from 'zod';
import type { dataDocs } from '../src/http/routes/data/data.schema.ts';
import type { memoryDocs } from '../src/http/routes/memories/memories.schema.ts';
import type { searchDocs } from '../src/http/routes/search/search.schema.ts';
import type * as Web from '../web/src/types.ts';

type Answer<Doc extends { response: { 200: z.ZodType } }> = z.infer<Doc['response'][200]>;
/** Compiles only when the server's answer can stand where the web app expects its declared type. */
type Fits<Server extends Web, Web> = Server;

export type Checked = [
  Fits<Answer<typeof memoryDocs.create>, Web.CreatedMemory>,
  Fits<Answer<typeof memoryDocs.list>, Web.MemoryList>,
  Fits<Answer<typeof searchDocs.rebuildStatus>, Web.RebuildStatus>,
  Fits<Answer<typeof searchDocs.indexStatus>, Web.IndexStatus>,
  Fits<Answer<typeof searchDocs.storageInfo>, Web.StorageInfo>,
  Fits<Answer<typeof dataDocs.exportStatus>, Web.ExportJob>,
];
