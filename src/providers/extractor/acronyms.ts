/** Acronyms that are a body's name and those that are work's vocabulary ("the FCA fined …", "the SLA review"). */
import { FORMAT_ACRONYMS } from './gazetteer.ts';
import { bare, hasTag, known, ORG_TAGS } from './nameTypes.ts';
import { AGENCY_NOUNS, PAID_OR_CALLED } from './nounsAfter.ts';
import { lexiconTags, type Word } from './words.ts';

/** Nouns after an acronym of work's vocabulary: "the SLA review", "the NDA draft", "the KYC check". */
const PROCESS_NOUNS = new Set('review draft check doc docs document template process policy deck meeting call sync score scores target targets rollout migration ticket tickets requirements deadline clause breach'.split(' '));

const ADVERBS = new Set(['just', 'finally', 'still', 'already', 'now', 'has', 'have']);

/**
 * An unknown short acronym used as a modifier or a term ("the GIN index", "TXT record", "REST endpoints", "SAML"):
 * vocabulary, not an organisation. One with an organisation's cue ("joined NHSX", "at ACME") is kept.
 */
export function genericAcronym(words: Word[], from: number, to: number): boolean {
  const word = words[from];
  if (to - from !== 1 || !word.allCaps || known(bare(word)) || FORMAT_ACRONYMS.has(bare(word)) || word.text.replace(/[^\p{L}]/gu, '').length > 5) return false;
  const before = words[from - 1]?.lower ?? '';
  if (/^(?:joined|at|from|for|with|by|acquired|flew|fly|flying|booked)$/.test(before) || PAID_OR_CALLED.test(before) || hasTag(lexiconTags(bare(word)), ORG_TAGS)) return false;
  // "The FCA fined …", "ISMB will be …", "NSF just emailed": an acronym that does something is a body's (or a meeting's) name.
  const next = words[to];
  const acting = ADVERBS.has(next?.lower ?? '') ? words[to + 1] : next;
  if (acting && (acting.pos === 'VERB' || acting.pos === 'AUX') && !acting.cap) return false;
  // "an OSHA compliance officer", "the CBN circular", "DMV appointment": a body's officers, letters and counters.
  if ([next, words[to + 1]].some(w => w && !w.cap && AGENCY_NOUNS.has(w.lower))) return false;
  // "the EVN electricity bill", "the UNHCR trucks": an acronym naming whose thing it is, after "the".
  if (before === 'the' && next && !next.cap && next.pos === 'NOUN' && !PROCESS_NOUNS.has(next.lower)) return false;
  // "at the EPO on Friday", "on RNZ last week": after a preposition (and "the"), ending the phrase, not a modifier.
  const preposition = before === 'the' ? (words[from - 2]?.lower ?? '') : before;
  return !(/^(?:at|from|on|to|with|by|for|of|in|via)$/.test(preposition) && (!next || next.punct || next.span === 'DATE' || (next.pos !== 'NOUN' && next.pos !== 'PROPN')));
}
