/**
 * The MCP server at /mcp (and /mcp/): streamable HTTP, stateless as the SDK advises for a server many clients share —
 * each POST gets its own McpServer and transport, built with the scope of that request's headers, and answers JSON.
 * Auth is the REST hook's (installAuth runs before this handler). Tools call services, never SQL or HTTP.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Deps } from '../../services/deps.ts';
import { callTool, type McpScope, type ToolContext, type ToolDef } from './tools/common.ts';
import { contextTools } from './tools/context.ts';
import { memoryTools } from './tools/memories.ts';
import { threadTools } from './tools/threads.ts';
import { graphTools } from './tools/graph.ts';
import { reviewTools } from './tools/review.ts';
import { skillTools } from './tools/skills.ts';
import { sourceTools } from './tools/sources.ts';
import { inToolSet } from './toolSets.ts';

/** Every tool, in the order tools/list shows them. */
export const TOOLS: ToolDef[] = [...contextTools, ...memoryTools, ...threadTools, ...graphTools, ...reviewTools, ...skillTools, ...sourceTools];
const byName = new Map(TOOLS.map(t => [t.name, t]));

/** The tools/list answer, full and slim, computed once: a request builds no schema. */
const listings = new Map<boolean, Tool[]>();
function listing(slim: boolean): Tool[] {
  let tools = listings.get(slim);
  if (!tools) {
    tools = TOOLS.map(t => ({
      name: t.name,
      description: slim ? t.slim : t.description,
      inputSchema: z.toJSONSchema(t.input, { io: 'input' }) as Tool['inputSchema'],
      annotations: { readOnlyHint: t.readOnly, destructiveHint: false, openWorldHint: false },
    }));
    listings.set(slim, tools);
  }
  return tools;
}

const INSTRUCTIONS =
  'Cairn is the user\'s long-term memory. At session start call read_context_bundle. Before answering questions about past work, ' +
  'decisions or preferences, call memory_search (and thread_search for earlier conversations). Save durable decisions, preferences, ' +
  'procedures and lessons with memory_add (search first; update with memory_update instead of duplicating). Browse with mem_fs.';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const raw = headers[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value && value.length <= 200 ? value : undefined;
}

/** The scope the original product's clients send as headers; it applies to every tool call of the request. */
export function scopeFromHeaders(headers: IncomingHttpHeaders): McpScope {
  return {
    space_id: header(headers, 'x-nmem-space-id'),
    agent_id: header(headers, 'x-nmem-agent-id'),
    host_agent_id: header(headers, 'x-nmem-host-agent-id'),
    source_app: header(headers, 'x-nmem-source-app') ?? header(headers, 'app'),
    slim: header(headers, 'x-nowledge-tool-schema-profile')?.toLowerCase() === 'slim',
    tool_set: header(headers, 'x-nmem-tool-set')?.toLowerCase(),
  };
}

/** The MCP SDK, loaded by the first MCP request rather than when the server starts (it is a sizeable import). */
let sdkModules: Promise<[typeof import('@modelcontextprotocol/sdk/server/index.js'), typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js'), typeof import('@modelcontextprotocol/sdk/types.js')]> | null = null;
const loadSdk = () =>
  (sdkModules ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
  ]));

/** An MCP server answering tools/list and tools/call, bound to one request's scope. */
export async function buildMcpServer(deps: Deps, scope: McpScope, log?: (message: string) => void): Promise<Server> {
  const [{ Server }, , { CallToolRequestSchema, ListToolsRequestSchema }] = await loadSdk();
  const server = new Server({ name: 'cairn', version: deps.version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  const ctx: ToolContext = { deps, scope, log };
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing(scope.slim).filter(t => inToolSet(scope.tool_set, t.name)) }));
  server.setRequestHandler(CallToolRequestSchema, async request => {
    const tool = inToolSet(scope.tool_set, request.params.name) ? byName.get(request.params.name) : undefined;
    if (!tool) return { content: [{ type: 'text', text: `Unknown tool "${request.params.name}": call tools/list for the tools there are` }], isError: true };
    return callTool(tool, request.params.arguments, ctx);
  });
  return server;
}

const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

export const mcpRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // Fastify has parsed the JSON already: the transport must be given it, as the request stream is consumed.
    if (request.body === undefined) return reply.code(400).send(rpcError(-32700, 'Parse error: the body must be a JSON-RPC message'));
    const server = await buildMcpServer(deps, scopeFromHeaders(request.headers), message => request.log.error(message));
    const [, { StreamableHTTPServerTransport }] = await loadSdk();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (error) {
      request.log.error({ err: error }, 'MCP request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(rpcError(-32603, 'Internal server error')));
    }
  };
  // Stateless: no server-sent event stream to open (GET) and no session to end (DELETE).
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).header('allow', 'POST').send(rpcError(-32000, 'Method not allowed: this MCP server is stateless; send JSON-RPC messages with POST'));
  app.post('/mcp', { schema: { hide: true } }, handle);
  app.get('/mcp', { schema: { hide: true } }, notAllowed);
  app.delete('/mcp', { schema: { hide: true } }, notAllowed);
};
