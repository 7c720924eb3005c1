import { type SyncRemote, SyncRemoteError } from '../ports.sync.ts';

/**
 * Another Cairn server as the remote (started with CAIRN_SYNC_HUB=1): the same segment store behind its
 * /sync/remote/… routes and its API key. It keeps opaque bytes; only the devices hold the passphrase.
 */
export function serverRemote(url: string, key: string | null): SyncRemote {
  const base = `${url}/sync/remote`;
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};

  async function call(method: string, path: string, body?: Buffer): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: body ? { ...headers, 'content-type': 'application/octet-stream' } : headers,
        body: body ? new Uint8Array(body) : undefined,
        // A listing answers at once or the hub is away (status pages wait on it); an upload may take a while.
        signal: AbortSignal.timeout(body ? 120_000 : 15_000),
      });
    } catch (error) {
      throw new SyncRemoteError(`${url} could not be reached: ${(error as Error).cause ?? (error as Error).message}`);
    }
    if (response.ok || response.status === 404) return response;
    const detail = await response.text().then(text => (JSON.parse(text) as { detail?: string }).detail ?? text).catch(() => '');
    throw new SyncRemoteError(`${url} answered ${method} ${path} with ${response.status}${detail ? `: ${detail}` : ''}`);
  }
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
  const device = (id: string) => `/devices/${encodeURIComponent(id)}/segments`;

  return {
    description: url,
    async readManifest() {
      const response = await call('GET', '/manifest');
      return response.status === 404 ? null : bytes(response);
    },
    async createManifest(manifest) {
      return bytes(await call('PUT', '/manifest', manifest));
    },
    async listDevices() {
      return ((await (await call('GET', '/devices')).json()) as { devices: string[] }).devices;
    },
    async listSegments(id) {
      const response = await call('GET', device(id));
      return response.status === 404 ? [] : ((await response.json()) as { segments: string[] }).segments;
    },
    async readSegment(id, name) {
      const response = await call('GET', `${device(id)}/${encodeURIComponent(name)}`);
      if (response.status === 404) throw new SyncRemoteError(`${url} has no segment ${id}/${name}`);
      return bytes(response);
    },
    async writeSegment(id, name, segment) {
      return ((await (await call('PUT', `${device(id)}/${encodeURIComponent(name)}`, segment)).json()) as { created: boolean }).created;
    },
  };
}
