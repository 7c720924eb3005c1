import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { crossOriginForm } from '../errors.ts';

/**
 * A browser posts multipart/form-data to another site without asking it first (no CORS preflight), so without this
 * check any web page open on the machine could upload documents or an archive into a local Cairn that has no API key.
 * Browsers name the page that sent the form in `Origin`; the web app's own uploads come from this server's origin, and
 * clients other than browsers (nmem, curl, scripts) send no Origin at all.
 */
export function refuseCrossOriginForm(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined || isThisServer(origin, request.headers.host)) return;
  if (request.body instanceof Readable) request.body.resume(); // drained, so the client reads the 403
  throw crossOriginForm(origin);
}

/** Whether `origin` names the host the request was sent to (`null`, from a sandboxed page or a file, never does). */
function isThisServer(origin: string, host: string | undefined): boolean {
  if (!host || !URL.canParse(origin)) return false;
  const page = new URL(origin);
  // Parsed with the page's scheme, so an explicit default port (localhost:80) reads as the origin writes it.
  return URL.canParse(`${page.protocol}//${host}`) && new URL(`${page.protocol}//${host}`).host === page.host;
}
