#!/usr/bin/env bash
# The browsers, from Debian's packages: Playwright's own browser download cannot work on these machines.
#   ensure-chromium.sh          the journeys' browser, chromium's headless shell (E2E_CHROMIUM_PATH)
#   ensure-chromium.sh full     the full chromium the benchmarks drive (CHROMIUM_PATH)
# Both are chromium 156 from one source; the shell has no window system, so a journey costs about a
# third less CPU in it (the test command's journeys: 16.3 min in the full browser, 12.1 in the shell).
set -euo pipefail
case "${1:-shell}" in
  shell) BROWSER="${E2E_CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"; PACKAGE=chromium-headless-shell ;;
  full) BROWSER="${CHROMIUM_PATH:-/usr/bin/chromium}"; PACKAGE=chromium ;;
  *) echo "usage: $0 [shell|full]" >&2; exit 2 ;;
esac
if [ -x "$BROWSER" ]; then exit 0; fi
echo "$BROWSER not found: installing Debian's $PACKAGE package"
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$PACKAGE" >/dev/null
[ -x "$BROWSER" ] || { echo "$BROWSER is still missing" >&2; exit 1; }
