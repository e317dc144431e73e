#!/bin/bash -e
# Builds the peers' harnesses in $PEERS (default .peers in the repository) from clones placed
# there: cicero (facebookresearch/diplomacy_cicero), godip (zond/godip), mila (diplomacy/diplomacy).
# Needs: g++ 12, Debian's libgoogle-glog-dev (dipcc), golang-go (godip, Go 1.19 is enough),
# python3-tornado python3-ujson python3-coloredlogs python3-bcrypt python3-tz python3-dateutil
# python3-tqdm (the MILA engine runs from its source on Debian's /usr/bin/python3).
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PEERS=${PEERS:-$ROOT/.peers}
cd "$PEERS"
if [ -d cicero ]; then
  # dipcc's own CMake build needs PyTorch and pybind11 (PyPI): compile its adjudicator core alone,
  # with the flags of its Release build.
  CC=$PEERS/cicero/dipcc/dipcc/cc
  FILES=""
  for s in adjudicator checks enums game_state loc order owned_unit phase power scoring unit util; do
    FILES="$FILES $CC/$s.cc"
  done
  g++ -std=c++17 -O3 -DNDEBUG -I"$CC" $FILES "$HERE/dipcc/dipcc_bench.cc" -lglog -lpthread -o dipcc_bench
  echo "built $PEERS/dipcc_bench"
fi
if [ -d godip ]; then
  mkdir -p godip/cmd/corpusbench
  cp "$HERE/godip/main.go" godip/cmd/corpusbench/main.go
  # The snapshot lacks the generated SVG assets (variants/classical/bindata.go); a stand-in.
  [ -f godip/variants/classical/bindata.go ] || cp "$HERE/godip/bindata_stub.go" godip/variants/classical/
  (cd godip && GOFLAGS=-mod=mod GOPROXY=off go build -o ../godip-corpusbench ./cmd/corpusbench)
  echo "built $PEERS/godip-corpusbench"
fi
[ -d mila ] && echo "the MILA engine runs from $PEERS/mila (no build)"
exit 0
