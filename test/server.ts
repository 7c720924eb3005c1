/** Requests to a Cairn server running as a child process (bench/lib.ts startServer), for tests that kill or restart one. */
import assert from 'node:assert/strict';
import type { ServerProcess } from '../bench/lib.ts';

/** One JSON request; the reply's status and parsed body. */
export async function callServer<T = any>(server: ServerProcess, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Creates a memory and returns its id once the server acknowledged it (200); any other answer fails the test. */
export async function createMemoryOn(server: ServerProcess, content: string, labels?: string[]): Promise<string> {
  const created = await callServer<{ id: string }>(server, 'POST', '/memories', { content, labels });
  assert.equal(created.status, 200, `create answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.id;
}
