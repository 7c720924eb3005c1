import { useEffect, useRef, useState } from 'preact/hooks';
import { enc, post } from '../api.ts';
import { go, href, parseHash } from '../router.ts';
import { Empty, ErrorBox, fmtDate, Highlight, LabelChips, snippet } from '../ui.tsx';
import { Welcome } from './Welcome.tsx';
import type { SearchMemory } from '../types.ts';

/** A result of POST /search: a memory, or a message of a saved conversation. */
type Hit =
  | { kind: 'memory'; memory: SearchMemory; relevance_reason: string; highlights: string[]; snippet: string }
  | { kind: 'thread'; thread_id: string; message_id: string; position: number; title: string; snippet: string; highlights: string[]; role: string; source: string; space_id: string; timestamp: string | null };

/** What the search looks in: the Memories / Conversations / Both toggle. */
const SCOPES = { memories: ['memory'], conversations: ['thread'], both: ['memory', 'thread'] } as const;
type Scope = keyof typeof SCOPES;
const SCOPE_STORAGE = 'cairn.searchScope';
const isScope = (s: string | null): s is Scope => s !== null && s in SCOPES;

/** Where a result opens: the memory's page, or the thread at the message. */
export const hitLink = (hit: Hit) =>
  hit.kind === 'memory'
    ? href('memory', hit.memory.id)
    : `${href('thread', hit.thread_id)}?msg=${enc(hit.message_id)}${hit.space_id && hit.space_id !== 'default' ? `&space=${enc(hit.space_id)}` : ''}`;
const hitKey = (hit: Hit) => (hit.kind === 'memory' ? `m:${hit.memory.id}` : `t:${hit.message_id}`);

/**
 * Search first: one box, fast or deep, in memories, conversations or both (the last choice is kept), results as you
 * type; `/` focuses it, arrows move, Enter opens.
 */
export function SearchView({ params }: { params: URLSearchParams }) {
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [mode, setMode] = useState<'fast' | 'deep'>((params.get('mode') as 'deep') === 'deep' ? 'deep' : 'fast');
  const [scope, setScope] = useState<Scope>(() => {
    const asked = params.get('in');
    const kept = localStorage.getItem(SCOPE_STORAGE);
    return isScope(asked) ? asked : isScope(kept) ? kept : 'memories';
  });
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
    localStorage.setItem(SCOPE_STORAGE, scope);
    // The address follows the search, unless another view was opened meanwhile (this effect runs after the click
    // that navigated away): writing it then would pull the app back to Search.
    const view = parseHash().parts[0];
    if (view === undefined || view === 'search') {
      history.replaceState(null, '', `#/search${text ? `?q=${encodeURIComponent(text)}${mode === 'deep' ? '&mode=deep' : ''}${scope !== 'memories' ? `&in=${scope}` : ''}` : ''}`);
    }
    if (!text) {
      setHits(null);
      setError(undefined);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(async () => {
      setBusy(true);
      try {
        const answer = await post<{ results: Hit[] }>('/search', { query: text, mode, limit: 30, kinds: SCOPES[scope] });
        if (mine !== seq.current) return;
        setHits(answer.results);
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
  }, [query, mode, scope]);

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
      go(hitLink(hits[selected]));
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
          placeholder={scope === 'memories' ? 'Search your memories…   ( / )' : scope === 'conversations' ? 'Search your conversations…   ( / )' : 'Search memories and conversations…   ( / )'}
          aria-label="Search memories"
          value={query}
          onInput={e => setQuery((e.target as HTMLInputElement).value)}
          onKeyDown={onKey}
          autocomplete="off"
        />
        <div class="toggle" role="group" aria-label="Search in">
          {(['memories', 'conversations', 'both'] as const).map(s => (
            <button key={s} class={scope === s ? 'on' : ''} aria-pressed={scope === s} onClick={() => setScope(s)}>
              {s[0].toUpperCase() + s.slice(1)}
            </button>
          ))}
        </div>
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
          Try other words, switch to Deep{scope !== 'both' ? ' or search Both' : ''}, or <a href="#/memories">add a memory</a>.
        </Empty>
      )}
      <ol class="results" role="listbox" aria-label="Results">
        {hits?.map((hit, i) => (
          <li
            key={hitKey(hit)}
            id={`hit-${i}`}
            role="option"
            aria-selected={i === selected}
            class={`result ${hit.kind} ${i === selected ? 'selected' : ''}`}
            onClick={() => go(hitLink(hit))}
            onMouseMove={e => pointTo(i, e)}
          >
            {hit.kind === 'memory' ? <MemoryHit hit={hit} /> : <MessageHit hit={hit} />}
          </li>
        ))}
      </ol>
    </section>
  );
}

// Only the words the server says matched (never "the", "we", "did"): the query's framing is no match.
function MemoryHit({ hit }: { hit: Extract<Hit, { kind: 'memory' }> }) {
  const words = hit.highlights ?? [];
  return (
    <>
      <a class="title" href={hitLink(hit)}>
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
    </>
  );
}

/** A message of a conversation: its thread's title, the words around the match, who said it; opens the thread there. */
function MessageHit({ hit }: { hit: Extract<Hit, { kind: 'thread' }> }) {
  return (
    <>
      <a class="title" href={hitLink(hit)}>
        <span class="kind-tag">Conversation</span> <Highlight text={hit.title || hit.thread_id} words={hit.highlights} />
      </a>
      <p class="snippet">
        <Highlight text={hit.snippet} words={hit.highlights} />
      </p>
      <div class="meta">
        <span class="muted">
          {hit.role} · message {hit.position + 1} · {hit.source}
          {hit.timestamp ? ` · ${fmtDate(hit.timestamp)}` : ''}
        </span>
      </div>
    </>
  );
}
