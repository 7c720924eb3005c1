import type { ExtractedRelationship } from '../ports.ts';
import type { Word } from './words.ts';

/**
 * Relations between names of one sentence: co-occurrence (RELATED_TO), typed where the words between the two names
 * say how ("Priya joined Stripe" → WORKS_AT, "moved to Denver" → MOVED_TO, "switched from MySQL to Postgres" →
 * REPLACED_BY).
 */

export interface Placed {
  name: string;
  type: string;
  /** Index of the first and after-last word in the sentence. */
  word: number;
  endWord: number;
}

const PEOPLE = ['person'];
const ORGS = ['organization'];
const PLACES = ['location'];
const THINGS = ['technology', 'product'];
const ACTORS = ['person', 'organization'];

interface Pattern {
  between: RegExp;
  type: string;
  from: string[];
  to: string[];
  /** The pattern reads target-first ("Stripe hired Priya"): the edge goes the other way. */
  reverse?: boolean;
}

const PATTERNS: Pattern[] = [
  { between: /\b(?:works?|worked|working) (?:at|for|with)\b|\bjoin(?:ed|s|ing)?\b|\bjob (?:at|with)\b|\bemployed (?:at|by)\b|\bintern(?:ed|ing|ship)? (?:at|with)\b|\b(?:engineer|manager|designer|developer|analyst|consultant|ceo|cto|cfo|coo|founder|co-?founder|director|head|president|vp|chair|partner|lead|scientist|researcher) (?:at|of|for)\b/, type: 'WORKS_AT', from: PEOPLE, to: ORGS },
  { between: /\bhired\b|\bemploys\b|\bappointed\b/, type: 'WORKS_AT', from: ORGS, to: PEOPLE, reverse: true },
  { between: /\b(?:co-?)?founded\b|\bstarted\b|\bruns\b|\bowns\b/, type: 'FOUNDED', from: PEOPLE, to: ORGS },
  { between: /\bleav(?:e|es|ing)\b|\bleft\b|\bquit\b|\blaid off (?:from|by)\b|\bfired from\b/, type: 'LEFT', from: PEOPLE, to: ORGS },
  { between: /\bstud(?:y|ies|ied|ying)\b|\bstudent\b|\bgraduat\w*\b|\bdegree\b|\bresidency\b|\benrolled\b|\bphd\b/, type: 'STUDIES_AT', from: PEOPLE, to: ORGS },
  { between: /\bteach(?:es|ing)?\b|\btaught\b|\blectur\w*\b/, type: 'TEACHES_AT', from: PEOPLE, to: ORGS },
  { between: /\b(?:mov(?:e|es|ed|ing)|relocat\w+)\b(?:.* )?\b(?:to|into)$/, type: 'MOVED_TO', from: ACTORS, to: PLACES },
  { between: /\b(?:mov(?:e|es|ed|ing)|relocat\w+) (?:away )?from$/, type: 'MOVED_FROM', from: ACTORS, to: PLACES },
  { between: /\b(?:lives?|living|lived|based|stays?|staying|resides?) in\b|\bhome in\b/, type: 'LIVES_IN', from: PEOPLE, to: PLACES },
  { between: /\b(?:born|grew up|raised) in\b/, type: 'BORN_IN', from: PEOPLE, to: PLACES },
  { between: /\b(?:visit\w*|trip to|travel\w* to|fl(?:y|ew|ying) (?:to|into)|went to|going to|go to|vacation in|holiday in|hik\w+|tour\w*|arriv\w+ in)\b/, type: 'VISITED', from: PEOPLE, to: PLACES },
  { between: /^(?:in|based in|headquartered in|offices? in|located in|near)$/, type: 'LOCATED_IN', from: ['organization', 'location'], to: PLACES },
  { between: /\b(?:use[sd]?|using|switch\w* to|migrat\w+ to|moved to|adopt\w*|built (?:with|on)|writ\w+ in|wrote\b.*\bin|runs? on|running on|deploy\w* (?:on|to)|prefers?|learn\w*|install\w*|set up|upgrad\w*|tried|trying|love[sd]?|bought|buying|recommend\w*|subscri\w+ to|pay for|keeps?)\b/, type: 'USES', from: ACTORS, to: THINGS },
  { between: /\b(?:acquir\w+|bought|purchas\w+|merg\w+ with|took over)\b/, type: 'ACQUIRED', from: ORGS, to: ORGS },
  { between: /\b(?:partner\w*|collaborat\w+|teamed up|alliance|together)\b|^and$/, type: 'PARTNERS_WITH', from: ORGS, to: ORGS },
  { between: /\b(?:releas\w+|announc\w+|launch\w+|makes|made|develop\w+|unveil\w+|recall\w+|sells?|ships?|introduc\w+)\b/, type: 'MAKES', from: ORGS, to: THINGS },
  { between: /\bmarried\b|\bwedding\b|\bengaged\b|\bhusband\b|\bwife\b/, type: 'MARRIED_TO', from: PEOPLE, to: PEOPLE },
  { between: /^(?:'s )?(?:sister|brother|mom|mother|dad|father|son|daughter|cousin|aunt|uncle|niece|nephew|grandma|grandpa|parent|parents|family)\b/, type: 'FAMILY_OF', from: PEOPLE, to: PEOPLE },
  { between: /\b(?:met|meet\w*|lunch with|dinner with|coffee with|talk\w* (?:to|with)|spoke (?:to|with)|call\w*|text\w*|visit\w*|hang\w* out with)\b/, type: 'MET', from: PEOPLE, to: PEOPLE },
];

const REPLACE_VERB = /\b(?:switch\w*|migrat\w+|mov(?:e|ed|ing)|replac\w+|port\w*|convert\w*|upgrad\w+)\b/;
const RELATABLE = new Set(['person', 'organization', 'location', 'technology', 'product', 'event', 'other']);
const MAX_GAP = 12;
const MAX_NAMES = 8;

const lowerWords = (words: Word[], from: number, to: number) =>
  words
    .slice(Math.max(0, from), Math.max(0, to))
    .filter(w => !w.punct || w.text === "'s")
    .map(w => w.lower)
    .join(' ');

/** A name of unknown type may fill any role of a pattern: the pattern then says what it is. */
const fits = (type: string, allowed: string[]) => allowed.includes(type) || type === 'other';

/** The typed relation the words between two names state, or null. */
function typed(words: Word[], a: Placed, b: Placed): { type: string; source: Placed; target: Placed; pattern?: Pattern } | null {
  const between = lowerWords(words, a.endWord, b.word);
  if (between === 'to' && words[a.word - 1]?.lower === 'from' && THINGS.includes(a.type) && THINGS.includes(b.type)) {
    if (REPLACE_VERB.test(lowerWords(words, a.word - 5, a.word - 1))) return { type: 'REPLACED_BY', source: a, target: b };
  }
  for (const pattern of PATTERNS) {
    if (!fits(a.type, pattern.from) || !fits(b.type, pattern.to) || (a.type === 'other' && b.type === 'other')) continue;
    const [source, target] = pattern.reverse ? [b, a] : [a, b];
    if (pattern.between.test(between)) return { type: pattern.type, source, target, pattern };
  }
  return null;
}

/**
 * Relations among the names of one sentence: typed where a pattern matches, co-occurrence otherwise. A name of
 * unknown type that fills a pattern's role gets that role's type in `typeHints` ("Priya joined Stripe": a person).
 */
export function sentenceRelations(words: Word[], names: Placed[], typeHints: Map<string, string> = new Map()): ExtractedRelationship[] {
  const placed = names.filter(n => RELATABLE.has(n.type)).slice(0, MAX_NAMES);
  const relations: ExtractedRelationship[] = [];
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const [a, b] = [placed[i], placed[j]];
      if (a.name === b.name || b.word - a.endWord > MAX_GAP) continue;
      const found = typed(words, a, b);
      if (found) {
        if (found.pattern) {
          const [first, second] = [a, b];
          if (first.type === 'other') typeHints.set(first.name, found.pattern.from[0]);
          if (second.type === 'other') typeHints.set(second.name, found.pattern.to[0]);
        }
        relations.push({ source: found.source.name, target: found.target.name, relation_type: found.type, confidence: 0.7 });
      } else {
        relations.push({ source: a.name, target: b.name, relation_type: 'RELATED_TO', confidence: 0.4 });
      }
    }
  }
  return relations;
}
