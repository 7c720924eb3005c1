import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mcpConfigSnippet, mcpEndpoint } from './mcpConfig.ts';

const withKey = { url: 'http://127.0.0.1:14242', apiKey: 'sk-1' };

test('the endpoint is the server address with /mcp/, whether or not it was given', () => {
  assert.equal(mcpEndpoint('http://127.0.0.1:14242'), 'http://127.0.0.1:14242/mcp/');
  assert.equal(mcpEndpoint('https://mem.example.com/mcp'), 'https://mem.example.com/mcp/');
  assert.equal(mcpEndpoint('https://mem.example.com/mcp/'), 'https://mem.example.com/mcp/');
});

test('Claude Code gets an add command carrying the key as a bearer header', () => {
  assert.equal(mcpConfigSnippet('claude-code', withKey), "claude mcp add --transport http cairn http://127.0.0.1:14242/mcp/ --header 'Authorization: Bearer sk-1'");
  assert.equal(mcpConfigSnippet('claude-code', { url: 'http://127.0.0.1:14242' }), 'claude mcp add --transport http cairn http://127.0.0.1:14242/mcp/');
});

test('Cursor and Gemini CLI get JSON with the url and headers; no key means no headers', () => {
  assert.deepEqual(JSON.parse(mcpConfigSnippet('cursor', withKey)), { mcpServers: { cairn: { url: 'http://127.0.0.1:14242/mcp/', headers: { Authorization: 'Bearer sk-1' } } } });
  assert.deepEqual(JSON.parse(mcpConfigSnippet('gemini-cli', { url: 'http://h:1', spaceId: 'work' })), { mcpServers: { cairn: { httpUrl: 'http://h:1/mcp/', headers: { 'X-Nmem-Space-Id': 'work' } } } });
  assert.deepEqual(JSON.parse(mcpConfigSnippet('cursor', { url: 'http://h:1' })), { mcpServers: { cairn: { url: 'http://h:1/mcp/' } } });
});

test('Claude Desktop bridges through mcp-remote, the key passed by environment', () => {
  const config = JSON.parse(mcpConfigSnippet('claude-desktop', withKey)).mcpServers.cairn;
  assert.deepEqual(config.args, ['-y', 'mcp-remote', 'http://127.0.0.1:14242/mcp/', '--header', 'Authorization:${CAIRN_HEADER_0}']);
  assert.deepEqual(config.env, { CAIRN_HEADER_0: 'Bearer sk-1' });
});

test('Codex gets a TOML table with the headers', () => {
  assert.equal(mcpConfigSnippet('codex', withKey), '[mcp_servers.cairn]\nurl = "http://127.0.0.1:14242/mcp/"\nhttp_headers = { "Authorization" = "Bearer sk-1" }');
});
