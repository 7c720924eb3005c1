#!/usr/bin/env bash
# The whole test suite: type check, import-direction check, then every *.test.ts under src/ and test/.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc --noEmit
npx depcruise src --config .dependency-cruiser.cjs --output-type err
# The command line's compiled client and the server bundle (bin/nmem.js, bin/cairn.js and `npm start` use them;
# `npm ci` builds them through `prepare`).
node scripts/build-cli.mjs
mapfile -t files < <(find src test -name '*.test.ts' | sort)
node --import tsx --test --test-reporter=spec "${files[@]}"
