#!/usr/bin/env bash
# `make test`: the import contracts, the suite on SQLite, the suite on PostgreSQL; every part runs
# even if one before it failed, and the wall time of each is printed at the end (issue 30, 6).
set -uo pipefail
cd "$(dirname "$0")/.."
MAKE_CMD=${MAKE:-make}
parts=()
status=0
total_start=$(date +%s)
run() {
  local name=$1; shift
  local start rc
  start=$(date +%s)
  "$@"; rc=$?
  parts+=("$(printf '%-18s %5d s  %s' "$name" $(( $(date +%s) - start )) "$([ $rc -eq 0 ] && echo ok || echo "FAILED (exit $rc)")")")
  [ $rc -eq 0 ] || status=$rc
}
echo "== import contracts (pyproject.toml, import-linter) =="
run "import contracts" .venv/bin/lint-imports
run "SQLite" "$MAKE_CMD" --no-print-directory test-sqlite
run "PostgreSQL" "$MAKE_CMD" --no-print-directory test-postgres
echo "== wall time of make test =="
printf '  %s\n' "${parts[@]}"
printf '  %-18s %5d s\n' "total" $(( $(date +%s) - total_start ))
exit $status
