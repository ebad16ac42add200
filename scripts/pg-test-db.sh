#!/usr/bin/env bash
# Start a local PostgreSQL and make sure the test role and database exist; print the URL.
# Idempotent: a reused machine may already have the cluster running, the role or the database.
# Not root: set TEST_PG_URL to a database you own and this script only prints it.
set -euo pipefail
# Only the URL goes to stdout (the caller captures it); every tool's chatter goes to stderr,
# e.g. pg_ctlcluster prints "Removed stale pid file." on a machine restored from an image.
# (No spare descriptor for stdout: the server started here would inherit it and hold the
# caller's $(...) open forever.)
if [ -n "${TEST_PG_URL:-}" ]; then echo "$TEST_PG_URL"; exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "pg-test-db: run as root to start a local PostgreSQL, or set TEST_PG_URL" >&2; exit 1
fi
command -v pg_lsclusters >/dev/null 2>&1 || { echo "pg-test-db: postgresql is not installed" >&2; exit 1; }
cluster=$(pg_lsclusters -h 2>/dev/null | head -n 1)
if [ -z "$cluster" ]; then
  version=$(ls /usr/lib/postgresql | sort -n | tail -n 1)
  pg_createcluster "$version" main >&2
  cluster=$(pg_lsclusters -h | head -n 1)
fi
read -r version name port status _ <<<"$cluster"
if [ "$status" != "online" ]; then pg_ctlcluster "$version" "$name" start >&2; fi
for _ in $(seq 1 30); do
  (cd / && su postgres -c "psql -p $port -tAc 'select 1'" >/dev/null 2>&1) && break
  sleep 1
done
psql_as_postgres() { (cd / && su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -tAc \"$1\""); }
[ "$(psql_as_postgres "SELECT 1 FROM pg_roles WHERE rolname='damas'")" = 1 ] ||
  psql_as_postgres "CREATE ROLE damas LOGIN PASSWORD 'damas'" >&2
# CREATEDB: each parallel test worker makes its own databases (tests/worker_databases.py)
psql_as_postgres "ALTER ROLE damas CREATEDB" >&2
# The tests commit thousands of small transactions; the test role's commits need not wait for
# the disk (a crash loses the last ones, which a test database can afford): the PostgreSQL pass
# runs about four times faster. Only this role: other users of the cluster keep their settings.
psql_as_postgres "ALTER ROLE damas SET synchronous_commit = off" >&2
for db in damas_test damas_migrations; do
  [ "$(psql_as_postgres "SELECT 1 FROM pg_database WHERE datname='$db'")" = 1 ] ||
    (cd / && su postgres -c "createdb -p $port -O damas $db") >&2
done
echo "postgresql+psycopg://damas:damas@127.0.0.1:$port/damas_test"
