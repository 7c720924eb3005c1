import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VERSION } from '../version.ts';
import { docsKeyOf } from './docsAccess.ts';
import { JsonText } from './jsonText.ts';

/** The operation groups of `/docs`, in the order Swagger UI shows them. */
export const TAGS = {
  Memories: 'Create, read, update and delete memories: the unit of knowledge Cairn keeps.',
  Lifecycle: 'Move a memory between states (active, deprecated, archived, superseded, forgotten) and back.',
  Bulk: 'Move or delete many memories at once, with a preview first.',
  Search: 'Find memories by meaning and by words: fast (BM25 + vectors) or deep (entities, graph, history).',
  Index: 'The search index and the storage behind it: status, rebuilds, size and maintenance.',
  Labels: 'The label vocabulary: create, rename, merge (with undo), health and consolidation; labels on memories.',
  Favorites: 'Memories and threads marked as favourites.',
  Relations: 'Typed links between memories, suggestions for new ones, and EVOLVES revision history.',
  Graph: 'The knowledge graph: entities and relationships extracted from memories, and neighbourhood expansion.',
  Communities: 'Topic clusters of entities, detected in the background or on demand.',
  Crystals: 'Crystals: one synthesised memory made from several source memories or a community.',
  Library: 'The wiki over the graph: index, topic, entity and crystal pages (Markdown), and the wiki and OKF ZIP exports.',
  Threads: 'Conversations: save, import, append, search and read threads, the provenance of memories.',
  Distillation: 'Turn a conversation into memories: triage, then distil.',
  Agent: 'What an assistant reads and writes: working memory, context bundles, the activity feed, the memory filesystem.',
  Profiles: 'Agent profiles in settings: import, create, update, list, delete.',
  Settings: "The owner's profile and the guidance rules for agents (part of the context bundle).",
  Spaces: 'Spaces: separate memory lanes with a name, a key, agent instructions and shared-space links; listed with what each holds.',
  Data: 'Export and import the whole store as an archive, at once, as a background job, or as a download and an upload; a storage checkpoint.',
  Sources: 'Documents as memory: Markdown, text, HTML, PDF and DOCX ingested by upload, path, URL or text, read into chunk memories with provenance; list, search, read, edit, label, delete.',
  Trash: 'Deleted memories stay restorable for a while: list, read, restore, empty.',
  Sync: "Sync between a person's devices through a remote (a folder or a Cairn hub): run a round now, read its status.",
  'Sync hub': 'The segment store a hub server (CAIRN_SYNC_HUB=1) keeps for other devices: opaque, sealed bytes, never rewritten.',
  Health: 'Liveness, health, capabilities and a storage checkpoint. These answer without an API key.',
} as const;

export type Tag = keyof typeof TAGS;

/** How to reach Cairn, shown at the top of `/docs`. */
const DESCRIPTION = `Cairn is a local-first knowledge-memory service: it keeps memories (notes, facts, decisions, conversations
distilled), labels them, links them into a knowledge graph of entities and relations, and finds them again by meaning
and by words. Everything is JSON over HTTP; the same operations are offered to assistants over MCP at \`POST /mcp\`.

**Authentication.** With no API key configured, no key is needed (Cairn then refuses to listen beyond loopback). Once a
key is configured (\`CAIRN_API_KEY\`, or keys made with \`cairn keys create\`), every endpoint except \`/health\`, \`/livez\` and \`/capabilities\`
needs it, sent as \`Authorization: Bearer <key>\`, as the \`X-NMEM-API-Key\` header, or as the \`nmem_api_key\` query
parameter. Use **Authorize** to try operations from this page with a key. A missing or wrong key answers \`401\`; eight wrong keys in five minutes lock the address out for ten (\`429\`).

**Errors.** Invalid input answers \`422\` in FastAPI's shape, \`{"detail": [{"loc", "msg", "type"}]}\`; every other error
answers \`{"detail": "...", "error_code": "..."}\` with its status (\`404\` for anything that does not exist).
Unknown fields in a JSON body are ignored, and a JSON-object answer then lists them in \`warnings\` (an array of
strings, "Unknown field 'x' was ignored (did you mean 'y'?)").

**Short ids.** Wherever a path, query or body names an existing record by id, a unique prefix of the id is accepted
(at least 8 hex digits, hyphens optional, any case): \`GET /memories/01a21663-901d\`. A prefix that starts several ids
answers \`409\` \`ambiguous_id\` with their \`candidates\`. \`POST /ids/short\` gives the shortest unique prefix of each id.`;

/** Every response that is not a validation error: `{detail, error_code}`, sometimes with more context. */
export const ErrorResponse = z
  .looseObject({
    detail: z.string().describe('What went wrong, for a person'),
    error_code: z.string().describe('What went wrong, for a program (e.g. memory_not_found)'),
  })
  .meta({ id: 'ErrorResponse' });

/** FastAPI's HTTPValidationError: one entry per invalid field. */
export const ValidationErrorResponse = z
  .object({
    detail: z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number()])).describe('Where: body, query, path or header, then the field path'),
        msg: z.string(),
        type: z.string(),
      }),
    ),
  })
  .meta({ id: 'HTTPValidationError' });

