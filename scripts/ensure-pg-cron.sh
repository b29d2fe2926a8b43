#!/usr/bin/env bash
# The production rehearsal (supabase/tests/production-rehearsal.test.ts) runs the README's checklist
# on a PostgreSQL 15 shaped like a hosted project, with Debian's real pg_cron. The package is NOT
# installed into the system PostgreSQL: there, a pg_cron that is available but not preloaded makes
# the migrations' `create extension pg_cron` fail on every plain test cluster. Instead its files are
# unpacked into .data/pg-cron/, and the rehearsal starts its own copy of the server with them.
# Needs Debian's postgresql-15 and apt-get; without them it says so and the rehearsal is skipped.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
target="$here/.data/pg-cron"
if [ -f "$target/usr/lib/postgresql/15/lib/pg_cron.so" ]; then
  exit 0
fi
if [ ! -x /usr/lib/postgresql/15/bin/postgres ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "pretest: no Debian PostgreSQL 15 with apt-get here; the production rehearsal is skipped." >&2
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "pretest: fetching Debian's postgresql-15-cron (unpacked into .data/pg-cron, not installed)…"
# -o APT::Sandbox::User=root: apt downloads into a directory its sandbox user may not write.
if ! (cd "$work" && apt-get -o DPkg::Lock::Timeout=600 -o APT::Sandbox::User=root -qq download postgresql-15-cron); then
  echo "pretest: could not download postgresql-15-cron (run apt-get update?); the production rehearsal is skipped." >&2
  exit 0
fi
mkdir -p "$target"
dpkg-deb -x "$work"/postgresql-15-cron_*.deb "$target"
echo "pretest: pg_cron $(sed -n 's/^default_version = //p' "$target/usr/share/postgresql/15/extension/pg_cron.control") ready in .data/pg-cron"
