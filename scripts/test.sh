#!/usr/bin/env bash
# The whole test suite: type check, import-direction check, the web app's build, then every *.test.ts under src/,
# test/ and bench/ in one run (test/e2e/webapp.browser.test.ts needs Chromium at /usr/bin/chromium; .ci/run installs
# it). The suite loops over backends itself (test/backends.ts, test/suite.ts): every HTTP test runs on SQLite and, with
# CAIRN_TEST_DATABASE_URL set, on PostgreSQL; tests of vector search also on PGlite (in process, with pgvector, which
# Debian's PostgreSQL lacks). With PostgreSQL's binaries installed (Debian: apt-get install postgresql) a throwaway
# cluster is started for the run; without them PostgreSQL is skipped with a notice (CAIRN_REQUIRE_POSTGRES=1, as CI
# sets, makes that a failure, here and in the suite).
set -euo pipefail
cd "$(dirname "$0")/.."
# The type check runs on one core while the builds below run on the other (it takes as long as all of them together);
# the script waits for it, and fails with it, before any test runs.
npx tsc --noEmit &
typecheck=$!
npx depcruise src --config .dependency-cruiser.cjs --output-type err
# The command line's compiled client (bin/nmem.js, bin/cairn.js use it), type-checked strictly here, then the server
# bundle that `npm start` runs (`npm ci` builds both through `prepare`, which never fails an install). The tests run
# both: server processes and the server's commands start from the bundle in a quarter of tsx's CPU (docs/testing.md).
npx tsc -p tsconfig.cli.json
node scripts/build-cli.mjs server
# The web app: its sources type-checked, then bundled (the browser tests in test/e2e drive the built app in Chromium).
npx tsc -p web/tsconfig.json
node scripts/build-web.mjs --strict
wait "$typecheck"

if [ -z "${CAIRN_TEST_DATABASE_URL:-}" ]; then
  if CAIRN_TEST_DATABASE_URL=$(bash scripts/pg-cluster.sh start); then
    export CAIRN_TEST_DATABASE_URL
    cluster=$(cat "/tmp/cairn-pg-$(echo "$CAIRN_TEST_DATABASE_URL" | sed -E 's#.*:([0-9]+)/.*#\1#').dir")
    trap 'bash scripts/pg-cluster.sh stop "$cluster" || true' EXIT
  elif [ "${CAIRN_REQUIRE_POSTGRES:-}" = 1 ]; then
    echo "PostgreSQL could not be started and CAIRN_REQUIRE_POSTGRES=1" >&2
    exit 1
  else
    echo "NOTICE: no PostgreSQL binaries: the storage contract runs on SQLite and PGlite only, the HTTP suite without PostgreSQL" >&2
  fi
fi

mapfile -t files < <(find src test bench -name '*.test.ts' | sort)
# Two files at a time: most of a file's time is waiting (servers starting, timers, PostgreSQL), not CPU, and Node's
# default (cores - 1) runs one at a time on a 2-core machine. Every test owns its data dir and database.
node --import tsx --test --test-concurrency=2 --test-reporter=spec "${files[@]}"