/** The error answers of an operation: every 4xx, with 422 for invalid input. */
export const errors = { '4xx': ErrorResponse, 422: ValidationErrorResponse } as const;

interface RouteDoc<R> {
  tag: Tag;
  summary: string;
  description: string;
  response: R;
}

/** An operation's documentation: summary, description, tag and its response schemas (errors added). */
export function doc<R extends Record<number, unknown>>({ tag, summary, description, response }: RouteDoc<R>) {
  return { tags: [tag], summary, description, response: { ...response, ...errors } };
}

/** The endpoints any caller may reach without a key (auth.ts). */
/** A 2xx answer that is a file (a ZIP archive, a document's bytes), not JSON: its media type and a binary schema. */
export const fileResponse = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.string().meta({ format: 'binary' }) } },
});

export const OPEN = { security: [] as Record<string, string[]>[] };

/**
 * Response schemas document; they do not change answers. In production a reply is plain JSON.stringify, exactly as
 * without a schema. With `validate` (tests), every reply is checked against its schema first, and a reply that does not
 * match (a wrong type, or a field the schema does not name) fails the request with a 500 that says why. A `JsonText`
 * is JSON already (a read worker made it): its text is sent, and checked, as it is.
 */
export function responseSerializer(validate: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url, httpStatus }) => {
    if (!validate) return data => (data instanceof JsonText ? data.text : JSON.stringify(data));
    return data => {
      const text = data instanceof JsonText ? data.text : JSON.stringify(data);
      const sent = JSON.parse(text);
      const result = schema.safeParse(sent);
      const problem = result.success ? undocumented(withoutIgnoredFieldWarnings(sent, result.data), result.data, '') : z.prettifyError(result.error);
      if (problem) {
        const message = `Response ${httpStatus} of ${method} ${url} does not match its schema: ${problem}`;
        console.error(message);
        throw new Error(message);
      }
      return text;
    };
  };
}

/**
 * Any answer to a body with unknown fields may list them in a top-level `warnings` (unknownFields.ts, described once in
 * the document's description): a schema that does not name `warnings` is not asked to.
 */
function withoutIgnoredFieldWarnings(sent: unknown, parsed: unknown): unknown {
  if (!sent || typeof sent !== 'object' || Array.isArray(sent) || !Array.isArray((sent as { warnings?: unknown }).warnings)) return sent;
  if (parsed && typeof parsed === 'object' && 'warnings' in parsed) return sent;
  const { warnings, ...rest } = sent as { warnings: unknown[] };
  return warnings.every(w => typeof w === 'string') ? rest : sent;
}

/** The first field of `sent` that parsing dropped (the schema does not name it), or null. */
function undocumented(sent: unknown, parsed: unknown, path: string): string | null {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    for (let i = 0; i < sent.length; i++) {
      const found = undocumented(sent[i], parsed[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (sent && typeof sent === 'object' && parsed && typeof parsed === 'object') {
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in parsed)) return `${path}.${key} is not in the schema`;
      const found = undocumented(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The named schemas the operations reach. The transform names an input twin of every shared (response) schema too
 * (`MemoryInput`…); no request uses them, so they are left out.
 */
function withoutUnusedSchemas<D extends object>(document: D): D {
  const { paths, components } = document as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
        const name = value.slice('#/components/schemas/'.length);
        if (!reached.has(name)) {
          reached.add(name);
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  visit(paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
  return { ...document, components: { ...components, schemas: kept } };
}

/** OpenAPI document (`/openapi.json`, `/docs/json`) and Swagger UI (`/docs`). */
export async function installOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Cairn', description: DESCRIPTION, version: VERSION },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-NMEM-API-Key' },
        },
      },
      security: [{ bearer: [] }, { apiKeyHeader: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: document => withoutUnusedSchemas(jsonSchemaTransformObject(document)),
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    theme: { title: 'Cairn API', css: [{ filename: 'cairn.css', content: '.swagger-ui .topbar { display: none }' }] },
    uiConfig: {
      // Tags start collapsed: with every operation expanded (over 130 of them), Swagger UI rendered only the first tag.
      docExpansion: 'none',
      deepLinking: true,
      persistAuthorization: true,
      // Swagger UI runs these in the browser (they are sent as source): the key of the /docs session, named in the
      // OpenAPI document served to it, goes with every Try-it-out request unless the Authorize dialog set another.
      responseInterceptor: function (response: { [field: string]: any }) {
        let spec = response.body as Record<string, unknown> | undefined;
        if (!spec || typeof spec !== 'object') {
          try {
            spec = JSON.parse(String(response.text));
          } catch {
            spec = undefined;
          }
        }
        if (spec && typeof spec['x-cairn-docs-key'] === 'string') (window as unknown as Record<string, unknown>).cairnDocsKey = spec['x-cairn-docs-key'];
        return response;
      },
      requestInterceptor: function (request: { [field: string]: any }) {
        const key = (window as unknown as Record<string, unknown>).cairnDocsKey;
        if (typeof key === 'string' && !request.headers.Authorization && !request.headers['X-NMEM-API-Key']) request.headers['X-NMEM-API-Key'] = key;
        return request;
      },
    },
    transformSpecification: (document, request) => {
      const key = docsKeyOf(request);
      return key ? { ...document, 'x-cairn-docs-key': key } : document;
    },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
