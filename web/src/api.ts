/** The REST client of the web app: sends the API key as the other clients do and turns failures into plain advice. */
const KEY_STORAGE = 'cairn.apiKey';

export const getKey = () => sessionStorage.getItem(KEY_STORAGE) ?? '';
export const setKey = (key: string) => (key ? sessionStorage.setItem(KEY_STORAGE, key) : sessionStorage.removeItem(KEY_STORAGE));

/** A failed call: `message` says what happened, `hint` what to do about it. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly hint: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

type Listener = () => void;
const keyListeners = new Set<Listener>();
/** Called when the server asks for a key (401): the app shows its key prompt. */
export const onKeyNeeded = (listener: Listener) => {
  keyListeners.add(listener);
  return () => keyListeners.delete(listener);
};

function headers(json: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  const key = getKey();
  if (key) h.authorization = `Bearer ${key}`;
  if (json) h['content-type'] = 'application/json';
  return h;
}

/** An error answer's body, in the interface's shape (any field may be missing: a proxy may answer instead). */
type ErrorBody = { detail?: string | { loc?: unknown[]; msg?: string }[]; error_code?: unknown; retry_after?: number } | undefined;

function describe(status: number, body: ErrorBody, path: string): ApiError {
  const detail = body?.detail;
  const code = typeof body?.error_code === 'string' ? body.error_code : undefined;
  if (status === 401) {
    keyListeners.forEach(l => l());
    return new ApiError('The server refused the request: it needs a valid API key.', 401, 'Enter the key the server was started with (CAIRN_API_KEY).', code);
  }
  if (status === 429) {
    const wait = body?.retry_after ? ` Wait ${body.retry_after} s` : ' Wait a moment';
    return new ApiError('Too many attempts with a wrong API key.', 429, `${wait} and try again with the right key.`, code);
  }
  if (status === 422 && Array.isArray(detail)) {
    const parts = detail.map(d => `${(d.loc ?? []).filter((x: unknown) => x !== 'body').join('.') || 'input'}: ${d.msg}`);
    return new ApiError(`The server did not accept the input — ${parts.join('; ')}.`, 422, 'Correct the field named and try again.', 'validation');
  }
  const text = typeof detail === 'string' ? detail : `HTTP ${status} from ${path}`;
  if (status === 404) return new ApiError(`${text}.`, 404, 'It may have been deleted or forgotten: go back and reload the list.', code);
  if (status === 409) return new ApiError(`${text}.`, 409, 'Reload to see its current state, then try again.', code);
  if (status >= 500) return new ApiError(`The server failed: ${text}.`, status, 'Look at the server log, then retry.', code);
  return new ApiError(`${text}.`, status, 'Check what you entered and retry.', code);
}

async function send(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  let response: Response;
  try {
    // A FormData body (an upload) goes as multipart: the browser writes its Content-Type, with the boundary.
    const form = body instanceof FormData;
    const payload = body === undefined ? undefined : form ? body : JSON.stringify(body);
    response = await fetch(path, { method, headers: headers(body !== undefined && !form), body: payload, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('Cairn did not answer: the server may be stopped or unreachable.', 0, 'Start it (cairn serve, or npm start) and retry.');
  }
  if (!response.ok) {
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    throw describe(response.status, parsed as ErrorBody, path);
  }
  return response;
}

/** A JSON call; T is the answer's type (web/src/types.ts), as the server's response schema declares it. */
export async function api<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await send(method, path, body, signal);
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? response.json() : response.text()) as Promise<T>;
}

export const get = <T = unknown>(path: string, signal?: AbortSignal) => api<T>('GET', path, undefined, signal);
export const post = <T = unknown>(path: string, body?: unknown) => api<T>('POST', path, body);
export const patch = <T = unknown>(path: string, body?: unknown) => api<T>('PATCH', path, body);
export const put = <T = unknown>(path: string, body?: unknown) => api<T>('PUT', path, body);
export const del = <T = unknown>(path: string) => api<T>('DELETE', path);

/** Sends a form (a file upload) as multipart/form-data; answers the JSON reply. */
export const upload = <T = unknown>(path: string, form: FormData) => api<T>('POST', path, form);

/** Downloads a file the API streams (with the key), reporting bytes received as it goes; `post` sends a JSON body. */
export async function download(path: string, fallbackName: string, onProgress: (bytes: number) => void, post?: unknown): Promise<number> {
  const response = await send(post === undefined ? 'GET' : 'POST', path, post);
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    onProgress(bytes);
  }
  const url = URL.createObjectURL(new Blob(chunks as BlobPart[]));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return bytes;
}

export const q = (params: Record<string, string | number | boolean | undefined | null>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
};
export const enc = encodeURIComponent;
