import { useEffect, useState } from 'preact/hooks';
import { get, getKey, post, put, setKey } from '../api.ts';
import { ErrorBox, fmtBytes, fmtDateTime, Loading, Progress, toast, toastError, useAsync } from '../ui.tsx';
import { counted } from '../plural.ts';
import { SpacesPanel } from './Spaces.tsx';
import { TransferPanel } from './Transfer.tsx';
import { SyncPanel } from './Sync.tsx';
import type { Capabilities, ExportJob, Health, IndexStatus, RebuildStatus, StorageInfo, WorkingMemory } from '../types.ts';

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

function Reindex() {
  const status = useAsync(signal => get<RebuildStatus>('/search-index/reindex/status', signal), []);
  const [polling, setPolling] = useState(false);
  useEffect(() => {
    if (!polling) return;
    let stop = false;
    (async () => {
      while (!stop) {
        await sleep(500);
        try {
          const s = await get<RebuildStatus>('/search-index/reindex/status');
          status.set(s);
          if (!s.active) {
            setPolling(false);
            toast(s.success === false ? `Rebuild failed: ${s.errors.join('; ')}` : 'Search index rebuilt.', { kind: s.success === false ? 'error' : 'info' });
            break;
          }
        } catch (err) {
          toastError(err);
          setPolling(false);
          break;
        }
      }
    })();
    return () => void (stop = true);
  }, [polling]);
  const start = async () => {
    try {
      await post('/search-index/reindex');
      setPolling(true);
    } catch (err) {
      toastError(err);
    }
  };
  const s = status.data;
  return (
    <div>
      {s?.active || polling ? (
        <Progress value={s?.progress ?? null} label={`${s?.stage ?? 'starting'}: ${s?.message ?? ''}`} />
      ) : (
        <p class="muted small">{s ? `${s.message}${s.finished_at ? ` (${fmtDateTime(s.finished_at)})` : ''}` : ''}</p>
      )}
      <button class="secondary" onClick={start} disabled={polling}>
        Rebuild the search index
      </button>
    </div>
  );
}

/** Without an embedder search is full text only: how to turn semantic search on (README, "Search"). */
function TurnOnSemanticSearch() {
  return (
    <div class="turn-on">
      <strong>Turn on semantic search</strong> (finds memories by meaning, not only by their words): restart Cairn with an embedder.
      <ul class="small">
        <li>
          <code>CAIRN_EMBEDDER=use-lite</code> — offline, ships with Cairn (no download); about 170 MB of memory.
        </li>
        <li>
          <code>CAIRN_EMBEDDER=openai CAIRN_EMBEDDER_URL=http://127.0.0.1:11434/v1 CAIRN_EMBEDDER_MODEL=nomic-embed-text</code> — Ollama, LM Studio, OpenAI or any
          OpenAI-compatible <code>/embeddings</code> endpoint (key: <code>CAIRN_LLM_API_KEY</code>).
        </li>
        <li>
          <code>CAIRN_EMBEDDER=transformers CAIRN_EMBEDDER_MODEL=Xenova/all-MiniLM-L6-v2</code> — a local ONNX model (needs the optional{' '}
          <code>@huggingface/transformers</code> package).
        </li>
      </ul>
      <p class="muted small">Memories already stored are embedded in the background after the restart; search keeps answering from full text meanwhile.</p>
    </div>
  );
}

