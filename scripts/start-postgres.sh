#!/usr/bin/env bash
# Start a throwaway PostgreSQL cluster on 127.0.0.1 for the classroom tests and bench.
#
# Usage:
#   scripts/start-postgres.sh [DIR]      start a cluster in DIR (default: a new /tmp dir);
#                                        print its SQLAlchemy URL on stdout
#   scripts/start-postgres.sh --env [DIR]
#                                        the same, but print shell lines to eval:
#                                        export RIICHI_TEST_POSTGRES_URL=...; export RIICHI_PG_DIR=...
#   scripts/start-postgres.sh --stop DIR stop the cluster in DIR and delete DIR
#
# Environment: PGPORT (default: a free port), PGDB (default: riichi_test).
# The URL is also written to DIR/url and the export lines to DIR/env.
# The server binaries come from Debian's packages; when no
# /usr/lib/postgresql/*/bin/initdb exists they are installed with apt-get.
# As root the server runs as the 'postgres' user (initdb refuses root).
set -euo pipefail

say() { echo "start-postgres: $*" >&2; }
die() { say "$*"; exit 1; }

find_bin() {
    local found
    found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [[ -n "$found" && -x "$found/initdb" ]]; then
        echo "$found"
    fi
}

as_owner() {
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

mode=url
if [[ "${1:-}" == "--env" ]]; then
    mode=env
    shift
elif [[ "${1:-}" == "--stop" ]]; then
    dir=${2:?"--stop needs the cluster's directory"}
    bin=$(find_bin)
    [[ -n "$bin" ]] || die "no PostgreSQL binaries found"
    if [[ -f "$dir/data/postmaster.pid" ]]; then
        as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
    fi
    rm -rf -- "$dir"
    exit 0
fi

bin=$(find_bin)
if [[ -z "$bin" ]]; then
    say "PostgreSQL binaries not found: installing the 'postgresql' package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
    bin=$(find_bin)
    [[ -n "$bin" ]] || die "PostgreSQL was installed but initdb was not found"
fi

dir=${1:-$(mktemp -d /tmp/riichi-pg.XXXXXX)}
mkdir -p "$dir"
if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || die "the 'postgres' user does not exist (install the postgresql package)"
    chown postgres: "$dir"
    chmod 700 "$dir"
fi

port=${PGPORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
db=${PGDB:-riichi_test}

if [[ ! -f "$dir/data/PG_VERSION" ]]; then
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
        >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; die "initdb failed"; }
fi
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start >&2 \
    || { cat "$dir/server.log" >&2; die "the server did not start (log: $dir/server.log)"; }

if ! as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -tAc \
        "SELECT 1 FROM pg_database WHERE datname = '$db'" | grep -q 1; then
    as_owner "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$db"
fi

url="postgresql+psycopg://postgres@127.0.0.1:$port/$db"
echo "$url" >"$dir/url"
printf 'export RIICHI_TEST_POSTGRES_URL=%q\nexport RIICHI_PG_DIR=%q\n' "$url" "$dir" >"$dir/env"
say "PostgreSQL $(basename "$(dirname "$bin")") on 127.0.0.1:$port, database '$db', directory $dir"
say "stop it with: $0 --stop $dir"
if [[ $mode == env ]]; then
    cat "$dir/env"
else
    echo "$url"
fi
