import { useEffect, useState } from 'preact/hooks';
import { get } from './api.ts';

/**
 * Label colours. Every label the server creates has the same default colour, so the app picks one per label by the
 * label's place in creation order: the n-th label turns the hue by the golden angle (~137.5°) from the one before,
 * which keeps labels made near each other far apart on the colour wheel, and lightness steps through three bands so
 * hues that do come close (labels ~20 apart) still differ. Creation order does not change when labels are added, so a
 * label keeps its colour across reloads. A colour given to a label on purpose (PATCH /labels/{id}) is kept.
 */
export const DEFAULT_LABEL_COLOR = '#3b82f6';
const GOLDEN_ANGLE = 137.508;
const LIGHTNESS = [42, 32, 54];

/** The colour of the label at `place` in creation order (0 = the oldest). */
export function colorAt(place: number): string {
  const hue = Math.round((210 + place * GOLDEN_ANGLE) % 360);
  return `hsl(${hue} 65% ${LIGHTNESS[place % LIGHTNESS.length]}%)`;
}

let places = new Map<string, number>();
let loading: Promise<void> | null = null;
const asked = new Set<string>(); // names looked up once already: one reload each, never a loop
const listeners = new Set<() => void>();

/** Reads every label's place in creation order (the oldest 1,000: beyond them labels keep their stored colour). */
function loadPlaces() {
  loading ??= get<{ name: string }[] | { labels: { name: string }[] }>('/labels?order_by=created_at&limit=1000')
    .then(answer => {
      const list = Array.isArray(answer) ? answer : answer.labels;
      places = new Map(list.map((label, i) => [label.name, i]));
      listeners.forEach(listener => listener());
    })
    .catch(() => {}) // colours are decoration: a failed read leaves the stored ones
    .finally(() => (loading = null));
}

/** The colour to show for a label; re-renders the caller once the order is known (or a new label joins it). */
export function useLabelColor(): (label: string | { name: string; color?: string }) => string | undefined {
  const [, setVersion] = useState(0);
  useEffect(() => {
    const listener = () => setVersion(v => v + 1);
    listeners.add(listener);
    if (places.size === 0) loadPlaces();
    return () => void listeners.delete(listener);
  }, []);
  return label => {
    const name = typeof label === 'string' ? label : label.name;
    const stored = typeof label === 'string' ? undefined : label.color;
    if (stored && stored.toLowerCase() !== DEFAULT_LABEL_COLOR) return stored;
    const place = places.get(name);
    if (place !== undefined) return colorAt(place);
    // A label made since the order was read: read it again, once per name.
    if (!asked.has(name)) {
      asked.add(name);
      loadPlaces();
    }
    return undefined;
  };
}
