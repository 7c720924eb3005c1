/** `npm run bench -- docs`: the notes benchmark (bench/notes.ts) on long non-chat documents, bench/fixtures/docs/. */
import { DOCS_DIR, runRetrievalBench } from './notes.ts';

export default (argv: string[]) => runRetrievalBench('docs', DOCS_DIR, argv);
