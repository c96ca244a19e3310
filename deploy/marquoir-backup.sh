#!/bin/sh
# A night's backup of every saved game (with its history, groups and names), kept 30 days; from cron or a systemd
# timer, as the marquoir user:  15 3 * * *  /srv/marquoir/deploy/marquoir-backup.sh
# Restore into an empty database:  marquoir import --database URL FILE
set -eu
. "${MARQUOIR_ENV:-/etc/marquoir/env}"
export DATABASE_URL="${DATABASE_URL:-}" MARQUOIR_INSTANCE="${MARQUOIR_INSTANCE:-}"
folder="${BACKUP_FOLDER:-/srv/marquoir/backups}"
marquoir="${MARQUOIR:-/srv/marquoir/.venv/bin/marquoir}"
mkdir -p "$folder"
file="$folder/marquoir-$(date -u +%Y-%m-%dT%H%M%SZ).json"
"$marquoir" export --json "$file.partial"
mv "$file.partial" "$file"
find "$folder" -name 'marquoir-*.json' -mtime +30 -delete
echo "$file"
