import { useState } from 'preact/hooks';
import { enc, get, post, q } from '../api.ts';
import { Empty, ErrorBox, Loading, toast, toastError, useAsync } from '../ui.tsx';
import { counted } from '../plural.ts';
import { useLabelColor } from '../labelColors.ts';
import type { Label, LabelHealth, LabelMerge, MergeCandidates } from '../types.ts';

const pct = (n: number) => `${Math.round(n * 100)} %`;

/** Labels: the vocabulary with usage, its health, merge candidates and merges with undo. */
export function LabelsView() {
  const labels = useAsync(signal => get<Label[]>('/labels?order_by=usage_count&order_desc=true', signal), []);
  const health = useAsync(signal => get<LabelHealth>('/labels/health', signal), []);
  const candidates = useAsync(signal => get<MergeCandidates>('/labels/merge-candidates?max_pairs=30', signal), []);
  const colorOf = useLabelColor();
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const list = labels.data ?? [];
  const reloadAll = () => {
    labels.reload();
    health.reload();
    candidates.reload();
  };
  const merge = async (src: Pick<Label, 'id' | 'name'>, tgt: Pick<Label, 'id' | 'name'>) => {
    if (!confirm(`Merge “${src.name}” into “${tgt.name}”? Every memory labelled “${src.name}” gets “${tgt.name}”; you can undo it.`)) return;
    try {
      const r = await post<LabelMerge>(`/labels/merge${q({ source_id: src.id, target_id: tgt.id })}`);
      toast(`Merged “${src.name}” into “${tgt.name}” (${counted(r.moved, 'memory', 'memories')} moved).`, {
        undo: async () => {
          await post(`/labels/merges/${enc(r.merge_id)}/undo`);
          reloadAll();
        },
      });
      reloadAll();
    } catch (err) {
      toastError(err);
    }
  };
  const byId = (id: string) => list.find(l => l.id === id);
  const mergeChosen = (src?: Label, tgt?: Label) => src && tgt && merge(src, tgt);
  const h = health.data;
  return (
    <section class="view">
      <h1>Labels</h1>
      {h && (
        <div class="stats">
          <div><strong>{h.vocabulary_size}</strong> {h.vocabulary_size === 1 ? 'label' : 'labels'}</div>
          <div><strong>{pct(h.coverage)}</strong> of memories labelled</div>
          <div><strong>{h.labels_per_memory}</strong> {h.labels_per_memory === 1 ? 'label' : 'labels'} per labelled memory</div>
          <div><strong>{pct(h.singleton_rate)}</strong> used once</div>
          <div><strong>{h.unused_labels}</strong> unused</div>
          <div><strong>{h.fork_groups}</strong> {h.fork_groups === 1 ? 'spelling fork' : 'spelling forks'}</div>
        </div>
      )}
      <ErrorBox error={labels.error ?? health.error} retry={reloadAll} />
      <h2>Merge candidates</h2>
      {candidates.loading && !candidates.data && <Loading what="Comparing labels" />}
      {candidates.data && candidates.data.pairs.length === 0 && <p class="muted">No similar labels found: the vocabulary looks tidy.</p>}
      <ul class="plain">
        {(candidates.data?.pairs ?? []).map(p => (
          <li key={`${p.a.id}-${p.b.id}`} class="row">
            <span>
              “{p.b.name}” ({p.b.usage_count}) → “{p.a.name}” ({p.a.usage_count}) <span class="muted small">similarity {p.similarity}</span>
            </span>
            <button class="secondary" onClick={() => merge(p.b, p.a)}>
              Merge
            </button>
          </li>
        ))}
      </ul>
      <h2>Merge two labels</h2>
      <div class="row">
        <select aria-label="Label to merge" value={source} onChange={e => setSource((e.target as HTMLSelectElement).value)}>
          <option value="">merge…</option>
          {list.map(l => (
            <option key={l.id} value={l.id}>{l.name}</option>
          ))}
        </select>
        <select aria-label="Into label" value={target} onChange={e => setTarget((e.target as HTMLSelectElement).value)}>
          <option value="">…into</option>
          {list.map(l => (
            <option key={l.id} value={l.id}>{l.name}</option>
          ))}
        </select>
        <button disabled={!source || !target || source === target} onClick={() => mergeChosen(byId(source), byId(target))}>
          Merge
        </button>
      </div>
      <h2>Vocabulary</h2>
      {labels.loading && !labels.data && <Loading what="Loading labels" />}
      {labels.data && list.length === 0 && <Empty title="No labels yet.">Add a label on any memory page, or give labels when you add a memory.</Empty>}
      <table class="table">
        <thead>
          <tr>
            <th>Label</th>
            <th class="num">Memories</th>
          </tr>
        </thead>
        <tbody>
          {list.map(l => (
            <tr key={l.id}>
              <td>
                <span class="dot" style={{ background: colorOf(l) ?? 'var(--border)' }} /> <a href={`#/memories?labels=${enc(l.name)}&state=all`}>{l.name}</a>
              </td>
              <td class="num">{l.usage_count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
