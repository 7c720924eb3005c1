import { useState } from 'preact/hooks';
import { del, enc, get, post, q, upload } from '../api.ts';
import { href } from '../router.ts';
import { Empty, ErrorBox, Loading, Markdown, toast, toastError, useAsync } from '../ui.tsx';

/** A source as the list and the page show it (the server's SourceResponse, in part). */
interface Source {
  id: string;
  source_type: string;
  original_name: string;
  mime_type: string | null;
  source_url: string | null;
  size_bytes: number;
  version: number;
  chunk_count: number;
  summary: string | null;
  created_at: string | null;
}
interface Chunk {
  id: string;
  title: string;
  content: string;
  metadata: { chunk_index?: number; char_start?: number; char_end?: number; page_start?: number; page_end?: number };
}

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);
const ACCEPT = '.md,.markdown,.txt,.html,.htm,.pdf,.docx';

/** Documents kept as memories: upload one, list them, open one. */
export function SourcesView() {
  const sources = useAsync(signal => get<{ sources: Source[]; total: number }>(`/sources${q({ limit: 200 })}`, signal), []);
  const [busy, setBusy] = useState(false);

  const send = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const input = form.elements.namedItem('file') as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const answer = await upload<{ original_name: string; is_duplicate: boolean; message: string }>('/sources/ingest/file', body);
      toast(answer.is_duplicate ? `${answer.original_name} was already there` : answer.message);
      form.reset();
      sources.reload();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="view" aria-label="Sources">
      <h1>Sources</h1>
      <p>Documents kept as memories: their text is cut into chunks that search finds like any memory. Markdown, text, HTML, PDF and DOCX.</p>
      <form onSubmit={send} aria-label="Upload">
        <input type="file" name="file" aria-label="File to ingest" accept={ACCEPT} />
        <button type="submit" disabled={busy}>
          {busy ? 'Reading…' : 'Upload'}
        </button>
      </form>
      <ErrorBox error={sources.error} retry={sources.reload} />
      {!sources.data && !sources.error && <Loading />}
      {sources.data && sources.data.sources.length === 0 && <Empty title="No sources yet">Upload a document to start.</Empty>}
      {sources.data && sources.data.sources.length > 0 && (
        <ul class="source-list" aria-label="Source list">
          {sources.data.sources.map(s => (
            <li key={s.id}>
              <a href={href('source', s.id)}>{s.original_name}</a>
              <span class="muted">
                {' '}
                · {s.source_type} · {s.chunk_count} chunk{s.chunk_count === 1 ? '' : 's'} · {kb(s.size_bytes)}
              </span>
              {s.summary && <div class="muted">{s.summary}</div>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One source: its text and its chunks (each a memory, with its place in the text), and a delete. */
export function SourcePage({ id }: { id: string }) {
  const detail = useAsync(signal => get<{ source: Source; memories: Chunk[] }>(`/sources/${enc(id)}`, signal), [id]);
  const content = useAsync(signal => get<{ content: string; total_length: number }>(`/sources/${enc(id)}/content`, signal), [id]);

  const remove = async () => {
    try {
      const answer = await del<{ message: string; in_trash: boolean }>(`/sources/${enc(id)}`);
      location.hash = href('sources');
      // Offered with an undo, the message outlives the move back to the list; the undo restores it from the trash.
      toast(answer.message, answer.in_trash ? { undo: () => post('/trash/restore', { ids: [id] }).then(() => (location.hash = href('source', id))) } : {});
    } catch (error) {
      toastError(error);
    }
  };

  if (detail.error) return <ErrorBox error={detail.error} retry={detail.reload} />;
  if (!detail.data) return <Loading />;
  const { source, memories } = detail.data;
  return (
    <article class="view" aria-label={`Source ${source.original_name}`}>
      <p>
        <a href={href('sources')}>← Sources</a>
      </p>
      <h1>{source.original_name}</h1>
      <p class="muted">
        {source.source_type}
        {source.mime_type ? ` · ${source.mime_type}` : ''} · {kb(source.size_bytes)} · version {source.version}
        {source.source_url && (
          <>
            {' '}
            · <a href={source.source_url}>{source.source_url}</a>
          </>
        )}
      </p>
      <button class="secondary small" onClick={remove} aria-label="Delete source">
        Delete
      </button>
      <h2>Text</h2>
      <ErrorBox error={content.error} retry={content.reload} />
      {content.data ? <Markdown text={content.data.content} /> : !content.error && <Loading />}
      <h2>Chunks ({memories.length})</h2>
      <ol class="chunk-list" aria-label="Chunks">
        {memories.map(m => (
          <li key={m.id}>
            <a href={href('memory', m.id)}>{m.title}</a>
            <span class="muted">
              {' '}
              · characters {m.metadata.char_start}–{m.metadata.char_end}
              {m.metadata.page_start !== undefined ? ` · pages ${m.metadata.page_start}–${m.metadata.page_end}` : ''}
            </span>
          </li>
        ))}
      </ol>
    </article>
  );
}
