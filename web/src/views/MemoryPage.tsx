import { useState } from 'preact/hooks';
import { del, enc, get, patch, post, q } from '../api.ts';
import { go, href } from '../router.ts';
import { chipStyle, ErrorBox, fmtDate, fmtDateTime, Loading, Markdown, toast, toastError, UNIT_TYPES, useAsync } from '../ui.tsx';
import { useLabelColor } from '../labelColors.ts';
import type { EvolvesList, GraphExpansion, Label, LabelRef, Memory, Relations } from '../types.ts';

/** The lifecycle actions the API allows from each state, and how to undo them. */
const ACTIONS: Record<string, string[]> = {
  active: ['archive', 'deprecate', 'forget'],
  archived: ['restore', 'deprecate', 'forget'],
  deprecated: ['restore', 'archive', 'forget'],
  superseded: ['restore', 'forget'],
  forgotten: ['restore'],
};

const PAST: Record<string, string> = { archive: 'archived', deprecate: 'deprecated', forget: 'forgotten', restore: 'restored' };

function Editor({ memory, onSaved, onCancel }: { memory: Memory; onSaved: (m: Memory) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(memory.title ?? '');
  const [content, setContent] = useState(memory.content);
  const [importance, setImportance] = useState(memory.importance);
  const [unitType, setUnitType] = useState<string>(memory.unit_type);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const save = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body: Record<string, unknown> = { content, importance, unit_type: unitType };
      if (title !== memory.title) body.title = title;
      onSaved(await patch<Memory>(`/memories/${enc(memory.id)}`, body));
      toast('Saved.');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="editor card" onSubmit={save} onKeyDown={e => e.key === 'Escape' && onCancel()}>
      <label>
        Title
        <input name="title" value={title} onInput={e => setTitle((e.target as HTMLInputElement).value)} placeholder="(from the first line)" />
      </label>
      <label>
        Content (Markdown)
        <textarea name="content" rows={10} value={content} onInput={e => setContent((e.target as HTMLTextAreaElement).value)} />
      </label>
      <div class="row">
        <label>
          Type
          <select value={unitType} onChange={e => setUnitType((e.target as HTMLSelectElement).value)}>
            {UNIT_TYPES.map(t => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <label>
          Importance {importance.toFixed(2)}
          <input type="range" min="0" max="1" step="0.05" value={importance} onInput={e => setImportance(Number((e.target as HTMLInputElement).value))} />
        </label>
      </div>
      <ErrorBox error={error} />
      <div class="row">
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function LabelEditor({ memory, onChange }: { memory: Memory; onChange: (m: Memory) => void }) {
  const [name, setName] = useState('');
  const colorOf = useLabelColor();
  const all = useAsync(signal => get<Label[]>('/labels?order_by=usage_count&order_desc=true', signal), []);
  const names = memory.labels.map(l => l.name);
  const add = async (e: Event) => {
    e.preventDefault();
    const wanted = name.trim();
    if (!wanted) return;
    try {
      onChange(await patch<Memory>(`/memories/${enc(memory.id)}`, { labels: [...names, wanted] }));
      setName('');
      toast(`Label “${wanted}” added.`);
    } catch (err) {
      toastError(err);
    }
  };
  const remove = async (label: LabelRef) => {
    try {
      await del(`/memories/${enc(memory.id)}/labels/${enc(label.id)}`);
      onChange(await get<Memory>(`/memories/${enc(memory.id)}`));
      toast(`Label “${label.name}” removed.`, {
        undo: async () => {
          await post(`/memories/${enc(memory.id)}/labels/${enc(label.id)}`);
          onChange(await get<Memory>(`/memories/${enc(memory.id)}`));
        },
      });
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <div class="labels-editor">
      {memory.labels.map(l => (
        <span class="chip" key={l.id} style={chipStyle(colorOf(l))}>
          <a href={`#/memories?labels=${enc(l.name)}`}>{l.name}</a>
          <button class="link" aria-label={`Remove label ${l.name}`} onClick={() => remove(l)}>
            ×
          </button>
        </span>
      ))}
      <form onSubmit={add} class="inline">
        <input list="label-names" aria-label="Add a label" placeholder="+ label" value={name} onInput={e => setName((e.target as HTMLInputElement).value)} />
        <datalist id="label-names">{(all.data ?? []).map(l => <option key={l.id} value={l.name} />)}</datalist>
      </form>
    </div>
  );
}

function Related({ id }: { id: string }) {
  const relations = useAsync(signal => get<Relations>(`/memories/${enc(id)}/relations${q({ status: 'active', limit: 50 })}`, signal), [id]);
  const evolves = useAsync(signal => get<EvolvesList>(`/agent/evolves${q({ memory_id: id, limit: 50 })}`, signal), [id]);
  const graph = useAsync(signal => get<GraphExpansion>(`/graph/expand/${enc(id)}?depth=1&limit=50`, signal), [id]);
  const entities = (graph.data?.neighbors ?? []).filter(n => n.node_type === 'Entity');
  const rels = (relations.data?.relations ?? []).filter(r => r.relation_type !== 'EVOLVES');
  const history = evolves.data?.edges ?? [];
  return (
    <div class="side">
      <section>
        <h3>Entities mentioned</h3>
        {graph.error ? <ErrorBox error={graph.error} /> : null}
        {entities.length === 0 && !graph.loading && <p class="muted">None found in this memory.</p>}
        <div class="chips">
          {entities.map(n => (
            <a class="chip" key={n.id} href={href('library', 'entity', n.id)} title={n.node_subtype}>
              {n.label}
            </a>
          ))}
        </div>
      </section>
      <section>
        <h3>History (EVOLVES)</h3>
        {history.length === 0 && !evolves.loading && <p class="muted">No other version of this memory.</p>}
        <ul class="plain">
          {history.map(e => {
            const newer = e.newer_id === id;
            const other = newer ? e.older_id : e.newer_id;
            return (
              <li key={e.id}>
                {newer ? `${e.content_relation} older ` : `${e.content_relation} by newer `}
                <a href={href('memory', other)}>{newer ? e.older_title : e.newer_title}</a>
                <span class="muted"> · {fmtDate(e.created_at)}{e.reviewed ? '' : ' · unreviewed'}</span>
              </li>
            );
          })}
        </ul>
      </section>
      <section>
        <h3>Relations</h3>
        {rels.length === 0 && !relations.loading && <p class="muted">No relations yet.</p>}
        <ul class="plain">
          {rels.map(r => {
            const other = r.source_memory_id === id ? { id: r.target_memory_id, title: r.target_title } : { id: r.source_memory_id, title: r.source_title };
            return (
              <li key={r.id}>
                <span class="muted">{r.relation_type.toLowerCase().replace(/_/g, ' ')} </span>
                <a href={href('memory', other.id)}>{other.title}</a>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

/** One memory: rendered content, edit in place, labels, lifecycle with undo, relations, history, entities, provenance. */
export function MemoryPage({ id }: { id: string }) {
  const memory = useAsync(signal => get<Memory>(`/memories/${enc(id)}`, signal), [id]);
  const [editing, setEditing] = useState(false);
  const m = memory.data;
  if (memory.error) return <ErrorBox error={memory.error} retry={memory.reload} />;
  if (!m) return <Loading what="Loading the memory" />;

  const transition = async (action: string, undoable = true) => {
    const before = m.lifecycle_state;
    try {
      await post(`/memories/${enc(id)}/${action}`, {});
      memory.set(await get<Memory>(`/memories/${enc(id)}`).catch((): Memory => ({ ...m, lifecycle_state: 'forgotten' })));
      const undo = undoable && action !== 'restore' ? async () => {
        await post(`/memories/${enc(id)}/restore`, {});
        if (before !== 'active') await post(`/memories/${enc(id)}/${before === 'archived' ? 'archive' : before === 'deprecated' ? 'deprecate' : 'restore'}`, {});
        memory.reload();
      } : undefined;
      toast(`Memory ${PAST[action] ?? action}.`, { undo });
    } catch (err) {
      toastError(err);
    }
  };
  const remove = async () => {
    if (!confirm('Delete this memory? It goes to the trash and can be restored.')) return;
    try {
      await del(`/memories/${enc(id)}`);
      toast('Memory deleted (in the trash).', {
        undo: async () => {
          await post('/trash/restore', { ids: [id] });
          go(href('memory', id));
        },
      });
      go('#/memories');
    } catch (err) {
      toastError(err);
    }
  };
  const favourite = async () => {
    try {
      await post(`/memories/${enc(id)}/favorite?is_favorite=${!m.is_favorite}`);
      memory.set({ ...m, is_favorite: !m.is_favorite });
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <article class="view memory-page">
      <div class="memory-main">
        <p class="crumbs">
          <a href="#/memories">Memories</a> / {m.space_id}
        </p>
        <header class="memory-head">
          <h1>{m.title || '(untitled)'}</h1>
          <button class="icon" aria-pressed={m.is_favorite} aria-label={m.is_favorite ? 'Remove from favourites' : 'Add to favourites'} onClick={favourite}>
            {m.is_favorite ? '★' : '☆'}
          </button>
        </header>
        <div class="meta">
          <span class={`state state-${m.lifecycle_state}`} data-testid="state">
            {m.lifecycle_state}
          </span>
          <span class="muted">
            {m.unit_type} · importance {m.importance} · created {fmtDateTime(m.created_at)} · updated {fmtDateTime(m.updated_at)} · v{m.version}
          </span>
          {m.is_crystal && <span class="chip">crystal{m.crystal?.stale ? ' (stale)' : ''}</span>}
        </div>
        <LabelEditor memory={m} onChange={memory.set} />
        {editing ? (
          <Editor
            memory={m}
            onCancel={() => setEditing(false)}
            onSaved={saved => {
              memory.set(saved);
              setEditing(false);
            }}
          />
        ) : (
          <div class="card content" onDblClick={() => setEditing(true)} title="Double-click to edit">
            <Markdown text={m.content} />
          </div>
        )}
        <div class="actions">
          {!editing && <button onClick={() => setEditing(true)}>Edit</button>}
          {(ACTIONS[m.lifecycle_state] ?? []).map(action => (
            <button key={action} class={action === 'forget' ? 'secondary danger' : 'secondary'} onClick={() => transition(action)}>
              {action[0].toUpperCase() + action.slice(1)}
            </button>
          ))}
          <a class="button secondary" href={`#/graph?focus=${enc(id)}`}>
            Show in graph
          </a>
          <button class="secondary danger" onClick={remove}>
            Delete
          </button>
        </div>
        {(m.source_thread_id || m.event_start || m.source) && (
          <dl class="provenance">
            {m.source_thread_id && (
              <>
                <dt>From thread</dt>
                <dd>
                  <a href={href('thread', m.source_thread_id)}>{m.source_thread?.title || m.source_thread_id}</a>
                  {m.source_thread && !m.source_thread.resolved ? <span class="muted"> (not synced yet)</span> : null}
                </dd>
              </>
            )}
            {m.event_start && (
              <>
                <dt>When</dt>
                <dd>
                  {fmtDate(m.event_start)}
                  {m.event_end ? ` – ${fmtDate(m.event_end)}` : ''}
                </dd>
              </>
            )}
            <dt>Source</dt>
            <dd>{m.source}</dd>
          </dl>
        )}
      </div>
      <Related id={id} />
    </article>
  );
}
