#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (no browser downloads on these machines). Installs it when
# running as root on Debian and none is found (waiting up to 10 min for another apt, such as a
# second checkout's test run installing at the same time); otherwise says exactly what to install.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "pretest: Chromium not found at $CHROMIUM; installing Debian's chromium package…"
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null
  echo "pretest: installed $("$CHROMIUM" --version)"
  exit 0
fi
cat >&2 <<MSG
pretest: the browser tests need Chromium at $CHROMIUM and none was found.
  On Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium
  Elsewhere: install Chromium and set CHROMIUM_PATH=/path/to/chromium
MSG
exit 1
