#!/usr/bin/env bash
# The whole test suite: type check, import-direction check, then every *.test.ts under src/, test/ and bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
npx tsc --noEmit
npx depcruise src --config .dependency-cruiser.cjs --output-type err
# The command line's compiled client (bin/nmem.js, bin/cairn.js use it; `npm ci` builds it through `prepare`).
npx tsc -p tsconfig.cli.json
mapfile -t files < <(find src test bench -name '*.test.ts' | sort)
node --import tsx --test --test-reporter=spec "${files[@]}"
