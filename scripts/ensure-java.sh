#!/usr/bin/env bash
# The Nu HTML checker (vnu-jar from npm, run by tests/build/seo.test.ts) needs a Java runtime. Like
# scripts/ensure-chromium.sh: installs Debian's headless JRE when running as root on Debian and no
# `java` is found; otherwise says exactly what to install. (vnu-jar's own postinstall would download
# a Java build; this project does not allow install scripts, so Java comes from the system.)
set -euo pipefail
if command -v "${JAVA:-java}" >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "pretest: Java not found; installing Debian's default-jre-headless package…"
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq default-jre-headless >/dev/null
  echo "pretest: installed $(java -version 2>&1 | head -n 1)"
  exit 0
fi
cat >&2 <<MSG
pretest: the HTML check (Nu HTML checker) needs Java and none was found.
  On Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y default-jre-headless
  Elsewhere: install a Java runtime (11 or newer) and put java on PATH, or set JAVA=/path/to/java
MSG
exit 1
