// `prepare`: compiles the command line's client into dist/ so `cairn` and `nmem` start fast. It never fails an
// install: without TypeScript (a production install, `npm ci --omit=dev`) or on a compile error, the executables run
// the sources through tsx instead (bin/launch.js), only slower to start.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

let tsc;
try {
  tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
} catch {
  console.warn('cairn: TypeScript is not installed, so the command line runs from its sources (slower to start)');
  process.exit(0);
}
const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.cli.json'], { stdio: 'inherit' });
if (built.status !== 0) console.warn('cairn: the command line did not compile; it runs from its sources (slower to start)');
