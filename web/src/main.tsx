import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { get, getKey, onKeyNeeded, setKey, ApiError } from './api.ts';
import { go, useRoute } from './router.ts';
import { ErrorBox, Loading, Toasts } from './ui.tsx';
import { SearchView } from './views/Search.tsx';
import { MemoriesView } from './views/Memories.tsx';
import { MemoryPage } from './views/MemoryPage.tsx';
import { LibraryView } from './views/Library.tsx';
import { ThreadsView, ThreadPage } from './views/Threads.tsx';
import { LabelsView } from './views/Labels.tsx';
import { SettingsView } from './views/Settings.tsx';
import { SourcePage, SourcesView } from './views/Sources.tsx';
import type { Capabilities } from './types.ts';
import type { GraphView } from './views/Graph.tsx';

const NAV: [string, string][] = [
  ['search', 'Search'],
  ['memories', 'Memories'],
  ['graph', 'Graph'],
  ['library', 'Library'],
  ['threads', 'Threads'],
  ['sources', 'Sources'],
  ['labels', 'Labels'],
  ['settings', 'Settings'],
];

/** The graph view (sigma.js and graphology, most of the app's code) loads only when it is opened. */
function LazyGraph({ params }: { params: URLSearchParams }) {
  const [view, setView] = useState<{ Graph: typeof GraphView } | null>(null);
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    import('./views/Graph.tsx').then(m => setView({ Graph: m.GraphView }), setError);
  }, []);
  if (error) return <ErrorBox error={error} retry={() => location.reload()} />;
  return view ? <view.Graph params={params} /> : <Loading what="Loading the graph view" />;
}

/** Asks once for the API key when the server wants one; it is kept for this browser tab (session storage). */
function KeyPrompt({ onDone }: { onDone: () => void }) {
  const [key, setValue] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    const previous = getKey();
    setKey(key.trim());
    try {
      await get('/memories?limit=1');
      onDone();
    } catch (err) {
      setKey(previous);
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="modal-backdrop">
      <form class="modal" onSubmit={submit} aria-label="API key">
        <h2>This Cairn server needs an API key</h2>
        <p>Enter a key of this server: one made with <code>cairn keys create</code> on its machine, or the one it was started with (<code>CAIRN_API_KEY</code>). It is kept for this tab only and sent with every request.</p>
        <input type="password" name="api-key" autoFocus placeholder="API key" value={key} onInput={e => setValue((e.target as HTMLInputElement).value)} />
        <ErrorBox error={error} />
        <button type="submit" disabled={busy || !key.trim()}>
          {busy ? 'Checking…' : 'Unlock'}
        </button>
      </form>
    </div>
  );
}

function App() {
  const route = useRoute();
  const [needKey, setNeedKey] = useState(false);
  const [version, setVersion] = useState(0);
  const [boot, setBoot] = useState<unknown>();

  useEffect(() => {
    get<Capabilities>('/capabilities')
      .then(caps => {
        if (caps.features.auth_required && !getKey()) setNeedKey(true);
      })
      .catch(setBoot);
    return onKeyNeeded(() => setNeedKey(true));
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement;
      const typing = target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
      if (e.key === '/' && !typing && !e.metaKey && !e.ctrlKey) {
        e.preventDefault();
        if (route.parts[0] && route.parts[0] !== 'search') go('#/search');
        setTimeout(() => document.getElementById('search-box')?.focus(), 0);
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [route]);

  const section = route.parts[0] ?? 'search';
  const id = route.parts[1];
  let view;
  if (section === 'memory' && id) view = <MemoryPage id={id} />;
  else if (section === 'memories') view = <MemoriesView params={route.params} />;
  else if (section === 'graph') view = <LazyGraph params={route.params} />;
  else if (section === 'library') view = <LibraryView parts={route.parts.slice(1)} />;
  else if (section === 'thread' && id) view = <ThreadPage id={id} />;
  else if (section === 'threads') view = <ThreadsView params={route.params} />;
  else if (section === 'source' && id) view = <SourcePage id={id} />;
  else if (section === 'sources') view = <SourcesView />;
  else if (section === 'labels') view = <LabelsView />;
  else if (section === 'settings') view = <SettingsView onForgetKey={() => setNeedKey(true)} />;
  else view = <SearchView params={route.params} />;
  const active = section === 'memory' ? 'memories' : section === 'thread' ? 'threads' : section === 'source' ? 'sources' : section;

  return (
    <div class="shell">
      <header class="topbar">
        <a class="brand" href="#/search" aria-label="Cairn home">
          <img src="icon.svg" alt="" width="24" height="24" /> Cairn
        </a>
        <nav aria-label="Main">
          {NAV.map(([key, label]) => (
            <a key={key} href={`#/${key}`} class={active === key ? 'active' : ''} aria-current={active === key ? 'page' : undefined}>
              {label}
            </a>
          ))}
        </nav>
      </header>
      <main key={version}>
        {boot instanceof ApiError && boot.status === 0 ? <ErrorBox error={boot} retry={() => location.reload()} /> : null}
        {view}
      </main>
      {needKey && (
        <KeyPrompt
          onDone={() => {
            setNeedKey(false);
            setVersion(v => v + 1);
          }}
        />
      )}
      <Toasts />
    </div>
  );
}

const root = document.getElementById('root')!;
// The page's "Loading Cairn…" placeholder goes: render() keeps children it does not reuse, and it stayed under every view.
root.replaceChildren();
render(<App />, root);
