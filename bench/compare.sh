#!/usr/bin/env bash
# bench/compare.sh builds bridgekit at two revisions, runs each command on
# the same PBN and LIN input with both builds, interleaved, on one core, and
# prints the throughput per CPU-second of the newer build over the older
# one: the ratios the speed work is measured by. See bench/README.md.
#
# Usage: bench/compare.sh [SIZE_MB] [ROUNDS]   (default 20 MB, 3 rounds)
# Environment: BASE (the older revision, default the build the speed work
# starts from), HEAD_REV (the newer one, default the work tree as it is),
# CORPUS, WORK as for the other scripts, COMMANDS (default every command
# that reads the whole input), INSTRUCTIONS=1 to count the instructions
# each run executes, under valgrind's callgrind, with the collector off,
# instead of timing it: the same count for the same binary and input
# however busy the machine is, so one round tells differences of a per
# cent that timing on a shared machine cannot (about fifty times slower:
# use a few megabytes). What the collector costs is left to the timed
# runs.
set -euo pipefail

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
size_mb=${1:-20}
rounds=${2:-3}
base=${BASE:-e37e5e7}
commands=${COMMANDS:-audit convert fmt fix export score}

echo "building bridgekit at $base and at ${HEAD_REV:-the work tree}" >&2
rm -rf "$work/base-src" "$work/head-src"
git -C "$root" worktree add --detach -f "$work/base-src" "$base" >/dev/null 2>&1
trap 'git -C "$root" worktree remove --force "$work/base-src" >/dev/null 2>&1 || true' EXIT
(cd "$work/base-src" && go build -o "$work/bridgekit-base" ./cmd/bridgekit)
if [[ -n ${HEAD_REV:-} ]]; then
	git -C "$root" worktree add --detach -f "$work/head-src" "$HEAD_REV" >/dev/null 2>&1
	(cd "$work/head-src" && go build -o "$work/bridgekit-head" ./cmd/bridgekit)
	git -C "$root" worktree remove --force "$work/head-src" >/dev/null 2>&1
else
	(cd "$root" && go build -o "$work/bridgekit-head" ./cmd/bridgekit)
fi

bytes=$((size_mb * 1000 * 1000))
mapfile -d '' pbn_files < <(find "$corpus" -type f -iname '*.pbn' -print0 | sort -z)
mapfile -d '' lin_files < <(find "$corpus" -type f -iname '*.lin' -print0 | sort -z)
rm -rf "$work/input"
fill "$work/input/pbn" .pbn "$bytes" "${pbn_files[@]}"
fill "$work/input/lin" .lin "$bytes" "${lin_files[@]}"

# args CMD DIR OUT: the command line of one command on one core, reading
# DIR and writing what it writes to OUT (a folder, for export).
args() {
	case $1 in
	audit) echo "audit --jobs 1 --fail-on never $2" ;;
	convert) echo "convert --jobs 1 --to json $2" ;;
	fmt) echo "fmt --jobs 1 -l $2" ;;
	fix) echo "fix --jobs 1 -l $2" ;;
	export) echo "export --jobs 1 --out $3 $2" ;;
	score) echo "score --jobs 1 $2" ;;
	*) echo "$1 --jobs 1 $2" ;;
	esac
}

# instructions CMD...: runs CMD under callgrind on one core; sets ir, the
# instructions it executed. Go's asynchronous preemption is off, as
# callgrind fails on the signals it sends, and so is the collector: its
# work depends on when it runs, which moved the count of one build on one
# input by a tenth from run to run; without it the count repeats to a
# thousandth. (A few megabytes of input allocate under 100 MB.) The
# runtime is told the processor lacks RDTSCP, which valgrind 3.19 cannot
# execute: the runtime's lock reads the clock with it when a lock is
# contended, and the run died of SIGILL.
instructions() {
	GOGC=off GOMEMLIMIT=off GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off GOMAXPROCS=1 \
		valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
		>/dev/null 2>"$work/callgrind.txt" || true
	ir=$(awk '/Collected :/ { print $NF }' "$work/callgrind.txt")
	[[ -n $ir ]] || { echo "bench: callgrind failed: $(tail -3 "$work/callgrind.txt")" >&2; exit 2; }
}

if [[ ${INSTRUCTIONS:-} == 1 ]]; then
	command -v valgrind >/dev/null || { echo "bench: INSTRUCTIONS=1 needs valgrind" >&2; exit 2; }
	printf '%-8s %-4s %16s %16s %8s\n' command fmt "base instr" "head instr" "instr x"
	for fmt in pbn lin; do
		for cmd in $commands; do
			counts=()
			for build in base head; do
				out=$work/out-$build
				rm -rf "$out"
				# shellcheck disable=SC2046
				instructions "$work/bridgekit-$build" $(args "$cmd" "$work/input/$fmt" "$out")
				counts+=("$ir")
			done
			printf '%-8s %-4s %16d %16d %7.2fx\n' "$cmd" "$fmt" "${counts[0]}" "${counts[1]}" \
				"$(echo "${counts[0]} / ${counts[1]}" | bc -l)"
		done
	done
	echo "(instr x: the instructions the older build executed over the newer's, counted by callgrind on one core with the collector off; above 1 is less work)"
	exit 0
fi

printf '%-8s %-4s %10s %10s %10s %10s %8s %8s\n' command fmt "base cpu" "head cpu" "base wall" "head wall" "cpu x" "wall x"
for fmt in pbn lin; do
	dir=$work/input/$fmt
	for cmd in $commands; do
		bc_sum=0 hc_sum=0 bw_sum=0 hw_sum=0
		for ((r = 0; r < rounds; r++)); do
			for build in base head; do
				out=$work/out-$build
				rm -rf "$out"
				# shellcheck disable=SC2046
				measure env GOMAXPROCS=1 "$work/bridgekit-$build" $(args "$cmd" "$dir" "$out") >/dev/null 2>&1 || true
				if [[ $build == base ]]; then
					bc_sum=$(echo "$bc_sum + $cpu" | bc -l) bw_sum=$(echo "$bw_sum + $secs" | bc -l)
				else
					hc_sum=$(echo "$hc_sum + $cpu" | bc -l) hw_sum=$(echo "$hw_sum + $secs" | bc -l)
				fi
			done
		done
		printf '%-8s %-4s %10.2f %10.2f %10.2f %10.2f %7.2fx %7.2fx\n' "$cmd" "$fmt" \
			"$(echo "$bc_sum / $rounds" | bc -l)" "$(echo "$hc_sum / $rounds" | bc -l)" \
			"$(echo "$bw_sum / $rounds" | bc -l)" "$(echo "$hw_sum / $rounds" | bc -l)" \
			"$(echo "$bc_sum / $hc_sum" | bc -l)" "$(echo "$bw_sum / $hw_sum" | bc -l)"
	done
done
echo "(cpu x and wall x: the older build's time over the newer's, over $rounds interleaved rounds on one core; above 1 is faster)"
