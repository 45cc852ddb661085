#!/bin/sh
# The official image's contract, as far as docker-compose.yml uses it: a first start initialises $PGDATA with the
# superuser $POSTGRES_USER (password $POSTGRES_PASSWORD, scram) and the database $POSTGRES_DB, every start runs the
# server as the postgres user, listening on every address. Any other command runs as given (psql, the init job).
set -eu
bin=/usr/local/lib/postgresql-bin
if [ "${1:-}" != postgres ]; then exec "$@"; fi
shift
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" postgres "$@"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}"
  user=${POSTGRES_USER:-postgres}
  pwfile=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" > "$pwfile"
  "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 -E UTF8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  db=${POSTGRES_DB:-$user}
  if [ "$db" != postgres ]; then
    "$bin/postgres" --single -D "$PGDATA" postgres <<SQL >/dev/null
CREATE DATABASE "$db";
SQL
  fi
fi
exec "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
