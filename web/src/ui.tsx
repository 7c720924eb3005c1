import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { marked } from 'marked';
import DOMPurify from 'dompurify';
import { ApiError } from './api.ts';
import { useLabelColor } from './labelColors.ts';

// ---- toasts (with undo) ----
export interface Toast {
  id: number;
  at: number;
  text: string;
  kind: 'info' | 'error';
  undo?: () => Promise<unknown> | void;
}
let toasts: Toast[] = [];
let nextId = 1;
const toastListeners = new Set<(t: Toast[]) => void>();
const emit = () => toastListeners.forEach(l => l(toasts));
export function toast(text: string, options: { kind?: 'info' | 'error'; undo?: Toast['undo']; ms?: number } = {}) {
  const t: Toast = { id: nextId++, at: Date.now(), text, kind: options.kind ?? 'info', undo: options.undo };
  toasts = [...toasts.slice(-3), t];
  emit();
  setTimeout(() => dismiss(t.id), options.ms ?? (options.undo ? 10_000 : 5_000));
}
// Leaving a view clears its messages, but an undo offered just before the move (a delete goes back to the list) stays.
addEventListener('hashchange', () => {
  const kept = toasts.filter(t => t.undo && Date.now() - t.at < 2_000);
  if (kept.length !== toasts.length) {
    toasts = kept;
    emit();
  }
});
export const dismiss = (id: number) => {
  toasts = toasts.filter(t => t.id !== id);
  emit();
};
export const errorText = (error: unknown) =>
  error instanceof ApiError ? `${error.message} ${error.hint}` : error instanceof Error ? error.message : String(error);
export const toastError = (error: unknown) => toast(errorText(error), { kind: 'error', ms: 8_000 });

export function Toasts() {
  const [list, setList] = useState(toasts);
  useEffect(() => {
    toastListeners.add(setList);
    return () => void toastListeners.delete(setList);
  }, []);
  return (
    <div class="toasts" role="status" aria-live="polite">
      {list.map(t => (
        <div key={t.id} class={`toast ${t.kind}`}>
          <span>{t.text}</span>
          {t.undo && (
            <button
              class="link"
              onClick={async () => {
                dismiss(t.id);
                try {
                  await t.undo!();
                  toast('Undone.');
                } catch (e) {
                  toastError(e);
                }
              }}
            >
              Undo
            </button>
          )}
          <button class="link close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

// ---- async data ----
export interface Async<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  set: (value: T) => void;
}
/** Loads `load()` when `deps` change; the latest answer wins. */
export function useAsync<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Async<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState(s => ({ ...s, loading: true }));
    load(controller.signal).then(
      data => !controller.signal.aborted && setState({ data, loading: false }),
      error => !controller.signal.aborted && setState({ error, loading: false }),
    );
    return () => controller.abort();
  }, [...deps, tick]);
  const reload = useCallback(() => setTick(t => t + 1), []);
  const set = useCallback((data: T) => setState({ data, loading: false }), []);
  return { data: state.data, error: state.error, loading: state.loading, reload, set };
}

// ---- small pieces ----
export function ErrorBox({ error, retry }: { error: unknown; retry?: () => void }) {
  if (!error) return null;
  const apiError = error instanceof ApiError ? error : undefined;
  return (
    <div class="error-box" role="alert">
      <strong>{apiError ? apiError.message : errorText(error)}</strong>
      {apiError && <p>{apiError.hint}</p>}
      {retry && (
        <button onClick={retry} class="secondary">
          Retry
        </button>
      )}
    </div>
  );
}

export const Loading = ({ what = 'Loading' }: { what?: string }) => (
  <p class="loading" aria-busy="true">
    <span class="spinner" /> {what}…
  </p>
);

export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <strong>{title}</strong>
      {children && <div>{children}</div>}
    </div>
  );
}

export function Progress({ value, label }: { value: number | null; label: string }) {
  return (
    <div class="progress" role="progressbar" aria-valuenow={value === null ? undefined : Math.round(value * 100)} aria-label={label}>
      <div class={value === null ? 'bar indeterminate' : 'bar'} style={value === null ? undefined : { width: `${Math.round(value * 100)}%` }} />
      <span>{label}</span>
    </div>
  );
}

/** Wiki links (/library/wiki-page/…) and memory links in rendered pages lead to the app's own views. */
function appLinks(html: string) {
  return html
    .replace(/href="\/library\/wiki-page\/(entity|topic|crystal)\/([^"]+)"/g, (_m, kind, id) => `href="#/library/${kind}/${id}"`)
    .replace(/href="\/memories\/([^"/]+)"/g, (_m, id) => `href="#/memory/${id}"`);
}

/** Markdown rendered and sanitised: stored text never runs as script. */
export function Markdown({ text, class: cls = 'markdown' }: { text: string; class?: string }) {
  const html = appLinks(DOMPurify.sanitize(marked.parse(text, { async: false, gfm: true, breaks: true }) as string));
  return <div class={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}

export const fmtDate = (iso: string | null | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
};
export const fmtDateTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '');
export const fmtBytes = (n: number) => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : n < 1024 ** 3 ? `${(n / 1024 ** 2).toFixed(1)} MB` : `${(n / 1024 ** 3).toFixed(2)} GB`);

/** `text` with `words` marked, as whole words ("we" is not marked inside "were"). */
export function Highlight({ text, words }: { text: string; words: string[] }) {
  const usable = words.filter(w => w.length > 1).map(w => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (usable.length === 0) return <>{text}</>;
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(${usable.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return <>{text.split(re).map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>;
}

/** A piece of `content` around the first query word, so the match shows without reading everything. */
export function snippet(content: string, words: string[], size = 220) {
  const flat = content.replace(/\*\*|__|~~|`|^#+\s|^\s*[-*+>]\s/gm, "").replace(/\s+/g, " ").trim();
  const lower = flat.toLowerCase();
  let at = -1;
  for (const w of words) {
    const i = lower.indexOf(w.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (flat.length <= size) return flat;
  const start = Math.max(0, at - 60);
  return `${start > 0 ? '…' : ''}${flat.slice(start, start + size)}${start + size < flat.length ? '…' : ''}`;
}

/** A chip's style in its label's colour (see labelColors.ts). */
export const chipStyle = (color: string | undefined) => (color ? { borderColor: color, background: `color-mix(in srgb, ${color} 14%, var(--panel))` } : undefined);

export function LabelChips({ labels }: { labels: (string | { name: string; color?: string })[] }) {
  const colorOf = useLabelColor();
  if (!labels?.length) return null;
  return (
    <span class="chips">
      {labels.map(l => {
        const name = typeof l === 'string' ? l : l.name;
        return (
          <a class="chip" key={name} style={chipStyle(colorOf(l))} href={`#/memories?labels=${encodeURIComponent(name)}`} onClick={e => e.stopPropagation()}>
            {name}
          </a>
        );
      })}
    </span>
  );
}

export const UNIT_TYPES = ['fact', 'preference', 'decision', 'plan', 'procedure', 'learning', 'context', 'event'];
export const STATES = ['active', 'archived', 'deprecated', 'superseded', 'forgotten'];
