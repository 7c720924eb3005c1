/**
 * Who said it: a sentence of a conversation rewritten so it stands alone as a memory. First person becomes the
 * speaker ("I love cooking" said by Audrey → "Audrey loves cooking", "my sister" → "Audrey's sister"); second person
 * becomes the one spoken to when a conversation has exactly two speakers ("your dog" → "Caroline's dog"). English
 * only; a rule-based rewrite of the pronoun and the verb right after it, nothing deeper. A sentence the rewrite does
 * not name the speaker in ("We went camping") is prefixed with the name instead ("Audrey: We went camping"). Pure.
 */

/** Verbs after a subject that do not change with the person (modals, past tense). */
const INVARIANT = new Set(
  ('can could will would should shall might must may did had was were went got saw made took felt said found thought knew came gave told bought ' +
    'brought met left began ran wrote read won lost spent kept heard built taught caught sent sold paid put set let cut hit quit ' +
    'became forgot understood chose drove flew grew threw wore ate drank sang swam rode fell sat stood slept woke ' +
    'used').split(' '),
);
/** Adverbs that may stand between the subject and its verb ("I really love…"). */
const ADVERBS = new Set('also just really always never still actually finally recently usually totally definitely only even often sometimes already truly mostly absolutely'.split(' '));
/** Verbs whose third person is irregular. */
const IRREGULAR: Record<string, string> = { have: 'has', do: 'does', go: 'goes', am: 'is', are: 'is', "don't": "doesn't", "haven't": "hasn't", "aren't": "isn't" };
/** Contractions of the subject: `I'm` → `is`. */
const CONTRACTIONS: Record<string, string> = { "'m": 'is', "'ve": 'has', "'d": 'would', "'ll": 'will', "'re": 'is' };

/** A verb in the third person singular: love → loves, try → tries, watch → watches; past tenses and modals stay. */
export function thirdPerson(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower]!;
  if (INVARIANT.has(lower) || /(?:ed|n't)$/.test(lower) || !/^[a-z]+$/.test(lower)) return verb;
  if (/(?:s|x|z|ch|sh|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

/** The tokens of a sentence: words (with their apostrophes), and everything between them as is. */
const tokens = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*|[^\p{L}\p{N}]+/gu) ?? [];

/**
 * Rewrites a subject pronoun and the verb that follows it (after any adverbs), starting at token `i`:
 * returns the new tokens and how many tokens were consumed.
 */
function subject(parts: string[], i: number, name: string): { out: string[]; used: number } {
  const word = parts[i]!.replace('’', "'");
  const contraction = /^(?:i|you)('m|'ve|'d|'ll|'re)$/i.exec(word);
  if (contraction) return { out: [name, ' ', CONTRACTIONS[contraction[1]!.toLowerCase()]!], used: 1 };
  // I [adverb ...] verb
  const out = [name];
  let j = i + 1;
  while (j + 1 < parts.length && /^\s+$/.test(parts[j]!) && ADVERBS.has(parts[j + 1]!.toLowerCase())) {
    out.push(parts[j]!, parts[j + 1]!);
    j += 2;
  }
  if (j + 1 < parts.length && /^\s+$/.test(parts[j]!) && /^[\p{L}']+$/u.test(parts[j + 1]!)) {
    const verb = parts[j + 1]!.replace('’', "'");
    const lower = verb.toLowerCase();
    const next = lower === 'was' || lower === 'were' ? 'was' : thirdPerson(verb);
    out.push(parts[j]!, next);
    j += 2;
  }
  return { out, used: j - i };
}

/**
 * The sentence with the speaker named instead of "I"/"me"/"my", and the other speaker (when there is exactly one)
 * instead of "you"/"your"; prefixed with `Speaker:` when no pronoun named the speaker (unless `prefix` is false).
 */
export function attribute(sentence: string, speaker: string, addressee: string | null, prefix = true): string {
  const parts = tokens(sentence);
  const out: string[] = [];
  let named = false;
  for (let i = 0; i < parts.length; ) {
    const raw = parts[i]!;
    const word = raw.replace('’', "'");
    const lower = word.toLowerCase();
    const previous = out.length > 0 ? out.join('').trimEnd() : '';
    // Subject position: the start of the sentence or of a clause ("…, and I went", "…because you said").
    const atClauseStart = previous === '' || /[,;:—–-]$|\b(?:and|but|so|because|when|that|if|since|while|after|before|until|then|or|as)$/i.test(previous);
    if (word === 'I' || /^I'(?:m|ve|d|ll)$/.test(word)) {
      const rewritten = subject(parts, i, speaker);
      out.push(...rewritten.out);
      i += rewritten.used;
      named = true;
      continue;
    }
    if (addressee && (lower === 'you' || /^you'(?:re|ve|d|ll)$/.test(lower))) {
      // A contraction ("you're") is always the subject; a bare "you" is one at the start of a clause.
      if (atClauseStart || lower !== 'you') {
        const rewritten = subject(parts, i, addressee);
        out.push(...rewritten.out);
        i += rewritten.used;
      } else {
        out.push(addressee);
        i++;
      }
      continue;
    }
    if (lower === 'me' || lower === 'myself') {
      out.push(speaker);
      named = true;
    } else if (lower === 'my' || lower === 'mine') {
      out.push(possessive(speaker));
      named = true;
    } else if (addressee && (lower === 'your' || lower === 'yours')) out.push(possessive(addressee));
    else if (addressee && lower === 'yourself') out.push(addressee);
    else out.push(raw);
    i++;
  }
  let text = out.join('');
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return named || !prefix ? text : `${speaker.charAt(0).toUpperCase()}${speaker.slice(1)}: ${text}`;
}
