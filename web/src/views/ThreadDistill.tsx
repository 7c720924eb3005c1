import { useState } from 'preact/hooks';
import { post } from '../api.ts';
import { counted } from '../plural.ts';
import { href } from '../router.ts';
import { ErrorBox } from '../ui.tsx';

/** The most a triage reads (POST /memories/distill/triage bounds `thread_content`). */
const TRIAGE_CHARS = 50_000;

interface Triage {
  should_distill: boolean;
  reason: string;
  found: Record<string, number>;
}

interface Distilled {
  memories_created: number;
  duplicates_skipped: number;
  created_memories: { id: string; title: string; unit_type: string }[];
  distilled_by: string;
}

type Step = { at: 'idle' } | { at: 'preview'; triage: Triage; cut: boolean } | { at: 'done'; result: Distilled };

/** The conversation as the triage reads it: one `Role: text` paragraph per message. */
function transcript(messages: { role: string; content: string }[]) {
  const text = messages.map(m => `${m.role.charAt(0).toUpperCase()}${m.role.slice(1)}: ${m.content}`).join('\n\n');
  return { text: text.slice(0, TRIAGE_CHARS), cut: text.length > TRIAGE_CHARS };
}

/** "2 decisions, 1 preference": what the offline rules found, by kind. */
const foundList = (found: Record<string, number>) =>
  Object.entries(found)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => counted(n, kind));

/**
 * "Distill into memories": first a preview (the offline triage says whether the conversation holds decisions,
 * preferences, plans, facts or learnings, how many of each, with an example), then, once confirmed, the distillation
 * itself, which lists the memories it made.
 */
export function DistillPanel({ thread, onDistilled }: { thread: any; onDistilled: () => void }) {
  const [step, setStep] = useState<Step>({ at: 'idle' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const run = async (work: () => Promise<Step>) => {
    setBusy(true);
    setError(undefined);
    try {
      setStep(await work());
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const preview = () =>
    run(async () => {
      const { text, cut } = transcript(thread.messages);
      return { at: 'preview', triage: await post<Triage>('/memories/distill/triage', { thread_content: text }), cut };
    });
  const distill = () =>
    run(async () => {
      const result = await post<Distilled>('/memories/distill', { thread_id: thread.thread_id, space_id: thread.space_id });
      onDistilled();
      return { at: 'done', result };
    });

  return (
    <div class="distill" aria-label="Distill into memories" role="region">
      {step.at === 'idle' && (
        <button onClick={preview} disabled={busy || thread.messages.length === 0} title="See what this conversation would become, then confirm">
          {busy ? 'Reading the conversation…' : 'Distill into memories'}
        </button>
      )}
      {step.at === 'preview' && (
        <div class="card distill-preview">
          <strong>{step.triage.should_distill ? `About ${counted(Object.values(step.triage.found).reduce((a, b) => a + b, 0), 'memory', 'memories')} would be created` : 'Nothing worth keeping was found'}</strong>
          {foundList(step.triage.found).length > 0 && <p class="found">{foundList(step.triage.found).join(' · ')}</p>}
          <p class="muted">{step.triage.reason}</p>
          {step.cut && <p class="muted small">Judged on the first {TRIAGE_CHARS.toLocaleString()} characters; the distillation reads every message.</p>}
          <p class="muted small">A configured language model may word them differently; memories already made from this conversation are not repeated.</p>
          <div class="row">
            <button class={step.triage.should_distill ? '' : 'secondary'} onClick={distill} disabled={busy}>
              {busy ? 'Distilling…' : step.triage.should_distill ? 'Create memories' : 'Distill anyway'}
            </button>
            <button class="secondary" onClick={() => setStep({ at: 'idle' })} disabled={busy}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {step.at === 'done' && (
        <div class="card distill-result">
          <strong>
            {step.result.memories_created ? `Created ${counted(step.result.memories_created, 'memory', 'memories')}` : 'No new memories'}
            {step.result.duplicates_skipped ? ` (${counted(step.result.duplicates_skipped, 'duplicate')} skipped)` : ''}
          </strong>
          <ul class="plain">
            {step.result.created_memories.map(m => (
              <li key={m.id}>
                <a href={href('memory', m.id)}>{m.title}</a> <span class="muted small">{m.unit_type}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <ErrorBox error={error} />
    </div>
  );
}
