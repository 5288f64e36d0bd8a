#!/usr/bin/env bash
# The re-scoring goal of #32 measured side by side: the build the goal was set on (GOAL_REV, whose
# bench printed the 841 entities/s) and this checkout, alternated on one loaded graph, one machine.
#
#   bench/rescoreBeside.sh [rounds]        (default 2; each round runs this checkout, then the goal's build)
#
# Both runs use the environment as `npm run bench` does (BENCH_ENTITIES, BENCH_NEO4J_URI,
# BENCH_DATA_DIR, NEO4J_LOCAL_HEAP_MB, ...); BENCH_ONLY is set to rescore. Every run scores its own
# baseline first, as the goal's bench always did, so neither reads the other's risk state. This
# checkout runs first: it loads the generated graph when it is not loaded yet.
#
# The goal's build is checked out into a temporary worktree with this checkout's node_modules
# (the driver, BullMQ and ioredis versions are the same). One line of its bench is changed: the 1%
# change's lines come from the generated file the graph was loaded from, not from its own
# generator, which has changed since and would give other lines for the same ids.
set -euo pipefail
GOAL_REV=${GOAL_REV:-75aae1c}
ROUNDS=${1:-2}
here=$(cd "$(dirname "$0")/.." && pwd)
old=$(mktemp -d)/goal-build
trap 'git -C "$here" worktree remove --force "$old" >/dev/null 2>&1 || true; rm -rf "$(dirname "$old")"' EXIT

git -C "$here" worktree add --detach "$old" "$GOAL_REV" >/dev/null
ln -s "$here/node_modules" "$old/node_modules"
mkdir -p "$old/tools/neo4j-local" && cp -r "$here/tools/neo4j-local/target" "$old/tools/neo4j-local/"
sed -i \
  -e "s|import fs from 'node:fs';|import fs from 'node:fs';\nimport readline from 'node:readline';|" \
  -e "/import { generateLines } from/d" \
  -e 's|for (const line of generateLines({ entities, seed: 1 })) {|for await (const line of readline.createInterface({ input: fs.createReadStream(path.join(os.tmpdir(), `graph-api-bench-${entities}.ndjson`)), crlfDelay: Infinity })) {|' \
  "$old/bench/rescore.ts"
grep -q "readline.createInterface" "$old/bench/rescore.ts" || { echo "the goal build's bench did not take the change" >&2; exit 1; }
(cd "$old" && npx tsc -p tsconfig.json)
(cd "$here" && npx tsc -p tsconfig.json)

export BENCH_ONLY=rescore
unset BENCH_RESCORE_BASELINE
for round in $(seq 1 "$ROUNDS"); do
  echo "== round $round: this checkout ($(git -C "$here" rev-parse --short HEAD))"
  (cd "$here" && node --max-semi-space-size=64 dist/bench/run.js) | grep -E "loaded in|entities scored|baseline:|after a 1%|neighbourhood of|read \+ the faster"
  echo "== round $round: the goal's build ($GOAL_REV)"
  (cd "$old" && node --max-semi-space-size=64 dist/bench/run.js) | grep -E "entities scored|baseline:|after a 1%|neighbourhood of"
done
