import { useState } from 'preact/hooks';
import { download, get, upload } from '../api.ts';
import { fmtBytes, Progress, toast, toastError } from '../ui.tsx';
import type { ExportJob } from '../types.ts';

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

/** Counts of an import job's result, summed over kinds: what the toast reports. */
function importedCount(result: unknown): number {
  const counts = (result as { counts?: Record<string, { inserted?: number; updated?: number }> } | null)?.counts ?? {};
  return Object.values(counts).reduce((sum, c) => sum + (c.inserted ?? 0) + (c.updated ?? 0), 0);
}

/** Downloads an export ZIP to this computer (POST /data/export/download). */
function DownloadExport() {
  const [bytes, setBytes] = useState<number | null>(null);
  const run = async () => {
    setBytes(0);
    try {
      const total = await download('/data/export/download', 'cairn-export.zip', setBytes, {});
      toast(`Export downloaded (${fmtBytes(total)}).`);
    } catch (err) {
      toastError(err);
    } finally {
      setBytes(null);
    }
  };
  return bytes === null ? (
    <button class="secondary" onClick={run}>
      Download export
    </button>
  ) : (
    <Progress value={null} label={`Export: ${fmtBytes(bytes)} received…`} />
  );
}

/** Uploads an export ZIP from this computer and imports it, merging (POST /data/import/upload, then its job). */
function ImportArchive() {
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<ExportJob | null>(null);
  const run = async () => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      let j = await upload<ExportJob>('/data/import/upload', form);
      setJob(j);
      while (j.status === 'queued' || j.status === 'running') {
        await sleep(400);
        j = await get<ExportJob>(`/data/import/status/${encodeURIComponent(j.job_id)}`);
        setJob(j);
      }
      if (j.status === 'failed') toast(`Import failed: ${j.error}`, { kind: 'error' });
      else toast(`Imported ${file.name}: ${importedCount(j.result)} records added or updated.`);
    } catch (err) {
      toastError(err);
    } finally {
      setJob(null);
    }
  };
  const running = job !== null;
  return (
    <div>
      <input type="file" accept=".zip,application/zip" aria-label="Export archive to import" onChange={e => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
      {running ? <Progress value={job.progress ?? null} label={`Importing… ${Math.round((job.progress ?? 0) * 100)} %`} /> : null}
      <button class="secondary" onClick={run} disabled={!file || running}>
        Import
      </button>
    </div>
  );
}

/** Export and import through the browser: a ZIP to this computer, and a ZIP from it merged into the store. */
export function TransferPanel() {
  return (
    <div>
      <p class="muted small">Download an export ZIP to this computer, or import one (from this or another Cairn): records are merged, the newer copy of each kept.</p>
      <DownloadExport />
      <ImportArchive />
    </div>
  );
}
