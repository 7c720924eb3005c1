/**
 * Lists the names that the typing model's training data labels with more than one type (technology and product
 * count as one), with the files and counts of each label: a check that the labels follow one guideline (docs/api.md,
 * "How names are labelled"). Reads only what scripts/build-typing-model.ts trains on, never the held-out sets.
 *
 *   npx tsx scripts/typing-label-conflicts.ts          names labelled two ways, most frequent first
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Labelled, readNotes, typingTrainingFiles } from '../bench/extract.ts';
import { REPO_ROOT } from '../bench/lib.ts';
import { entityKey } from '../src/domain/entity.ts';

const FIXTURES = join(REPO_ROOT, 'bench/fixtures');
const notes = readNotes(join(FIXTURES, 'entities-notes.txt'));
const files: [string, Labelled[]][] = [
  ...typingTrainingFiles().map(path => [path.slice(path.lastIndexOf('/') + 1), readNotes(path)] as [string, Labelled[]]),
  ['entities.json', (JSON.parse(readFileSync(join(FIXTURES, 'entities.json'), 'utf8')) as { sentences: Labelled[] }).sentences],
  // Every third line of entities-notes.txt is held out: only the other two are read.
  ['notes-tuning', notes.filter((_, i) => i % 3 !== 2)],
  ['entities-fresh.txt', readNotes(join(FIXTURES, 'entities-fresh.txt'))],
];

const NAMED = new Set(['person', 'organization', 'location', 'product', 'technology', 'event']);
/** key → type → file → count */
const labels = new Map<string, Map<string, Map<string, number>>>();
for (const [file, sentences] of files) {
  for (const { entities } of sentences) {
    for (const { name, type } of entities) {
      if (!NAMED.has(type)) continue;
      const key = entityKey(name);
      const cls = type === 'technology' ? 'product' : type;
      const byType = labels.get(key) ?? labels.set(key, new Map()).get(key)!;
      const byFile = byType.get(cls) ?? byType.set(cls, new Map()).get(cls)!;
      byFile.set(file, (byFile.get(file) ?? 0) + 1);
    }
  }
}

const total = (byType: Map<string, Map<string, number>>) => [...byType.values()].reduce((sum, f) => sum + [...f.values()].reduce((a, b) => a + b, 0), 0);
const conflicts = [...labels.entries()].filter(([, byType]) => byType.size > 1).sort(([a, x], [b, y]) => total(y) - total(x) || (a < b ? -1 : 1));
for (const [key, byType] of conflicts) {
  const parts = [...byType.entries()].map(([type, byFile]) => `${type} (${[...byFile.entries()].map(([f, n]) => `${f}×${n}`).join(', ')})`);
  console.log(`${key}: ${parts.join(' | ')}`);
}
console.log(`${conflicts.length} names labelled with more than one type, of ${labels.size}`);
