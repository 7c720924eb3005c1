import { useState } from 'preact/hooks';
import { del, enc, get, post } from '../api.ts';
import { useLiveReload } from '../live.ts';
import { counted } from '../plural.ts';
import type { Space, SpaceList } from '../types.ts';
import { href } from '../router.ts';
import { ErrorBox, Loading, toast, toastError, useAsync } from '../ui.tsx';

/** What a space holds, in words. */
const holds = (s: Space) =>
  [counted(s.usage.memories, 'memory', 'memories'), counted(s.usage.threads, 'thread'), s.usage.hasWorkingMemory ? 'working memory' : ''].filter(Boolean).join(', ');

/** The spaces (roster and observed), with what each holds: create one, open one, delete an empty one. */
export function SpacesPanel() {
  const spaces = useAsync(signal => get<SpaceList>('/spaces', signal), []);
  useLiveReload(['spaces', 'memories', 'threads'], spaces.reload);
  const [name, setName] = useState('');
  const [instructions, setInstructions] = useState('');
  const [busy, setBusy] = useState(false);

  const create = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      spaces.set(await post<SpaceList>('/spaces', { name: name.trim(), instructions: instructions.trim() || undefined }));
      toast(`Space “${name.trim()}” created`);
      setName('');
      setInstructions('');
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (space: Space) => {
    try {
      spaces.set(await del<SpaceList>(`/spaces/${enc(space.id)}`));
      toast(`Space “${space.name}” deleted`);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <>
      <p>Each memory and thread lives in one space. Plugins and the command line choose one by name (<code>--space "Research"</code>, <code>NMEM_SPACE</code>).</p>
      <ErrorBox error={spaces.error} retry={spaces.reload} />
      {!spaces.data && !spaces.error && <Loading />}
      {spaces.data && (
        <ul class="space-list" aria-label="Spaces">
          {spaces.data.spaces.map(s => (
            <li key={s.id}>
              <a href={`${href('memories')}?space=${enc(s.id)}`}>{s.name}</a> <code>{s.id}</code> · {holds(s)}
              {s.observed && <span class="muted"> · no profile</span>}
              {s.instructions && <div class="muted">{s.instructions}</div>}
              {s.id !== 'default' && s.usage.memories === 0 && s.usage.threads === 0 && (
                <button class="secondary small" aria-label={`Delete space ${s.name}`} onClick={() => remove(s)}>
                  Delete
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={create} aria-label="New space">
        <input aria-label="Space name" placeholder="New space name" value={name} onInput={e => setName((e.target as HTMLInputElement).value)} />
        <input aria-label="Instructions for agents" placeholder="Instructions for agents (optional)" value={instructions} onInput={e => setInstructions((e.target as HTMLInputElement).value)} />
        <button type="submit" disabled={busy || !name.trim()}>
          {busy ? 'Creating…' : 'Create space'}
        </button>
      </form>
    </>
  );
}
