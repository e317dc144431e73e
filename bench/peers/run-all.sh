#!/bin/bash
# The side-by-side comparison: Arbiter, each peer, Arbiter again, on the same 2,834 corpus phases,
# with the load average logged around each run. See README.md for building the peers first.
#   bench/peers/run-all.sh [dipcc] [godip] [mila]      (ROUNDS=5 SECS=2 by default)
# PEERS (default .peers in the repository) holds the peers' clones, builds and the logs.
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PEERS=${PEERS:-$ROOT/.peers}
mkdir -p "$PEERS/results"
cd "$PEERS"
[ -f corpus.jsonl ] || zcat "$ROOT/packages/engine/test/corpus/peer-agreed-movement.jsonl.gz" > corpus.jsonl
LOG=$PEERS/results/run-$(date +%Y%m%d-%H%M%S).log
ROUNDS=${ROUNDS:-5}; SECS=${SECS:-2}
stamp() { echo "--- $(date +%T) $1 | $(uptime | sed 's/.*load average/load average/')" | tee -a "$LOG"; }
arb() { stamp "arbiter"; node --expose-gc "$HERE/arbiter.mjs" corpus.jsonl "$ROUNDS" "$SECS" 2>&1 | tee -a "$LOG"; }
for p in ${*:-dipcc godip mila}; do
  arb
  stamp "$p"
  case $p in
    dipcc) ./dipcc_bench corpus.jsonl "$ROUNDS" "$SECS" 2>&1 | tee -a "$LOG" ;;
    godip) ./godip-corpusbench corpus.jsonl "$ROUNDS" "$SECS" 2>&1 | tee -a "$LOG" ;;
    mila) PYTHONPATH=$PEERS/mila /usr/bin/python3 "$HERE/mila/mila_bench.py" corpus.jsonl "$ROUNDS" 2>&1 | tee -a "$LOG" ;;
    *) echo "unknown peer $p (dipcc, godip, mila)" >&2; exit 2 ;;
  esac
  stamp "after $p"
done
arb
stamp "end"
echo "log: $LOG"
