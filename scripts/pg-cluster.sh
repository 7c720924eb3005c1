#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster from Debian's binaries (apt-get install postgresql) in a temp dir, on a free
# port, and prints its URL on stdout: CAIRN_TEST_DATABASE_URL=$(bash scripts/pg-cluster.sh start).
# `bash scripts/pg-cluster.sh stop <dir>` stops it (<dir> is in /tmp/cairn-pg-<port>.dir); `halt` and `resume` stop and
# start it again with its data (an outage, for tests). initdb refuses root, so as root it runs as the postgres user.
set -euo pipefail

PGBIN=${PGBIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
[ -x "$PGBIN/initdb" ] || { echo "PostgreSQL binaries not found (apt-get install postgresql, or set PGBIN)" >&2; exit 1; }

as_owner() { if [ "$(id -u)" = 0 ]; then (cd / && runuser -u postgres -- "$@"); else "$@"; fi; }

case "${1:-start}" in
  start)
    dir=$(mktemp -d /tmp/cairn-pg.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$PGBIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale="${PG_LOCALE:-C.UTF-8}" >"$dir/initdb.log"
    # Durability off: the cluster lives for one test run. More connections: each test app holds a pool. In the
    # cluster's own configuration, so that `resume` starts it as it was.
    printf '%s\n' "port = $port" "unix_socket_directories = '$dir'" "listen_addresses = '127.0.0.1'" "fsync = off" \
      "synchronous_commit = off" "full_page_writes = off" "max_connections = 300" | as_owner tee -a "$dir/data/postgresql.auto.conf" >/dev/null
    as_owner "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    echo "$dir" >"/tmp/cairn-pg-$port.dir"
    ;;
  stop)
    as_owner "$PGBIN/pg_ctl" -D "$2/data" -m immediate stop >/dev/null 2>&1 || true # already halted
    rm -rf "$2"
    ;;
  # An outage, for tests: the server goes away and comes back with its data.
  halt) as_owner "$PGBIN/pg_ctl" -D "$2/data" -m fast -w stop >/dev/null ;;
  resume) as_owner "$PGBIN/pg_ctl" -D "$2/data" -l "$2/server.log" -w start >/dev/null ;;
  *) echo "usage: $0 start | stop <dir> | halt <dir> | resume <dir>" >&2; exit 2 ;;
esac
