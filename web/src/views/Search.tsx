import { useEffect, useRef, useState } from 'preact/hooks';
import { post } from '../api.ts';
import { go, href } from '../router.ts';
import { Empty, ErrorBox, fmtDate, Highlight, LabelChips, snippet } from '../ui.tsx';
import { Welcome } from './Welcome.tsx';

interface Hit {
  memory: any;
  similarity_score: number;
  relevance_reason: string;
  /** The memory's words that matched the query's content words, as the memory writes them. */
  highlights?: string[];
}

/** Search first: one box, fast or deep, results as you type; `/` focuses it, arrows move, Enter opens. */
export function SearchView({ params }: { params: URLSearchParams }) {
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [mode, setMode] = useState<'fast' | 'deep'>((params.get('mode') as 'deep') === 'deep' ? 'deep' : 'fast');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState(0);
  const box = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  // Where the mouse was last seen over the list since it rendered. The browser reports a resting mouse as moving over
  // results drawn or scrolled under it, which must not steal the keyboard's choice: only a changed position selects.
  const lastPointer = useRef<{ x: number; y: number } | null>(null);
  const pointTo = (i: number, e: MouseEvent) => {
    const last = lastPointer.current;
    lastPointer.current = { x: e.screenX, y: e.screenY };
    if (last && (last.x !== e.screenX || last.y !== e.screenY)) setSelected(i);
  };

  useEffect(() => box.current?.focus(), []);
  useEffect(() => {
    const text = query.trim();
    history.replaceState(null, '', `#/search${text ? `?q=${encodeURIComponent(text)}${mode === 'deep' ? '&mode=deep' : ''}` : ''}`);
    if (!text) {
      setHits(null);
      setError(undefined);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      setBusy(true);
      try {
        const answer = await post<Hit[]>('/memories/search', { query: text, mode, limit: 30, include_entities: false });
        if (mine !== seq.current) return;
        setHits(answer);
        setError(undefined);
        setSelected(0);
        lastPointer.current = null;
      } catch (e) {
        if (mine === seq.current) setError(e);
      } finally {
        if (mine === seq.current) setBusy(false);
      }
    }, mode === 'deep' ? 250 : 120);
    return () => clearTimeout(timer);
  }, [query, mode]);

  const onKey = (e: KeyboardEvent) => {
    if (!hits?.length) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setSelected(i => Math.min(hits.length - 1, i + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setSelected(i => Math.max(0, i - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(href('memory', hits[selected].memory.id));
    }
  };
  useEffect(() => document.getElementById(`hit-${selected}`)?.scrollIntoView({ block: 'nearest' }), [selected]);

  return (
    <section class="view search-view">
      <div class="search-bar">
        <input
          id="search-box"
          ref={box}
          type="search"
          placeholder="Search your memories…   ( / )"
          aria-label="Search memories"
          value={query}
          onInput={e => setQuery((e.target as HTMLInputElement).value)}
          onKeyDown={onKey}
          autocomplete="off"
        />
        <div class="toggle" role="group" aria-label="Search mode">
          <button class={mode === 'fast' ? 'on' : ''} aria-pressed={mode === 'fast'} onClick={() => setMode('fast')} title="Full text and vectors: instant">
            Fast
          </button>
          <button class={mode === 'deep' ? 'on' : ''} aria-pressed={mode === 'deep'} onClick={() => setMode('deep')} title="Also dates, entities and neighbouring memories">
            Deep
          </button>
        </div>
      </div>
      <p class="hint muted">
        {busy ? 'Searching…' : hits ? `${hits.length} result${hits.length === 1 ? '' : 's'}${hits.length ? ' — ↑ ↓ to move, Enter to open' : ''}` : 'Type to search. Deep mode also reads dates ("last week") and names in the query.'}
      </p>
      <ErrorBox error={error} />
      {!query.trim() && <Welcome />}
      {hits && hits.length === 0 && !busy && (
        <Empty title={`Nothing matches “${query.trim()}”.`}>
          Try other words, switch to Deep, or <a href="#/memories">add a memory</a>.
        </Empty>
      )}
      <ol class="results" role="listbox" aria-label="Results">
        {hits?.map((hit, i) => {
          // Only the words the server says matched (never "the", "we", "did"): the query's framing is no match.
          const words = hit.highlights ?? [];
          return (
            <li
              key={hit.memory.id}
              id={`hit-${i}`}
              role="option"
              aria-selected={i === selected}
              class={`result ${i === selected ? 'selected' : ''}`}
              onClick={() => go(href('memory', hit.memory.id))}
              onMouseMove={e => pointTo(i, e)}
            >
              <a class="title" href={href('memory', hit.memory.id)}>
                <Highlight text={hit.memory.title || '(untitled)'} words={words} />
              </a>
              <p class="snippet">
                <Highlight text={snippet(hit.memory.content, words)} words={words} />
              </p>
              <div class="meta">
                <span class={hit.relevance_reason === 'weak match' ? 'reason weak' : 'reason'} title="Why this matched">
                  {hit.relevance_reason}
                </span>
                <LabelChips labels={hit.memory.labels} />
                <span class="muted">
                  {hit.memory.unit_type} · {fmtDate(hit.memory.event_start ?? hit.memory.created_at)}
                  {hit.memory.lifecycle_state !== 'active' ? ` · ${hit.memory.lifecycle_state}` : ''}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
