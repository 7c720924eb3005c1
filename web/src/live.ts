/**
 * Live updates: one EventSource on /events/stream for the whole app (the key travels as `nmem_api_key`, since
 * EventSource sends no headers); views subscribe to the collections they show and reload when one changes. Bursts
 * (an import, a bulk delete) reload once. Without the stream (an older server, a proxy that buffers) views just
 * keep their manual reload.
 */
import { useEffect } from 'preact/hooks';
import { getKey } from './api.ts';

interface DataChange {
  type: 'data-change';
  resource: string;
  action: 'create' | 'update' | 'delete';
  id: string | null;
  space_id: string | null;
}

type Listener = (change: DataChange) => void;
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let sourceKey = '';

function connect() {
  const key = getKey();
  if (source && sourceKey === key) return;
  source?.close();
  sourceKey = key;
  source = new EventSource(`/events/stream${key ? `?nmem_api_key=${encodeURIComponent(key)}` : ''}`);
  source.addEventListener('data-change', event => {
    const change = JSON.parse((event as MessageEvent<string>).data) as DataChange;
    listeners.forEach(l => l(change));
  });
}

/** Milliseconds a burst of changes is gathered into one reload. */
const SETTLE_MS = 300;

/** Calls `reload` (at most once per burst) when something in one of `resources` changes on the server. */
export function useLiveReload(resources: string[], reload: () => void): void {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    connect();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener: Listener = change => {
      if (!resources.includes(change.resource)) return;
      clearTimeout(timer);
      timer = setTimeout(reload, SETTLE_MS);
    };
    listeners.add(listener);
    return () => {
      clearTimeout(timer);
      listeners.delete(listener);
    };
  }, [resources.join(','), reload]);
}
