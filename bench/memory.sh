#!/usr/bin/env bash
# bench/memory.sh measures what bridgekit audit takes in time and peak
# memory as its input grows, on four kinds of input, each built at 100 MB
# and at SIZE_MB:
#   pbn-file      one PBN file: the corpus's UTF-8 PBN files one after the
#                 other, repeated
#   lin-file      one LIN file, built the same way
#   lin-archive   a directory of the corpus's LIN files, copied over and
#                 over: hundreds of thousands of files of a few kilobytes
#   pbn-distinct  one PBN file of games whose deals all differ
#                 (bench/distinct), which fills the duplicate index
# It prints a table like bench/run.sh's, then for each kind the time per MB
# at SIZE_MB over that at 100 MB (1.00 is linear) and the peak memory.
#
# Usage: bench/memory.sh [SIZE_MB]      (default 1000)
# Environment: CORPUS, WORK and JOBS (default 2) as for bench/run.sh.
set -euo pipefail

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
size_mb=${1:-1000}
jobs=${JOBS:-2}

echo "building bridgekit and bench/distinct" >&2
(cd "$root" && go build -o "$work/bridgekit" ./cmd/bridgekit && go build -o "$work/distinct" ./bench/distinct)

mapfile -d '' lin_files < <(find "$corpus" -type f -iname '*.lin' -print0 | sort -z)
mapfile -d '' pbn_files < <(find "$corpus" -type f -iname '*.pbn' -print0 | sort -z)
mapfile -d '' pbn_utf8 < <(utf8 "${pbn_files[@]}")
mapfile -d '' lin_utf8 < <(utf8 "${lin_files[@]}")

header
declare -A per_mb peak
for mb in 100 "$size_mb"; do
	bytes=$((mb * 1000 * 1000))
	echo "building the inputs of $mb MB" >&2
	rm -rf "$work/in"
	mkdir -p "$work/in"
	concat "$work/in/pbn-file.pbn" "$bytes" "${pbn_utf8[@]}"
	concat "$work/in/lin-file.lin" "$bytes" "${lin_utf8[@]}"
	fill "$work/in/lin-archive" .lin "$bytes" "${lin_files[@]}"
	"$work/distinct" -mb "$mb" >"$work/in/pbn-distinct.pbn"
	for kind in pbn-file lin-file lin-archive pbn-distinct; do
		path=$(find "$work/in" -maxdepth 1 -name "$kind*")
		size=$(megabytes "$path")
		measure "$work/bridgekit" audit --jobs "$jobs" --format json --fail-on never "$path" >/dev/null 2>"$work/summary.txt" ||
			{ echo "bench: bridgekit audit failed:" >&2; cat "$work/summary.txt" >&2; exit 1; }
		row "$kind $mb MB -j$jobs" "$size" "$secs" "$(summary games "$work/summary.txt")" "$cpu" "$rss_mb"
		per_mb[$kind-$mb]=$(echo "$secs / $size" | bc -l)
		peak[$kind-$mb]=$rss_mb
	done
done
rm -rf "$work/in"

echo
for kind in pbn-file lin-file lin-archive pbn-distinct; do
	printf '%s: %s MB vs 100 MB: %.2fx the time per MB; peak memory %.1f MB at %s MB\n' "$kind" "$size_mb" \
		"$(echo "${per_mb[$kind-$size_mb]} / ${per_mb[$kind-100]}" | bc -l)" "${peak[$kind-$size_mb]}" "$size_mb"
done
