import { useState } from 'preact/hooks';
import { get, post } from '../api.ts';
import { ErrorBox, fmtDateTime, Loading, toast, toastError, useAsync } from '../ui.tsx';
import { counted } from '../plural.ts';
import type { SyncRound, SyncStatus } from '../types.ts';

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

/** How to turn sync on (docs/sync.md): a folder every device syncs, and one passphrase. */
function TurnOnSync() {
  return (
    <div class="turn-on">
      <p>
        Sync is off. To use Cairn on several devices, start it on each with the same folder and passphrase, e.g. a folder Syncthing or Dropbox already syncs:
      </p>
      <p>
        <code>CAIRN_SYNC_REMOTE=~/Sync/cairn CAIRN_SYNC_PASSPHRASE=… cairn serve</code>
      </p>
      <p class="muted small">Or another Cairn server as a hub: CAIRN_SYNC_REMOTE=https://… with CAIRN_SYNC_REMOTE_KEY.</p>
    </div>
  );
}

/** Settings → Sync: this device, the others the remote holds, the last round, waiting changes, errors and conflicts. */
export function SyncPanel() {
  const status = useAsync(signal => get<SyncStatus>('/sync/status', signal), []);
  const [syncing, setSyncing] = useState(false);
  const syncNow = async () => {
    setSyncing(true);
    try {
      const round = await post<SyncRound>('/sync');
      toast(`Synced: ${round.pushed} sent, ${round.pulled} received, ${counted(round.conflicts, 'conflict')}.`, { kind: round.errors.length ? 'error' : 'info' });
    } catch (err) {
      toastError(err);
    } finally {
      setSyncing(false);
      status.reload();
    }
  };
  const s = status.data;
  if (status.error) return <ErrorBox error={status.error} retry={status.reload} />;
  if (!s) return <Loading />;
  if (!s.enabled) return <TurnOnSync />;
  const round = s.last_round;
  return (
    <div class="sync-panel">
      <dl>
        <dt>Remote</dt>
        <dd>
          {s.remote} ({s.encrypted ? 'encrypted' : 'not encrypted'})
        </dd>
        <dt>Last round</dt>
        <dd class="sync-last-round">
          {round
            ? round.error
              ? <span class="danger">{fmtDateTime(round.finished_at)}: {round.error}</span>
              : `${fmtDateTime(round.finished_at)}: ${round.pushed} sent, ${round.pulled} received, ${counted(round.conflicts, 'conflict')}`
            : 'none yet'}
        </dd>
        {s.pending && (
          <>
            <dt>Waiting</dt>
            <dd>
              {s.pending.push} to send, {s.pending.pull} to receive
            </dd>
          </>
        )}
      </dl>
      <h3>Devices</h3>
      <table class="sync-devices">
        <thead>
          <tr>
            <th>Device</th>
            <th>On the remote</th>
            <th>Here</th>
          </tr>
        </thead>
        <tbody>
          {s.devices.map(d => (
            <tr key={d.device_id}>
              <td title={d.device_id}>
                {shortId(d.device_id)}
                {d.this_device ? ' (this device)' : ''}
              </td>
              <td>{counted(d.remote_through, 'change')}</td>
              <td>{counted(d.applied_through, 'change')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {s.errors.length > 0 && (
        <>
          <h3>Errors</h3>
          <ul class="sync-errors small">
            {s.errors.slice(0, 5).map(e => (
              <li key={`${e.at}${e.message}`} class="danger">
                {fmtDateTime(e.at)}: {e.message}
              </li>
            ))}
          </ul>
        </>
      )}
      {s.last_conflicts.length > 0 && (
        <>
          <h3>Last conflicts</h3>
          <ul class="sync-conflicts small">
            {s.last_conflicts.slice(0, 10).map(c => (
              <li key={`${c.at}${c.entity}${c.key}${c.field}`}>
                {c.entity} {shortId(c.key)}, <code>{c.field}</code>: {shortId(c.winner.device)} won over {shortId(c.loser.device)}
                {c.keptAs ? ` (the other value is kept as ${shortId(c.keptAs)})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      <button class="secondary" onClick={syncNow} disabled={syncing || s.running}>
        {syncing ? 'Syncing…' : 'Sync now'}
      </button>
    </div>
  );
}
