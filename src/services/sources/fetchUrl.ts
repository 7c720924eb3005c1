/**
 * A web page or document fetched for a URL source, with the platform's fetch: http(s) only, within a time limit
 * and the source size limit (the body is read as it arrives and refused past the limit). Its kind comes from the
 * response's content type when the URL's name does not say.
 */
import { AppError, InputError, sourceTooLarge } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { sourceLimit } from './ingest.ts';

export const DEFAULT_FETCH_TIMEOUT_MS = 20_000;

export interface FetchedDocument {
  name: string;
  bytes: Uint8Array;
  mimeType: string | null;
  url: string;
}

/** The URL's last path segment (a file name), else its host. */
function nameOf(url: URL): string {
  const last = decodeURIComponent(url.pathname.split('/').filter(Boolean).at(-1) ?? '');
  return last || url.hostname;
}

export async function fetchDocument(deps: Pick<Deps, 'sourceMaxBytes' | 'sourceFetchTimeoutMs'>, address: string, loc: (string | number)[] = ['body', 'url']): Promise<FetchedDocument> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new InputError(loc, `Not a URL: ${address}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InputError(loc, `Only http and https URLs can be fetched (${url.protocol})`);
  const timeout = deps.sourceFetchTimeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const limit = sourceLimit(deps);
  const signal = AbortSignal.timeout(timeout);
  const failed = (why: string) => new InputError(loc, `Could not fetch ${address}: ${why}`, 'value_error.fetch_failed');
  const response = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'text/html, text/markdown, text/plain, application/pdf, */*;q=0.5' } }).catch(
    (error: Error) => {
      throw failed(error.name === 'TimeoutError' ? `no answer within ${timeout} ms` : (error.cause as Error | undefined)?.message ?? error.message);
    },
  );
  if (!response.ok) {
    await response.body?.cancel();
    throw failed(`it answered ${response.status} ${response.statusText}`.trim());
  }
  if (Number(response.headers.get('content-length')) > limit) {
    await response.body?.cancel();
    throw sourceTooLarge(address, limit);
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const part of response.body ?? []) {
      size += part.length;
      if (size > limit) throw sourceTooLarge(address, limit);
      parts.push(part);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw failed((error as Error).name === 'TimeoutError' ? `no answer within ${timeout} ms` : (error as Error).message);
  }
  return { name: nameOf(new URL(response.url || url)), bytes: Buffer.concat(parts), mimeType: response.headers.get('content-type'), url: url.toString() };
}
