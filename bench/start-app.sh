#!/bin/sh
# Starts the built app in production mode for the bench on 127.0.0.1:$PORT with its own embedded
# PostgreSQL under $DATA_DIR (port $EMBEDDED_PG_PORT). It stops by itself after $BENCH_APP_SECONDS.
#   npm run build -w backend && bench/start-app.sh &
set -e
cd "$(dirname "$0")/.."
export NODE_ENV=production
export PORT="${PORT:-3999}" HOST=127.0.0.1
export DATA_DIR="${DATA_DIR:-/tmp/wcrm-bench}"
export EMBEDDED_PG_PORT="${EMBEDDED_PG_PORT:-54418}"
export APP_SECRET="${APP_SECRET:-bench-secret-bench-secret-bench-secret-0123}"
export SESSION_SECURE=false SEED_DEMO=0
export PUBLIC_BASE_URL="http://127.0.0.1:$PORT"
# the project's Node 22 (the node package), as npm scripts have it
export PATH="$PWD/node_modules/.bin:$PATH"
exec timeout "${BENCH_APP_SECONDS:-3600}" backend/serve.sh
