import { useEffect, useRef, useState } from 'preact/hooks';
import { enc, get, post, q } from '../api.ts';
import { go, href } from '../router.ts';
import { Empty, ErrorBox, fmtDate, fmtDateTime, Loading, Markdown, toastError, useAsync } from '../ui.tsx';
import { counted } from '../plural.ts';
import { DistillPanel } from './ThreadDistill.tsx';
import type { FavoriteThreads, ThreadDetail, ThreadList, ThreadListItem, ThreadSearch } from '../types.ts';

/** A thread in the list; a search (its `full` mode) adds the best matching message as a snippet. */
type Row = ThreadListItem & { snippet?: string };
type FoundRow = Extract<ThreadSearch['threads'][number], { snippet: string }>;

/** Threads: the conversations assistants saved, searchable, with favourites. */
export function ThreadsView({ params }: { params: URLSearchParams }) {
  const [query, setQuery] = useState(params.get('q') ?? '');
  const [debounced, setDebounced] = useState(query);
  const favourites = params.get('favorites') === '1';
  useEffect(() => {
    const t = setTimeout(() => setDebounced(query.trim()), 200);
    return () => clearTimeout(t);
  }, [query]);
  const list = useAsync(
    async signal => {
      if (debounced) {
        const found = await get<ThreadSearch>(`/threads/search${q({ query: debounced, limit: 50 })}`, signal);
        return found.threads.filter((t): t is FoundRow => 'snippet' in t); // `full` mode: every hit is a whole row
      }
      if (favourites) return get<FavoriteThreads>('/favorites/threads?limit=100', signal);
      return (await get<ThreadList>('/threads?limit=100', signal)).threads;
    },
    [debounced, favourites],
  );
  const threads: Row[] = list.data ?? [];
  const toggle = async (t: Row, e: Event) => {
    e.stopPropagation();
    try {
      await post(`/threads/${enc(t.thread_id)}/favorite${q({ is_favorite: !t.is_favorite, space_id: t.space_id })}`);
      list.set(threads.map(x => (x.thread_id === t.thread_id ? { ...x, is_favorite: !t.is_favorite } : x)));
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <section class="view">
      <h1>Threads</h1>
      <div class="row">
        <input type="search" aria-label="Search threads" placeholder="Search conversations…" value={query} onInput={e => setQuery((e.target as HTMLInputElement).value)} />
        <label class="check">
          <input type="checkbox" checked={favourites} onChange={e => go((e.target as HTMLInputElement).checked ? '#/threads?favorites=1' : '#/threads')} /> Favourites
        </label>
      </div>
      <ErrorBox error={list.error} retry={list.reload} />
      {list.loading && !list.data && <Loading what="Loading threads" />}
      {list.data && threads.length === 0 && (
        <Empty title={debounced ? `No conversation mentions “${debounced}”.` : 'No threads yet.'}>
          {debounced ? 'Try other words.' : <>Conversations appear when an assistant saves them: <code>nmem t save</code>, the capture plugins, or POST /threads.</>}
        </Empty>
      )}
      <ul class="memory-list">
        {threads.map(t => (
          <li key={`${t.space_id}/${t.thread_id}`} class="card memory-row" onClick={() => go(href('thread', t.thread_id) + (t.space_id && t.space_id !== 'default' ? `?space=${enc(t.space_id)}` : ''))}>
            <div class="row spread">
              <a class="title" href={href('thread', t.thread_id)}>
                {t.title || t.thread_id}
              </a>
              <button class="icon" aria-pressed={t.is_favorite} aria-label={t.is_favorite ? 'Remove from favourites' : 'Add to favourites'} onClick={e => toggle(t, e)}>
                {t.is_favorite ? '★' : '☆'}
              </button>
            </div>
            {t.snippet && <p class="snippet">{t.snippet}</p>}
            <p class="muted small">
              {t.source} · {counted(t.message_count ?? t.messages, 'message')} · {fmtDate(t.last_activity ?? t.date)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The conversation reader; `?msg=<message id>` (a search result) opens it at that message. */
export function ThreadPage({ id }: { id: string }) {
  const params = new URLSearchParams(location.hash.split('?')[1] ?? '');
  const space = params.get('space') ?? undefined;
  const focus = params.get('msg');
  const thread = useAsync(signal => get<ThreadDetail>(`/threads/${enc(id)}${q({ space_id: space })}`, signal), [id, space]);
  // Scrolled to once: a reload of the thread (after distilling) must not pull the page back.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!thread.data || !focus || scrolledTo.current === focus) return;
    scrolledTo.current = focus;
    document.getElementById(`msg-${focus}`)?.scrollIntoView({ block: 'center' });
  }, [thread.data, focus]);
  if (thread.error) return <ErrorBox error={thread.error} retry={thread.reload} />;
  const t = thread.data;
  if (!t) return <Loading what="Loading the conversation" />;
  return (
    <section class="view thread-page">
      <p class="crumbs">
        <a href="#/threads">Threads</a> / {t.source}
      </p>
      <h1>{t.title || t.thread_id}</h1>
      <p class="muted">
        {counted(t.total_messages, 'message')} · ≈{counted(t.total_tokens, 'token')} · {fmtDateTime(t.thread?.created_at)}
      </p>
      <DistillPanel thread={t} onDistilled={thread.reload} />
      {t.related_memories?.length > 0 && (
        <div class="card">
          <strong>Memories from this conversation</strong>
          <ul class="plain">
            {t.related_memories.map(m => (
              <li key={m.id}>
                <a href={href('memory', m.id)}>{m.title}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {t.messages.length === 0 && <Empty title="This thread has no messages." />}
      <ol class="conversation">
        {t.messages.map(m => (
          <li key={m.id} id={`msg-${m.id}`} class={`message ${m.role}${m.id === focus ? ' focused' : ''}`} aria-current={m.id === focus ? 'true' : undefined}>
            <div class="who">
              {m.role} {m.timestamp ? <span class="muted small">{fmtDateTime(m.timestamp)}</span> : null}
            </div>
            <Markdown text={m.content} />
          </li>
        ))}
      </ol>
    </section>
  );
}
