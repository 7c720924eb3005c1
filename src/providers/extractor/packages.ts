import { GENERIC_TERMS, UNITS } from './catalog.ts';
import { SWAPPED, SWITCHING } from './cues.ts';
import { COMMON_ACRONYMS, NOT_NAMES, TECHNOLOGIES } from './gazetteer.ts';
import { openGazetteerKind, openGazetteerType } from './openGazetteer.ts';
import { isEnglishWord, lexiconTags, type Word } from './words.ts';

/**
 * Packages named in install commands ("pip install tessellate", "npm i zod-forms", "brew install --cask zed"): software
 * by what is done with it, though written in lower case where no capital marks a name.
 */

/** Package managers and the verbs they install with. */
const INSTALLERS: Record<string, Set<string>> = {
  pip: new Set(['install']),
  pip3: new Set(['install']),
  pipx: new Set(['install', 'run']),
  uv: new Set(['add', 'pip']),
  poetry: new Set(['add']),
  conda: new Set(['install']),
  npm: new Set(['install', 'i', 'add']),
  pnpm: new Set(['install', 'i', 'add']),
  yarn: new Set(['add']),
  bun: new Set(['add', 'install']),
  npx: new Set(['']),
  brew: new Set(['install']),
  cargo: new Set(['install', 'add']),
  gem: new Set(['install']),
  apt: new Set(['install']),
  'apt-get': new Set(['install']),
  dnf: new Set(['install']),
  go: new Set(['install', 'get']),
};

/** A package's name: a letter first, then what registries allow ("zod-forms", "ruamel.yaml", "@scope/name"). */
const PACKAGE = /^@?[a-z][\w.\-/@=<>~^]*$/i;
/** Between the manager and the package: "uv pip install X". */
const VERB_CONTINUATION = new Set(['install']);

/** The name without a version pin: "polars==1.2" → "polars", "@scope/name@2" → "@scope/name". */
const withoutVersion = (text: string) => {
  const cut = text.slice(1).search(/[@=<>~^]/);
  return cut < 0 ? text : text.slice(0, cut + 1);
};

export interface PackageMention {
  name: string;
  /** Index of the package's word in the sentence. */
  word: number;
}

/** The package each install command of one sentence names first (flags skipped). */
export function installedPackages(words: Word[]): PackageMention[] {
  const found: PackageMention[] = [];
  for (let i = 0; i + 1 < words.length; i++) {
    const verbs = INSTALLERS[words[i].lower];
    if (!verbs) continue;
    let at = i + 1;
    if (!verbs.has('')) {
      if (!verbs.has(words[at].lower)) continue;
      at++;
    }
    if (VERB_CONTINUATION.has(words[at]?.lower ?? '')) at++;
    // Flags: "--upgrade" is one word, "-D" two ("-" then "D").
    while (words[at]?.text.startsWith('-')) at += words[at].punct ? 2 : 1;
    const word = words[at];
    // "pnpm install fails on the monorepo": a verb after the command is what it did, not a package.
    if (word && (word.pos === 'VERB' || word.pos === 'AUX') && /^[a-z]+(?:s|ed|ing)$/.test(word.text) && isEnglishWord(word.lower)) continue;
    // "ran pnpm install and the lockfile exploded": a small word after the command is no package either.
    if (word?.stopWord) continue;
    if (word && !word.punct && PACKAGE.test(word.text) && !found.some(p => p.word === at)) found.push({ name: withoutVersion(word.text), word: at });
  }
  return found;
}

/** A lower-case tool's name as written: letters first, then letters, digits, ".", "+" or "-" ("esbuild", "date-fns"). */
/** Brands named after an everyday noun that wink does not know: "the customer meetup" is a gathering. */
const COMMON_NOUNS = new Set([
  'meetup', 'meetups', 'webinar', 'podcast', 'vlog', 'hackathon', 'selfie', 'ebook',
  // Software's everyday nouns, no tool's name: "runtime down from 40 minutes", "backend up again".
  'runtime', 'backend', 'frontend', 'codebase', 'repo', 'repos', 'webhook', 'webhooks', 'localhost', 'middleware', 'uptime', 'downtime', 'dataset', 'datasets', 'config', 'signup', 'signups', 'dropdown', 'checkbox', 'timestamp', 'timestamps', 'workflow', 'workflows',
]);
const LOWER_TOOL = /^[a-z][a-z0-9._+-]*[a-z0-9+]$/;

