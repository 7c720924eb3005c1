/** The MCP SDK's own client against a test app's /mcp, as an assistant reaches it: shared by the MCP test files. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { App } from '../src/main.ts';

/** What a tool call answers. */
export interface ToolResult {
  content: { type: string; text: string }[];
  structuredContent?: Record<string, any>;
  isError?: boolean;
}

/** Listens on a free port and returns the MCP endpoint's URL. */
export const listenForMcp = async (app: App) => `${await app.server.listen({ port: 0, host: '127.0.0.1' })}/mcp`;

/** Clients of one MCP endpoint, each with its own headers; `closeAll` in the suite's `after`. */
export function mcpClients(url: () => string) {
  const clients: Client[] = [];
  return {
    async connect(headers: Record<string, string> = {}) {
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url()), { requestInit: { headers } }));
      clients.push(client);
      return client;
    },
    call: async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as ToolResult,
    closeAll: () => Promise.all(clients.map(c => c.close())),
  };
}
