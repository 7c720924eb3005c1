import { useState } from 'preact/hooks';
import { get, post, q } from '../api.ts';
import { go, href } from '../router.ts';
import type { CreatedMemory, FavoriteMemories, Label, MemoryList, SpaceList } from '../types.ts';
import { useLiveReload } from '../live.ts';
import { Empty, ErrorBox, fmtDate, LabelChips, Loading, snippet, STATES, toast, toastError, UNIT_TYPES, useAsync } from '../ui.tsx';

const PAGE = 30;

/** Quick add: a memory in one box; labels comma-separated. */
export function QuickAdd({ space, onAdded }: { space: string; onAdded: () => void }) {
  const [content, setContent] = useState('');
  const [labels, setLabels] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!content.trim()) return;
    setBusy(true);
    try {
      const names = labels.split(',').map(s => s.trim()).filter(Boolean);
      const created = await post<CreatedMemory>('/memories', { content, labels: names.length ? names : undefined, space_id: space || undefined });
      setContent('');
      setLabels('');
      toast(`Saved “${created.memory?.title ?? 'memory'}”.`);
      onAdded();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="quick-add card" onSubmit={submit}>
      <textarea
        aria-label="New memory"
        placeholder="Write something worth remembering… (Markdown; Ctrl+Enter saves)"
        rows={2}
        value={content}
        onInput={e => setContent((e.target as HTMLTextAreaElement).value)}
        onKeyDown={e => e.key === 'Enter' && (e.ctrlKey || e.metaKey) && submit(e)}
      />
      <div class="row">
        <input aria-label="Labels for the new memory" placeholder="labels, comma-separated" value={labels} onInput={e => setLabels((e.target as HTMLInputElement).value)} />
        <button type="submit" disabled={busy || !content.trim()}>
          {busy ? 'Saving…' : 'Add memory'}
        </button>
      </div>
    </form>
  );
}

/** Every memory, newest first, with the filters the API has. */
export function MemoriesView({ params }: { params: URLSearchParams }) {
  const filters = {
    space_id: params.get('space') ?? 'default',
    labels: params.get('labels') ?? '',
    state: params.get('state') ?? 'active',
    unit_type: params.get('unit_type') ?? '',
    importance_min: params.get('importance') ?? '',
    favorites: params.get('favorites') === '1',
    crystals: params.get('crystals') === '1',
  };
  const [pages, setPages] = useState(1);
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setPages(1);
    go(`#/memories?${next.toString()}`);
  };
  const labels = useAsync(signal => get<Label[]>('/labels?order_by=usage_count&order_desc=true&limit=200', signal), []);
  const spaces = useAsync(signal => get<SpaceList>('/spaces', signal), []);
  const list = useAsync(
    async signal => {
      if (filters.favorites) {
        const items = await get<FavoriteMemories>(`/favorites/memories${q({ limit: 100 })}`, signal);
        return { memories: items, pagination: { total: items.length, has_more: false } };
      }
      return get<MemoryList>(
        `/memories${q({
          limit: PAGE * pages,
          space_id: filters.space_id,
          labels: filters.labels,
          state: filters.state,
          unit_type: filters.unit_type,
          importance_min: filters.importance_min,
          is_crystal: filters.crystals ? true : undefined,
        })}`,
        signal,
      );
    },
    [params.toString(), pages],
  );
  // Another client's write (an assistant saving a memory, an import) shows up without a reload.
  useLiveReload(['memories', 'trash', 'threads'], list.reload);
  const memories = list.data?.memories ?? [];
  const spaceList = spaces.data?.spaces ?? [];
  const spaceOptions = spaceList.some(s => s.id === filters.space_id) ? spaceList : [...spaceList, { id: filters.space_id, name: filters.space_id, usage: { memories: 0 } }];
  const labelList = labels.data ?? [];
  return (
    <section class="view">
      <h1>Memories</h1>
      <QuickAdd space={filters.space_id} onAdded={list.reload} />
      <div class="filters" role="group" aria-label="Filters">
        <label>
          Space
          <select value={filters.space_id} onChange={e => setFilter('space', (e.target as HTMLSelectElement).value)}>
            {spaceOptions.map(s => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.usage.memories})
              </option>
            ))}
          </select>
        </label>
        <label>
          Label
          <select value={filters.labels} onChange={e => setFilter('labels', (e.target as HTMLSelectElement).value)}>
            <option value="">any</option>
            {labelList.map(l => (
              <option key={l.id} value={l.name}>
                {l.name} ({l.usage_count})
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select value={filters.state} onChange={e => setFilter('state', (e.target as HTMLSelectElement).value)}>
            {['active', 'all', ...STATES.slice(1)].map(s => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
        <label>
          Type
          <select value={filters.unit_type} onChange={e => setFilter('unit_type', (e.target as HTMLSelectElement).value)}>
            <option value="">any</option>
            {UNIT_TYPES.map(t => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Importance ≥
          <select value={filters.importance_min} onChange={e => setFilter('importance', (e.target as HTMLSelectElement).value)}>
            {['', '0.3', '0.5', '0.7', '0.9'].map(v => (
              <option key={v} value={v}>
                {v || 'any'}
              </option>
            ))}
          </select>
        </label>
        <label class="check">
          <input type="checkbox" checked={filters.favorites} onChange={e => setFilter('favorites', (e.target as HTMLInputElement).checked ? '1' : '')} /> Favourites
        </label>
        <label class="check">
          <input type="checkbox" checked={filters.crystals} onChange={e => setFilter('crystals', (e.target as HTMLInputElement).checked ? '1' : '')} /> Crystals
        </label>
      </div>
      <ErrorBox error={list.error} retry={list.reload} />
      {list.loading && !list.data && <Loading what="Loading memories" />}
      {list.data && memories.length === 0 && (
        <Empty title={params.toString() ? 'No memory matches these filters.' : 'No memories yet.'}>
          {params.toString() ? (
            <a href="#/memories">Clear the filters</a>
          ) : (
            <>
              Write one in the box above, or let an assistant save them: <a href="#/search">Getting started</a> shows how to connect one over MCP.
            </>
          )}
        </Empty>
      )}
      <ul class="memory-list">
        {memories.map(m => (
          <li key={m.id} class="card memory-row" onClick={() => go(href('memory', m.id))}>
            <a href={href('memory', m.id)} class="title">
              {m.is_favorite ? '★ ' : ''}
              {m.is_crystal ? '◆ ' : ''}
              {m.title || '(untitled)'}
            </a>
            <p class="snippet">{snippet(m.content, [], 200)}</p>
            <div class="meta">
              <LabelChips labels={m.labels ?? []} />
              <span class="muted">
                {m.unit_type} · importance {Math.round(m.importance * 100) / 100} · {fmtDate(m.created_at)}
                {m.lifecycle_state !== 'active' ? ` · ${m.lifecycle_state}` : ''}
              </span>
            </div>
          </li>
        ))}
      </ul>
      {list.data?.pagination?.has_more && (
        <button class="secondary" onClick={() => setPages(p => p + 1)} disabled={list.loading}>
          {list.loading ? 'Loading…' : `Show more (${memories.length} of ${list.data.pagination.total})`}
        </button>
      )}
    </section>
  );
}
