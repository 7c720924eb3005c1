import type { Word } from './words.ts';

/**
 * Ways as places: a road named by its number where the sentence is about the road ("stuck on the A40", "traffic on
 * the M25"; not "the build failed on the M2", Apple's chip), and a way travelled over, past or along ("don't drive
 * over Haukelifjell", "training on rollerskis along Mälaren"). cues.ts reads them.
 */

/** A road's number: "M25", "A40", "N7", "I-95", "A1(M)". */
const ROAD_NUMBER = /^(?:[ABMN]\d{1,4}(?:\(M\))?|I-\d{1,3})$/;
const ON_A_ROAD = /^(?:on|off|onto|along|via|down|up|took|take|taking|join|joined|joining|from|to|at)$/;
/** Words that say a sentence is about a road. */
const ROAD_WORDS = /^(?:traffic|stuck|drive|drove|driving|jam|queue|queues|closed|closure|roadworks|accident|crash|junction|exit|lane|motorway|highway|road|car|lorry|truck|van|bus|coach|detour|diversion|toll)$/;
/** Travelling over, past or along a name. */
const TRAVELLING = /^(?:drive|drove|driving|drives|cycle|cycled|cycling|ride|rode|riding|hike|hiked|hiking|walk|walked|walking|run|ran|running|ski|skied|skiing|sail|sailed|sailing|fly|flew|flying|paddled|kayaked|rowed|trained|training)$/;
const TRAVELLED_BY = /^(?:over|across|through|past|along|around|up|down)$/;

/** Whether `words[from..to)`, after "the" at `lead`, is a road by its number in a sentence about a road. */
export const roadByNumber = (words: Word[], from: number, to: number, lead: number, before: string) =>
  to - from === 1 && ROAD_NUMBER.test(words[from].text) && lead < from && words[lead].lower === 'the' && ON_A_ROAD.test(before) && words.some(w => ROAD_WORDS.test(w.lower));

/** Journeys towards a name: "flew to X", "the way to X", "a flight to X" (not "moved to X", a job as often as a home). */
const JOURNEY = /^(?:fly|flew|flying|flies|drive|drove|driving|drives|cycled|sailed|rode|way|trip|trips|flight|flights|train|trains|bus|ferry|coach|heading|headed|journey|roadtrip|commute|travel|travelled|traveled|travelling|traveling)$/;

/** Whether the two words before a name travel over, past or along it, or towards it. */
export const travelledBy = (before: string, before2: string) => (TRAVELLED_BY.test(before) && TRAVELLING.test(before2)) || (before === 'to' && JOURNEY.test(before2));
