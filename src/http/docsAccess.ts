import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How a browser opens `/docs` once a key is configured. `/docs?nmem_api_key=KEY` checks the key, then answers with a
 * session cookie (HttpOnly, SameSite=Strict, Path=/docs) and a redirect to `/docs/`: the page's scripts, styles and
 * OpenAPI document load with the cookie, and the key leaves the address bar. The session keeps the key on the server
 * only, so a revoked key or a lockout ends it at once. The OpenAPI document served to a session names the key
 * (`x-cairn-docs-key`), so that Swagger UI's Try-it-out sends it as X-NMEM-API-Key (see openapi.ts).
 */

export const DOCS_COOKIE = 'cairn_docs';
const SESSION_MS = 12 * 60 * 60_000;
const MAX_SESSIONS = 1000;

export const isDocsPath = (route: string | undefined) => route !== undefined && (route === '/docs' || route.startsWith('/docs/'));

const sessions = new Map<string, { key: string; until: number }>();
/** The key a docs request was let in with, for the OpenAPI document it is served. */
const docsKeys = new WeakMap<FastifyRequest, string>();

function cookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  return header?.match(new RegExp(`(?:^|;\\s*)${DOCS_COOKIE}=([A-Za-z0-9_-]+)`))?.[1];
}

/** The key of the request's docs session, when it has a live one. */
export function sessionKey(request: FastifyRequest): string | undefined {
  const id = cookieOf(request);
  const session = id ? sessions.get(id) : undefined;
  if (!session) return undefined;
  if (Date.now() > session.until) {
    sessions.delete(id!);
    return undefined;
  }
  return session.key;
}

export function endSession(request: FastifyRequest): void {
  const id = cookieOf(request);
  if (id) sessions.delete(id);
}

/** Records that a docs request was let in with `key`; a key from the address starts a session and leaves the address. */
export function admitToDocs(request: FastifyRequest, reply: FastifyReply, key: string, fromQuery: boolean): boolean {
  docsKeys.set(request, key);
  if (!fromQuery) return false;
  if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  const id = randomBytes(24).toString('base64url');
  sessions.set(id, { key, until: Date.now() + SESSION_MS });
  reply.header('set-cookie', `${DOCS_COOKIE}=${id}; Path=/docs; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MS / 1000}`);
  const { pathname } = new URL(request.url, 'http://x');
  // The page itself moves to `/docs/` (its relative links resolve there); its parts are answered where they are.
  if (request.method === 'GET' && (pathname === '/docs' || pathname === '/docs/')) {
    void reply.redirect('/docs/', 303);
    return true;
  }
  return false;
}

export const docsKeyOf = (request: FastifyRequest) => docsKeys.get(request);

const escape = (text: string) => text.replace(/[&<>"]/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A refusal a person reads in the browser (the API answers JSON as always; this is for a page asked for as HTML). */
export function docsRefusalPage(status: number, detail: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Cairn API: key needed</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem}code{background:#eee;padding:0 .2em}</style></head>
<body><h1>The Cairn API reference needs your API key</h1>
<p>${escape(detail)} (${status})</p>
<p>Open it with your key in the address: <code>/docs?nmem_api_key=YOUR_KEY</code>. The page then keeps a session
cookie for <code>/docs</code> and drops the key from the address; Try-it-out sends the key with each request.</p>
<p>No key yet? Run <code>cairn keys create</code> on the server's machine (or use the one in <code>CAIRN_API_KEY</code>).</p>
</body></html>
`;
}

export const wantsHtml = (request: FastifyRequest) => /text\/html/.test(String(request.headers.accept ?? ''));