/**
 * Words after which a lower-case word no dictionary knows is a tool: "ran kubectl", "used yt-dlp", "via winget". Not
 * "through" or "than": in scientific text the word is a gene or a process ("through autophagy", "than mir-21").
 */
const TOOL_VERBS = new Set('run runs ran running use uses used using install installs installed installing via tried trying try'.split(' '));

/** What a piece of software is called after its name: "the pg_cron extension", "the old wkhtmltopdf setup". */
const PACKAGE_NOUNS = new Set('extension extensions plugin plugins package packages library lib module modules crate crates gem binary setup'.split(' '));
/** "Ran the load test with k6", "benchmarked it with hyperfine": what a test or a build is run with. */
const testedWith = (words: Word[], i: number) =>
  words[i - 1]?.lower === 'with' && words.slice(Math.max(0, i - 5), i - 1).some(w => /^(?:tests?|tested|testing|benchmark\w*|built|build|profiled|profiling|ran|run)$/.test(w.lower));

/** "switched the pipeline from Pillow to pyvips", "replaced Moment with dayjs": what a tool was swapped for is a tool. */
function swappedFor(words: Word[], i: number): boolean {
  const other = words[i - 2];
  if (!other || !namesATool(other)) return false;
  const link = words[i - 1].lower;
  const before = words[i - 3]?.lower;
  const switched = words.slice(Math.max(0, i - 9), i - 3).some(w => SWITCHING.test(w.lower));
  return (link === 'to' && before === 'from' && switched) || (link === 'with' && SWAPPED.test(before ?? ''));
}

/** "switched the plotting from matplotlib to ggplot2": what a tool was swapped from, before the other tool. */
function swappedFrom(words: Word[], i: number): boolean {
  const other = words[i + 2];
  if (words[i - 1]?.lower !== 'from' || words[i + 1]?.lower !== 'to' || !other || !namesATool(other)) return false;
  return words.slice(Math.max(0, i - 8), i - 1).some(w => SWITCHING.test(w.lower));
}

/** The other side of a swap names a tool: written with a capital ("Pillow"), or a word no dictionary knows ("pyvips"). */
const namesATool = (word: Word) => !word.punct && !word.number && (word.cap || (LOWER_TOOL.test(word.text) && !isEnglishWord(word.lower)));

/** What software does, failing or replacing other software: "httpx keeps timing out", "ruff replaced flake8". */
const SOFTWARE_ACTS = /^(?:keeps|kept|crashed|crashes|crashing|panicked|panics|segfaulted|segfaults|hangs|hung|leaks|leaked|throws|threw|failed|fails|replaced)$/;
/** Words after which a word opens a clause ("after certbot failed"). */
const CLAUSE_STARTS = new Set(['after', 'when', 'because', 'since', 'until', 'but', 'and', 'so', ',', ';']);
/** "httpx keeps timing out", "after certbot failed": a lower-case word no dictionary knows, opening a clause, that acts like software. */
const failsOpening = (words: Word[], i: number) =>
  SOFTWARE_ACTS.test(words[i + 1]?.lower ?? '') && (i === words.findIndex(w => !w.punct) || CLAUSE_STARTS.has(words[i - 1]?.lower ?? '')) && !CHAT_SLANG.has(words[i].lower);

/** Whether `words[i]` opens a code span: an odd number of backticks before it, the last just before it. */
const opensCode = (words: Word[], i: number) => words[i - 1]?.text === '`' && words.slice(0, i).filter(w => w.text === '`').length % 2 === 1;

/**
 * "ran kubectl", "used yt-dlp", "`dbt build`": a lower-case word after a tool's verb or opening a code span that is
 * no English word and no word compromise knows (a name, slang). Three letters at least, or a digit or a hyphen:
 * "used ur car" is slang.
 */
