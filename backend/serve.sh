#!/bin/sh
# Starts the built app (dist/main.js) with the Node flags it is measured and tested with; `npm start`,
# `npm run start:prod`, the Docker image, the bench's app and Playwright's app all start it here.
# - --max-semi-space-size=32: a larger young generation; under load the requests in flight die young
#   instead of being promoted and collected by full collections (4-7 % less CPU a request).
# - --experimental-async-context-frame (Node 24's default; Node refuses it in NODE_OPTIONS): the
#   request's and MikroORM's AsyncLocalStorage carried with each promise instead of by an async hook
#   run on every promise (6-9 % less CPU a request). Figures in bench/README.md.
# - NODE_COMPILE_CACHE: Node keeps the V8 code of the app's modules on disk (each entry checked against
#   its file's contents), so a restart, and each cluster worker after the first, does not compile them
#   again: loading the app's modules takes about a tenth less CPU (1.56 -> 1.41 s, bench/README.md).
#   Set it empty to turn it off, or to another directory.
# Node is the first on PATH (npm scripts put the project's Node 22 there first).
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE-${TMPDIR:-/tmp}/warranty-crm-compile-cache}"
exec node --max-semi-space-size=32 --experimental-async-context-frame "$(dirname "$0")/dist/main.js" "$@"
