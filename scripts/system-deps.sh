#!/usr/bin/env bash
# Install the Debian packages the app needs to serve (STACK.md), only those missing; with --test
# also what only the tests need (the browser and its driver, PostgreSQL, Redis, poppler).
# As root with apt-get this installs them; otherwise it lists what is missing and goes on.
set -euo pipefail
PACKAGES=(python3-venv libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core libatomic1)
if [ "${1:-}" = "--test" ]; then
  PACKAGES+=(chromium chromium-driver postgresql poppler-utils redis-server)
fi
command -v dpkg >/dev/null 2>&1 || { echo "system-deps: not a Debian system; install the equivalents of: ${PACKAGES[*]}"; exit 0; }
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "system-deps: missing Debian packages (run as root to install): ${missing[*]}"
fi
