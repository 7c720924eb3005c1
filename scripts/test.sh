#!/usr/bin/env bash
# The whole test suite: type check, import-direction check, the web app's build, then every *.test.ts under src/,
# test/ and bench/ (test/e2e/webapp.browser.test.ts needs Chromium at /usr/bin/chromium; .ci/run installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc --noEmit
npx depcruise src --config .dependency-cruiser.cjs --output-type err
# The command line's compiled client (bin/nmem.js, bin/cairn.js use it), type-checked strictly here, then the server
# bundle that `npm start` runs (`npm ci` builds both through `prepare`, which never fails an install).
npx tsc -p tsconfig.cli.json
node scripts/build-cli.mjs server
# The web app: its sources type-checked, then bundled (the browser tests in test/e2e drive the built app in Chromium).
npx tsc -p web/tsconfig.json
node scripts/build-web.mjs --strict
mapfile -t files < <(find src test bench -name '*.test.ts' | sort)
node --import tsx --test --test-reporter=spec "${files[@]}"
