#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the server's tests, from Debian's `postgresql`
# package: initdb in a fresh temporary directory, listening on 127.0.0.1 only at a free
# port, trust authentication on loopback, run as the `postgres` user (initdb refuses
# root). Durability is off (fsync, synchronous_commit): the data is thrown away.
#
#   eval "$(bash scripts/pg-test-cluster.sh start)"
#     prints, and eval exports:
#       STANDOFF_TEST_PG_URL=postgres://postgres@127.0.0.1:PORT/postgres
#       STANDOFF_TEST_PG_DIR=/tmp/standoff-pg.XXXXXX
#   bash scripts/pg-test-cluster.sh stop [DIR]   # DIR defaults to $STANDOFF_TEST_PG_DIR
#
# Install the server first if it is missing: apt-get install -y postgresql
set -euo pipefail

die() { echo "pg-test-cluster: $*" >&2; exit 1; }

pg_bin() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  [ -n "$dir" ] && [ -x "$dir/initdb" ] ||
    die "no PostgreSQL server found under /usr/lib/postgresql (apt-get install -y postgresql)"
  echo "$dir"
}

# Runs a command as the postgres user (directly when we already are that user or any
# other non-root user).
as_postgres() {
  if [ "$(id -u)" -ne 0 ]; then
    "$@"
  elif command -v runuser >/dev/null 2>&1; then
    runuser -u postgres -- "$@"
  else
    su -s /bin/sh postgres -c "$(printf '%q ' "$@")"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

start() {
  local bin dir port
  bin=$(pg_bin)
  if [ "$(id -u)" -eq 0 ]; then
    id postgres >/dev/null 2>&1 || die "no postgres user (it comes with the postgresql package)"
  fi
  dir=$(mktemp -d /tmp/standoff-pg.XXXXXX)
  chmod 700 "$dir"
  [ "$(id -u)" -ne 0 ] || chown postgres: "$dir"
  as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 \
    --no-instructions >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; die "initdb failed"; }
  # A port found free can be taken before the server binds it: try a few.
  for _ in 1 2 3 4 5; do
    port=$(free_port)
    if as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories=$dir \
          -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
          -c max_connections=300" start >/dev/null; then
      echo "$port" >"$dir/port"
      echo "STANDOFF_TEST_PG_URL=postgres://postgres@127.0.0.1:$port/postgres"
      echo "STANDOFF_TEST_PG_DIR=$dir"
      return 0
    fi
  done
  cat "$dir/server.log" >&2 || true
  die "the server did not start (log above)"
}

stop() {
  local dir=${1:-${STANDOFF_TEST_PG_DIR:-}} bin
  [ -n "$dir" ] || die "stop: give the cluster's directory (or set STANDOFF_TEST_PG_DIR)"
  case "$dir" in
    /tmp/standoff-pg.*) ;;
    *) die "stop: $dir is not a cluster this script made (/tmp/standoff-pg.*)" ;;
  esac
  [ -d "$dir" ] || return 0
  bin=$(pg_bin)
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_postgres "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 30 stop >/dev/null || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:-}" ;;
  *) echo "usage: $0 start | stop [DIR]" >&2; exit 2 ;;
esac
