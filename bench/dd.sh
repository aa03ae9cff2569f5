#!/usr/bin/env bash
# bench/dd.sh times the double-dummy solver of package dd beside DDS, the
# C library (libdds 2.9), on the same random deals: the full table of
# twenty results per deal, one deal at a time, both on one thread. It
# prints the time per table of each, in wall and CPU time, their ratio,
# the slowest deal of the Go solver, and checks that every entry agrees.
# See bench/README.md.
#
# Usage: bench/dd.sh [DEALS] [SEED]   (default 1,000 deals, seed 1)
# Environment: DDS=false to time the Go solver alone (for the slowest of
# many deals), DD=false to time DDS alone (for its slowest of the same
# deals), WORK a scratch directory to keep (default a temporary one).
# It needs cgo and libdds (Debian: apt-get install libdds-dev).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/work.sh"
deals=${1:-1000}
seed=${2:-1}
[[ -e /usr/include/dds/dll.h ]] || { echo "bench: libdds is not installed (apt-get install libdds-dev)" >&2; exit 2; }

echo "building ddbench" >&2
go -C "$root/dd/ddsref" build -o "$work/ddbench" ./ddbench
echo "solving $deals deals (seed $seed) on one thread" >&2
GOMAXPROCS=1 "$work/ddbench" -deals "$deals" -seed "$seed" -dds="${DDS:-true}" -dd="${DD:-true}"
