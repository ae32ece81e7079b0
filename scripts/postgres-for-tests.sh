#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster for the server tests (idempotent) and prints its URL.
# Needs the `postgresql` package (apt-get install -y postgresql) and root or the postgres user.
set -euo pipefail
# Only the URL goes to stdout, which callers capture; what the cluster tools print (such as
# pg_ctlcluster's "Removed stale pid file.") goes to stderr.
version=$(ls /etc/postgresql 2>/dev/null | sort -n | tail -n 1)
if [ -z "$version" ]; then
  echo "PostgreSQL is not installed: apt-get install -y postgresql" >&2
  exit 1
fi
if ! pg_lsclusters -h | awk '{print $2}' | grep -qx main; then
  pg_createcluster "$version" main >&2
fi
if ! pg_lsclusters -h | awk '$2=="main"{print $4}' | grep -qx online; then
  pg_ctlcluster "$version" main start >&2
fi
port=$(pg_lsclusters -h | awk '$2=="main"{print $3}')
su postgres -c "psql -q -p $port -c \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
echo "postgres://postgres:postgres@127.0.0.1:$port/postgres"
