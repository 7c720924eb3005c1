import { useState } from 'preact/hooks';
import { download, enc, get, post } from '../api.ts';
import { href } from '../router.ts';
import { Empty, ErrorBox, fmtBytes, fmtDate, Loading, Markdown, Progress, snippet, toast, toastError, useAsync } from '../ui.tsx';
import { communityColor } from '../colors.ts';
import { counted } from '../plural.ts';
import type { CommunityDetection, CrystalSources, Crystallized, EntityDetail, MemoryList, WikiExportSummary, WikiIndex } from '../types.ts';

function ExportButton({ path, name, label }: { path: string; name: string; label: string }) {
  const [bytes, setBytes] = useState<number | null>(null);
  const run = async () => {
    setBytes(0);
    try {
      const total = await download(path, name, setBytes);
      toast(`${label} downloaded (${fmtBytes(total)}).`);
    } catch (err) {
      toastError(err);
    } finally {
      setBytes(null);
    }
  };
  return bytes === null ? (
    <button class="secondary" onClick={run}>
      {label}
    </button>
  ) : (
    <Progress value={null} label={`${label}: ${fmtBytes(bytes)} received…`} />
  );
}

function Index() {
  const index = useAsync(signal => get<WikiIndex>('/library/wiki-index?top_per_community=6', signal), []);
  const summary = useAsync(signal => get<WikiExportSummary>('/library/wiki-export-summary', signal), []);
  const crystals = useAsync(signal => get<MemoryList>('/memories?is_crystal=true&state=all&limit=50', signal), []);
  const [detecting, setDetecting] = useState(false);
  const detect = async () => {
    setDetecting(true);
    try {
      const r = await post<CommunityDetection>('/communities/detect');
      toast(`${counted(r.communities, 'topic')} found among ${counted(r.entities, 'entity', 'entities')} (${r.took_ms} ms).`);
      index.reload();
      summary.reload();
    } catch (err) {
      toastError(err);
    } finally {
      setDetecting(false);
    }
  };
  const rows = index.data?.rows ?? [];
  return (
    <section class="view">
      <h1>Library</h1>
      <div class="actions">
        <ExportButton path="/library/wiki-export" name="cairn-wiki.zip" label="Download wiki (ZIP)" />
        <ExportButton path="/library/okf-export" name="cairn-okf.zip" label="Download OKF bundle" />
        {detecting ? <Progress value={null} label="Detecting topics…" /> : <button class="secondary" onClick={detect}>Detect topics now</button>}
      </div>
      {summary.data && (
        <p class="muted">
          {counted(summary.data.communities, 'topic')} · {counted(summary.data.entities, 'entity', 'entities')} · {counted(summary.data.crystals, 'crystal')} ·{' '}
          {counted(summary.data.memories, 'memory', 'memories')}
        </p>
      )}
      <ErrorBox error={index.error} retry={index.reload} />
      {index.loading && !index.data && <Loading what="Reading the library" />}
      {index.data && rows.length === 0 && (
        <Empty title="No topics yet.">
          Topics are groups of related entities found in your memories. Add memories that name people, places or tools, then press “Detect topics now”.
        </Empty>
      )}
      <div class="grid">
        {rows.map(r => (
          <div class="card topic" key={r.community_id} style={{ borderTopColor: communityColor(r.community_id) }}>
            <a class="title" href={href('library', 'topic', r.community_id)}>
              {r.name}
            </a>
            <p class="muted small">
              {counted(r.entity_count, 'entity', 'entities')} · {counted(r.memory_count, 'memory', 'memories')}
            </p>
            <p class="summary">{snippet(r.summary ?? '', [], 180)}</p>
            <div class="chips">
              {r.entities.map(e => (
                <a class="chip" key={e.id} href={href('library', 'entity', e.id)}>
                  {e.name}
                </a>
              ))}
            </div>
            {r.crystals.length > 0 && (
              <p class="small">
                Crystals:{' '}
                {r.crystals.map(c => (
                  <a key={c.id} href={href('library', 'crystal', c.id)}>
                    ◆ {c.title}
                    {c.stale ? ' (stale)' : ''}{' '}
                  </a>
                ))}
              </p>
            )}
            <p class="small">
              <a href={`#/graph?community=${r.community_id}`}>Show in graph</a>
            </p>
          </div>
        ))}
      </div>
      <h2>Crystals</h2>
      {crystals.data && crystals.data.memories.length === 0 && <Empty title="No crystals yet.">A crystal sums up several memories: open a topic and press “Crystallize”.</Empty>}
      <ul class="plain">
        {(crystals.data?.memories ?? []).map(c => (
          <li key={c.id}>
            <a href={href('library', 'crystal', c.id)}>◆ {c.title}</a> <span class="muted small">{fmtDate(c.created_at)}{c.crystal?.stale ? ' · stale' : ''}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Page({ kind, id }: { kind: 'entity' | 'topic' | 'crystal'; id: string }) {
  const page = useAsync(signal => get<string>(`/library/wiki-page/${kind}/${enc(id)}`, signal), [kind, id]);
  const sources = useAsync(signal => (kind === 'crystal' ? get<CrystalSources>(`/library/crystal/${enc(id)}/source-memories`, signal) : Promise.resolve(null)), [kind, id]);
  const entity = useAsync(signal => (kind === 'entity' ? get<EntityDetail>(`/entities/${enc(id)}?memory_limit=50`, signal) : Promise.resolve(null)), [kind, id]);
  const [busy, setBusy] = useState(false);
  const crystallize = async () => {
    setBusy(true);
    try {
      const r = await post<Crystallized>(`/communities/${enc(id)}/crystallize`, {});
      toast('Crystal made.');
      location.hash = href('library', 'crystal', r.id);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="view library-page">
      <p class="crumbs">
        <a href="#/library">Library</a> / {kind}
      </p>
      <div class="actions">
        {kind === 'topic' && <a class="button secondary" href={`#/graph?community=${enc(id)}`}>Show in graph</a>}
        {kind === 'topic' && (
          <button class="secondary" onClick={crystallize} disabled={busy}>
            {busy ? 'Crystallizing…' : 'Crystallize'}
          </button>
        )}
        {kind === 'crystal' && <a class="button secondary" href={href('memory', id)}>Open as memory</a>}
      </div>
      <ErrorBox error={page.error} retry={page.reload} />
      {page.loading && !page.data && <Loading what="Loading the page" />}
      {typeof page.data === 'string' && <Markdown text={page.data} class="markdown card wiki" />}
      {entity.data && entity.data.memories.length > 0 && (
        <>
          <h2>Memories that mention it</h2>
          <ul class="plain">
            {entity.data.memories.map(m => (
              <li key={m.id}>
                <a href={href('memory', m.id)}>{m.title}</a> <span class="muted small">{fmtDate(m.created_at)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {sources.data && (
        <>
          <h2>Sources</h2>
          <ul class="plain">
            {sources.data.sources.map(s => (
              <li key={s.memory.id}>
                <a href={href('memory', s.memory.id)}>{s.memory.title}</a> <span class="muted small">weight {s.contribution_weight.toFixed(2)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Library: topics (communities) with their pages, entity pages, crystals with their sources, wiki and OKF exports. */
export function LibraryView({ parts }: { parts: string[] }) {
  const [kind, id] = parts;
  if ((kind === 'entity' || kind === 'topic' || kind === 'crystal') && id) return <Page kind={kind} id={id} />;
  return <Index />;
}
