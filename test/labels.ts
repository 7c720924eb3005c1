/** Helpers for the label-care HTTP tests. */
import assert from 'node:assert/strict';
import type { Config } from '../src/config.ts';
import type { App } from '../src/main.ts';
import { buildTestApp, post } from './helpers.ts';

export interface Label {
  id: string;
  name: string;
  color: string;
  description: string;
  created_at: string;
  updated_at: string;
  usage_count: number;
}

export interface LabelRef {
  id: string;
  name: string;
  usage_count: number;
}

/** Creates a label through POST /labels; `extra` is more query string (`&color=...`). */
export async function createLabel(app: App, name: string, extra = ''): Promise<Label> {
  const response = await post<Label>(app, `/labels?name=${encodeURIComponent(name)}${extra}`);
  if (response.status !== 200) throw new Error(`label create failed: ${response.status} ${response.text}`);
  return response.body;
}

/**
 * Every label row (with usage) and every HAS_LABEL edge (with its time), read straight from the store, so a test can
 * prove that a call changed nothing at all, or that an undo put back exactly what was there.
 */
export async function dumpLabelGraph(app: App) {
  const [labels, edges] = await Promise.all([app.deps.store.labels.listAllWithUsage(), app.deps.store.memoryLabels.listAll()]);
  return { labels, edges };
}

/** Asserts that `call` leaves labels and edges exactly as they were, and returns its response. */
export async function assertNothingChanged<T>(app: App, call: () => Promise<T>): Promise<T> {
  const before = await dumpLabelGraph(app);
  assert.ok(before.labels.length > 0, 'the check needs labels to compare');
  const result = await call();
  assert.deepEqual(await dumpLabelGraph(app), before);
  return result;
}

/** Runs `body` against a fresh, empty service. */
export async function withApp(body: (app: App) => Promise<void>, overrides: Partial<Config> = {}) {
  const app = await buildTestApp(overrides);
  try {
    await body(app);
  } finally {
    await app.close();
  }
}
