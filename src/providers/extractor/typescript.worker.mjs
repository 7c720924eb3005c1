// Starts a TypeScript worker script when the server runs from its sources: worker threads do not inherit the tsx
// loader the process was started with, so it is registered here before the script is imported. (The server bundle
// starts its workers' own bundles instead, see scripts/build-cli.mjs.)
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.script);
