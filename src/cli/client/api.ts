/** A small REST client for the command line: JSON in and out, the key as a bearer token, errors as values to report. */
import type { Settings } from './settings.ts';

/** The server answered with an error status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    readonly body: Record<string, unknown>,
  ) {
    super(`${status}: ${describeDetail(detail)}`);
  }
}

/** No server answered at the address. */
export class UnreachableError extends Error {
  constructor(readonly url: string, cause: unknown) {
    super(`Cannot reach a Cairn server at ${url} (${cause instanceof Error ? cause.message : String(cause)})`);
  }
}

/** FastAPI-shaped details read as one line: "body.content: content must not be empty". */
export function describeDetail(detail: unknown): string {
  if (Array.isArray(detail)) {
    return detail
      .map(d => {
        const item = d as { loc?: unknown[]; msg?: string };
        const where = Array.isArray(item.loc) ? item.loc.join('.') : '';
        return where ? `${where}: ${item.msg}` : String(item.msg);
      })
      .join('; ');
  }
  return typeof detail === 'string' ? detail : JSON.stringify(detail);
}

/** What a person can do about an answer's status (null: nothing to add to the server's own words). */
export function statusHint(status: number): string | null {
  if (status === 401) {
    return 'the server needs an API key (a valid one): make one on its machine with `cairn keys create`, then save it with `nmem config client set key KEY` (or pass --api-key, or set NMEM_API_KEY or CAIRN_API_KEY)';
  }
  if (status === 429) {
    return 'this address is locked out after repeated wrong API keys (a misconfigured plugin or script?): fix the key it sends, then wait, or run `cairn keys unlock` on the server\'s machine to clear it now';
  }
  return null;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export interface Api {
  readonly url: string;
  get<T = Record<string, unknown>>(path: string, query?: Query): Promise<T>;
  send<T = Record<string, unknown>>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, query?: Query): Promise<T>;
  /** POSTs a file as multipart/form-data (in the field `file`), with text fields beside it. */
  upload<T = Record<string, unknown>>(path: string, file: { name: string; bytes: Uint8Array }, fields?: Record<string, string>): Promise<T>;
}

/** A multipart/form-data body: the file in `file`, then the text fields. */
function multipart(file: { name: string; bytes: Uint8Array }, fields: Record<string, string>) {
  const boundary = `----cairn${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
  const quoted = (value: string) => value.replace(/["\r\n]/g, c => encodeURIComponent(c));
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${quoted(file.name)}"\r\ncontent-type: application/octet-stream\r\n\r\n`),
    Buffer.from(file.bytes),
    Buffer.from('\r\n'),
  ];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const TIMEOUT_MS = 60_000;

interface RawResponse {
  status: number;
  statusText: string;
  text: string;
}

/** One HTTP exchange through node:http(s): `fetch` costs about 90 ms of start-up here, more than the request. */
async function exchange(url: URL, method: string, headers: Record<string, string>, body: string | Buffer | undefined): Promise<RawResponse> {
  const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) }, timeout: TIMEOUT_MS }, res => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

export function createApi(settings: Pick<Settings, 'apiUrl' | 'apiKey'>): Api {
  async function call<T>(method: string, path: string, body: unknown, query: Query = {}, form?: { body: Buffer; contentType: string }): Promise<T> {
    let url: URL;
    try {
      url = new URL(settings.apiUrl + path);
    } catch {
      throw new UnreachableError(settings.apiUrl, new Error('not a valid URL'));
    }
    for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (form) headers['content-type'] = form.contentType;
    if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
    let response: RawResponse;
    try {
      response = await exchange(url, method, headers, form ? form.body : body === undefined ? undefined : JSON.stringify(body));
    } catch (error) {
      throw new UnreachableError(settings.apiUrl, error);
    }
    let payload: unknown = null;
    try {
      payload = response.text ? JSON.parse(response.text) : null;
    } catch {
      payload = { detail: response.text };
    }
    if (response.status < 200 || response.status >= 300) {
      const record = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
      throw new ApiError(response.status, record.detail ?? response.statusText, record);
    }
    return payload as T;
  }
  return {
    url: settings.apiUrl,
    get: (path, query) => call('GET', path, undefined, query),
    send: (method, path, body, query) => call(method, path, body, query),
    upload: (path, file, fields = {}) => call('POST', path, undefined, {}, multipart(file, fields)),
  };
}