function unlistedTool(words: Word[], i: number): boolean {
  const word = words[i];
  const used = TOOL_VERBS.has(words[i - 1]?.lower ?? '') || opensCode(words, i) || commandLine(words, i) || PACKAGE_NOUNS.has(words[i + 1]?.lower ?? '') || testedWith(words, i) || swappedFor(words, i) || swappedFrom(words, i) || failsOpening(words, i);
  if (!used || isEnglishWord(word.lower) || lexiconTags(word.lower).length > 0) return false;
  return word.text.length >= 3 || /[\d-]/.test(word.text);
}

/** What a command-line tool is told to do, right after its name: "kubectl rollout", "git bisect", "docker compose". */
const SUBCOMMANDS = new Set(
  'install add run build apply bisect push pull rebase restart rollout sync lint check exec get describe logs upgrade update init login deploy compose up down clone commit merge diff status fmt plan destroy dump restore'.split(' '),
);

/**
 * "kubectl rollout restart fixed it", "git bisect pointed at …": a lower-case word opening a sentence (or a clause,
 * after punctuation) and followed by a tool's subcommand is a command line's tool.
 */
function commandLine(words: Word[], i: number): boolean {
  const opens = i === 0 || words[i - 1].punct;
  return opens && SUBCOMMANDS.has(words[i + 1]?.lower ?? '') && !CHAT_SLANG.has(words[i].lower);
}

/** Verbs done to software: "since i installed docker". */
const INSTALLED = new Set('installed install installing reinstalled uninstalled updated upgraded'.split(' '));
/** What a meeting tool or a runtime has: "same zoom link", "the docker container". */
const TOOL_THINGS = new Set('link links call calls meeting meetings container containers image images desktop extension plugin'.split(' '));

/**
 * A listed tool that is also an English word, where the words around it say it is the tool ("installed docker", "the
 * zoom link"); not a noun of the brand before it ("the Obsidian vault link").
 */
const toolInContext = (words: Word[], i: number) =>
  INSTALLED.has(words[i - 1]?.lower ?? '') || (TOOL_THINGS.has(words[i + 1]?.lower ?? '') && !words[i - 1]?.cap) || swappedFor(words, i) || swappedFrom(words, i);

/** Chat shorthand that opens a message ("ngl status quo wins", "tbh build quality is poor"): no tool. */
const CHAT_SLANG = new Set('ngl tbh idk imo imho fwiw btw afaik iirc smh rn brb ikr lmk wyd hbu tho pls plz thx ty np lol lmao omg'.split(' '));

/**
 * Software the open data lists, written in lower case as its authors write it ("bumped esbuild", "switched to
 * pnpm", "replaced moment with date-fns"): no capital marks these as names, but the list does; or a word no
 * dictionary knows after a tool's verb or in code ("ran kubectl", "`dbt run`"). An English word
 * ("poetry", "moment") or a term no list makes a name ("json", "api") is left alone.
 */
export function lowerCaseTools(words: Word[], packages: PackageMention[] = installedPackages(words)): PackageMention[] {
  const found: PackageMention[] = [];
  words.forEach((word, i) => {
    if (word.cap || word.punct || word.number || word.span !== null || word.stopWord || !LOWER_TOOL.test(word.text)) return;
    // Cheapest test first: most words of a sentence are in no list.
    const listedKind = openGazetteerKind(word.lower) === 'technology';
    // A listed tool that is also an English word ("git", "docker", "helm") counts only in a command line or where the
    // words around it say so.
    const listedTool = (listedKind && (openGazetteerType(word.lower) === 'technology' || commandLine(words, i) || toolInContext(words, i))) || (TECHNOLOGIES.has(word.lower) && !isEnglishWord(word.lower));
    if (!listedTool && !unlistedTool(words, i)) return;
    // "npm i zod-forms": the manager of an install command is the tool used, not what the note is about ("ran pnpm
    // install and the lockfile exploded", with no package, is about the manager).
    if (INSTALLERS[word.lower]?.has(words[i + 1]?.lower ?? '') && packages.some(p => p.word > i && p.word <= i + 4)) return;
    if (COMMON_NOUNS.has(word.lower) || COMMON_ACRONYMS.has(word.lower) || GENERIC_TERMS.has(word.lower) || UNITS.has(word.lower) || NOT_NAMES.has(word.lower)) return;
    found.push({ name: word.text, word: i });
  });
  return found;
}
