#!/bin/sh
# The `backup` service (docker-compose.yml, docs/deploy.md "Backups"): a `pg_dump -Fc` of the
# whole database, taken with the client of the server's own image, so of its major version.
#
#   backup.sh loop    (the service) one dump at once, then one every BACKUP_INTERVAL seconds,
#                     keeping the newest BACKUP_KEEP files; a failed dump is logged and retried
#                     at the next turn
#   backup.sh once    one dump now (exit 1 if it failed)
#   backup.sh check   the healthcheck: the last dump succeeded within two intervals
#
# Files: $BACKUP_OUT/linea-YYYYMMDDTHHMMSSZ.dump (UTC), readable by their owner only: a dump
# holds the password hashes. A dump is written under a temporary name and renamed when complete,
# so a file with the final name is always whole. The connection comes from PGHOST, PGUSER,
# PGPASSWORD and PGDATABASE.
set -eu
umask 077

out=${BACKUP_OUT:-/backups}
interval=${BACKUP_INTERVAL:-3600}
keep=${BACKUP_KEEP:-72}
stamp_file="$out/.last-success"

fail() {
  echo "backup: $*" >&2
  exit 1
}

case "$interval" in '' | *[!0-9]*) fail "BACKUP_INTERVAL must be a number of seconds, not '$interval'" ;; esac
case "$keep" in '' | *[!0-9]*) fail "BACKUP_KEEP must be a number of files, not '$keep'" ;; esac
[ "$interval" -ge 60 ] || fail "BACKUP_INTERVAL must be at least 60 seconds"
[ "$keep" -ge 1 ] || fail "BACKUP_KEEP must be at least 1"

once() {
  mkdir -p "$out"
  name="linea-$(date -u +%Y%m%dT%H%M%SZ).dump"
  partial="$out/.$name.partial"
  started=$(date +%s)
  if ! pg_dump --format=custom --file="$partial"; then
    rm -f "$partial"
    echo "backup: pg_dump failed, no file written" >&2
    return 1
  fi
  mv "$partial" "$out/$name"
  date +%s >"$stamp_file"
  echo "backup: wrote $name ($(wc -c <"$out/$name") bytes in $(($(date +%s) - started)) s)"
  # Retention: the names sort by time, so all but the newest $keep go.
  ls -1 "$out" | grep -E '^linea-[0-9]{8}T[0-9]{6}Z\.dump$' | sort | head -n "-$keep" | while read -r old; do
    rm -f "$out/$old"
    echo "backup: removed $old (BACKUP_KEEP=$keep)"
  done
}

check() {
  [ -s "$stamp_file" ] || fail "no successful dump yet"
  age=$(($(date +%s) - $(cat "$stamp_file")))
  [ "$age" -le $((2 * interval)) ] || fail "the last successful dump is $age s old (BACKUP_INTERVAL=$interval)"
}

case "${1:-loop}" in
  once) once ;;
  check) check ;;
  loop)
    # PID 1 of its container: stop at once on `docker compose stop`, even while it sleeps.
    trap 'exit 0' TERM INT
    mkdir -p "$out"
    rm -f "$out"/.linea-*.partial
    echo "backup: a dump every $interval s into $out, keeping $keep"
    while true; do
      once || true
      sleep "$interval" &
      wait $!
    done
    ;;
  *) fail "usage: backup.sh loop|once|check" ;;
esac
