import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '../src/main.ts';
import { buildTestApp, get, type TestResponse } from './helpers.ts';

export interface ExportTestApp {
  app: App;
  /** The temp folder holding the data dir (and, unless told otherwise, the export root `exports/`). */
  dir: string;
  exportDir: string;
  close(): Promise<void>;
}

/** A service on a file database in a fresh temp dir, exporting into `<dir>/exports`. */
export async function buildExportApp(options: { exportDir?: string; dir?: string } = {}): Promise<ExportTestApp> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'cairn-export-test-'));
  const exportDir = options.exportDir ?? join(dir, 'exports');
  const app = await buildTestApp({ dataDir: dir, databasePath: join(dir, 'cairn.db'), exportDir });
  return {
    app,
    dir,
    exportDir,
    async close() {
      await app.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Polls a job's status until it is completed or failed (or a few seconds pass). */
export async function waitForJob(app: App, url: string): Promise<TestResponse> {
  for (let i = 0; i < 200; i++) {
    const status = await get(app, url);
    if (status.status !== 200 || status.body.status === 'completed' || status.body.status === 'failed') return status;
    await new Promise(resolve => setTimeout(resolve, 25));
  }
  throw new Error(`job did not finish: ${url}`);
}