function WorkingMemory() {
  const wm = useAsync(signal => get<WorkingMemory>('/agent/working-memory', signal), []);
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const value = text ?? wm.data?.content ?? '';
  const save = async () => {
    setBusy(true);
    try {
      wm.set(await put<WorkingMemory>('/agent/working-memory', { content: value }));
      setText(null);
      toast('Working memory saved.');
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <ErrorBox error={wm.error} retry={wm.reload} />
      <p class="muted small">
        What assistants read first each session (today's entry; {wm.data?.exists ? `updated ${fmtDateTime(wm.data.updated_at)}` : 'none yet'}).
      </p>
      <textarea aria-label="Working memory" rows={8} value={value} onInput={e => setText((e.target as HTMLTextAreaElement).value)} placeholder={'## Focus\n- …'} />
      <button onClick={save} disabled={busy || !value.trim() || text === null}>
        {busy ? 'Saving…' : 'Save working memory'}
      </button>
    </div>
  );
}

/** An export ZIP (portable records, to import anywhere); a full copy of the database is `cairn backup`, on the server's machine. */
function Export() {
  const [job, setJob] = useState<ExportJob | null>(null);
  const run = async () => {
    try {
      let j = await post<ExportJob>('/data/export', { async: true });
      setJob(j);
      while (j.status === 'queued' || j.status === 'running' || (j.job_id && !j.status)) {
        await sleep(400);
        j = await get<ExportJob>(`/data/export/status/${encodeURIComponent(j.job_id)}`);
        setJob(j);
      }
      if (j.status === 'failed') toast(`Export failed: ${j.error}`, { kind: 'error' });
      else toast(`Exported to ${j.result?.export_path ?? 'the export folder'}.`);
    } catch (err) {
      toastError(err);
      setJob(null);
    }
  };
  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  return (
    <div>
      <p class="muted small">Writes everything (memories, labels, graph, threads, working memory…) to an export ZIP in the server's export folder; load it with <code>cairn import</code> or POST /data/import. For a full backup of the database, run <code>cairn backup PATH</code> on the server's machine.</p>
      {running ? <Progress value={job.progress ?? null} label={`Exporting… ${Math.round((job.progress ?? 0) * 100)} %`} /> : null}
      {job?.status === 'completed' && <p class="small">Last export: <code>{job.result?.export_path}</code></p>}
      <button class="secondary" onClick={run} disabled={running}>
        Export
      </button>
    </div>
  );
}

/** Settings and status: embedder and index, storage, working memory, export, API key. */
export function SettingsView({ onForgetKey }: { onForgetKey: () => void }) {
  const health = useAsync(signal => get<Health>('/health', signal), []);
  const index = useAsync(signal => get<IndexStatus>('/search-index/status', signal), []);
  const storage = useAsync(signal => get<StorageInfo>('/storage/info', signal), []);
  const caps = useAsync(signal => get<Capabilities>('/capabilities', signal), []);
  const h = health.data;
  return (
    <section class="view settings">
      <h1>Settings & status</h1>
      <div class="grid">
        <div class="card">
          <h2>Server</h2>
          <ErrorBox error={health.error} retry={health.reload} />
          {!h && !health.error && <Loading />}
          {h && (
            <dl>
              <dt>Status</dt>
              <dd>{h.status}</dd>
              <dt>Version</dt>
              <dd>{h.version}</dd>
              <dt>Database</dt>
              <dd>{h.database_connected ? 'connected' : 'not connected'}</dd>
              {storage.data && (
                <>
                  <dt>Storage</dt>
                  <dd>
                    {fmtBytes(storage.data.total_bytes)} ({storage.data.backend}; search index {fmtBytes(storage.data.search_index_bytes)})
                  </dd>
                </>
              )}
            </dl>
          )}
        </div>
        <div class="card">
          <h2>Search and embedder</h2>
          <ErrorBox error={index.error} retry={index.reload} />
          {index.data && (
            <>
              <p>{index.data.message}</p>
              <dl>
                <dt>Embedder</dt>
                <dd>{index.data.embedding_mode}{index.data.remote_model ? ` (${index.data.remote_model})` : index.data.model_name ? ` (${index.data.model_name})` : ''}</dd>
                {index.data.embedding_mode !== 'none' && (
                  <>
                    <dt>Vectors</dt>
                    <dd>
                      {index.data.indexed_vectors} indexed{index.data.pending_memories ? `, ${counted(index.data.pending_memories, 'memory', 'memories')} waiting` : ''}
                    </dd>
                  </>
                )}
                {index.data.last_error && (
                  <>
                    <dt>Last error</dt>
                    <dd class="danger">{index.data.last_error}</dd>
                  </>
                )}
              </dl>
              {index.data.embedding_mode === 'none' && <TurnOnSemanticSearch />}
              {index.data.backfill?.in_progress && (
                <Progress value={index.data.backfill.queued ? index.data.backfill.embedded / index.data.backfill.queued : null} label={`Embedding ${index.data.backfill.embedded}/${index.data.backfill.queued}`} />
              )}
            </>
          )}
          <Reindex />
        </div>
        <div class="card">
          <h2>Spaces</h2>
          <SpacesPanel />
        </div>
        <div class="card">
          <h2>Sync</h2>
          <SyncPanel />
        </div>
        <div class="card">
          <h2>Working memory</h2>
          <WorkingMemory />
        </div>
        <div class="card">
          <h2>Export</h2>
          <Export />
        </div>
        <div class="card">
          <h2>Download and import</h2>
          <TransferPanel />
        </div>
        <div class="card">
          <h2>API key</h2>
          {caps.data?.features?.auth_required ? (
            <>
              <p>This server requires an API key. {getKey() ? 'This tab holds one (session storage; it goes when the tab closes).' : 'None entered yet.'}</p>
              <button
                class="secondary"
                onClick={() => {
                  setKey('');
                  onForgetKey();
                }}
              >
                Forget the key in this tab
              </button>
            </>
          ) : (
            <p>
              No key is required: anyone who can reach this port can read and change your memories. To require one, run <code>cairn keys create</code> (or start Cairn with <code>CAIRN_API_KEY=…</code>){' '}
              (clients send it as <code>Authorization: Bearer …</code> or <code>X-NMEM-API-Key</code>).
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
