import { useState } from 'preact/hooks';
import { post } from '../api.ts';
import { counted } from '../plural.ts';
import { href } from '../router.ts';
import { ErrorBox } from '../ui.tsx';
import type { ThreadDetail } from '../types.ts';

/** A memory the distillation would create (`dry_run`). */
interface Candidate {
  content: string;
  unit_type: string | null;
  speaker: string | null;
}

interface Distilled {
  memories_created: number;
  duplicates_skipped: number;
  created_memories: { id: string; title: string; unit_type: string }[];
  distilled_by: string;
  would_create?: Candidate[];
}

type Step = { at: 'idle' } | { at: 'preview'; plan: Distilled } | { at: 'done'; result: Distilled };

/** How many of the memories to come the preview lists; the rest are counted. */
const PREVIEW_ITEMS = 50;

/**
 * "Distill into memories": first a preview (the distillation run with `dry_run`: exactly the memories it would create,
 * nothing written), then, once confirmed, the distillation itself, which lists the memories it made.
 */
export function DistillPanel({ thread, onDistilled }: { thread: Pick<ThreadDetail, 'thread_id' | 'space_id' | 'messages'>; onDistilled: () => void }) {
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
  const target = { thread_id: thread.thread_id, space_id: thread.space_id };
  const preview = () => run(async () => ({ at: 'preview', plan: await post<Distilled>('/memories/distill', { ...target, dry_run: true }) }));
  const distill = () =>
    run(async () => {
      const result = await post<Distilled>('/memories/distill', target);
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
          <strong>{step.plan.would_create?.length ? `${counted(step.plan.would_create.length, 'memory', 'memories')} would be created` : 'Nothing new worth keeping was found'}</strong>
          <ul class="plain">
            {step.plan.would_create?.slice(0, PREVIEW_ITEMS).map((c, i) => (
              <li key={i}>
                {c.content} <span class="muted small">{c.unit_type}</span>
              </li>
            ))}
          </ul>
          {(step.plan.would_create?.length ?? 0) > PREVIEW_ITEMS && <p class="muted small">and {(step.plan.would_create?.length ?? 0) - PREVIEW_ITEMS} more</p>}
          {step.plan.duplicates_skipped > 0 && <p class="muted small">{counted(step.plan.duplicates_skipped, 'statement')} already kept from this conversation will not be repeated.</p>}
          <div class="row">
            <button onClick={distill} disabled={busy || !step.plan.would_create?.length}>
              {busy ? 'Distilling…' : 'Create memories'}
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
