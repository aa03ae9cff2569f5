#!/usr/bin/env bash
# bench/run.sh builds a large archive from the real-world corpus, audits it
# with bridgekit on one and two cores, runs the npm "pbn" tokenizer over the
# same PBN files when npm can install it, and prints throughput, peak memory
# and the ratios. See bench/README.md.
#
# Usage: bench/run.sh [SIZE_MB]      (default 20; the full benchmark is 200)
# Environment: CORPUS (default ../shared/corpus beside the repository),
# WORK (a scratch directory, default a new temporary one, removed at exit),
# JOBS (default "1 2"): the numbers of cores to run on; a run on n cores
# sets GOMAXPROCS=n and --jobs n, so that one core is one core, the
# collector's work included.
set -euo pipefail

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
size_mb=${1:-20}
jobs_list=${JOBS:-1 2}

echo "building bridgekit" >&2
(cd "$root" && go build -o "$work/bridgekit" ./cmd/bridgekit)

# The npm tokenizer, when npm can install it. It reads the same files as
# bridgekit, one stream per file, and counts the objects it emits.
have_npm=0
if command -v npm >/dev/null && command -v node >/dev/null &&
	(cd "$work" && npm install --silent --no-audit --no-fund --prefix "$work/npm" pbn@1.6.1 >/dev/null 2>&1); then
	have_npm=1
	cat >"$work/npm/count.js" <<'JS'
// count.js [--check] FILE...: streams each file through require('pbn')()
// and prints {"files","objects","games","failed"}; with --check, prints the
// files it reads without error instead.
const fs = require('fs');
const pbn = require('pbn');
const check = process.argv[2] === '--check';
const files = process.argv.slice(check ? 3 : 2);
let objects = 0, games = 0, failed = 0, i = 0;
function next() {
  if (i === files.length) {
    if (!check) console.log(JSON.stringify({ files: files.length, objects, games, failed }));
    return;
  }
  const file = files[i++];
  let ok = true;
  fs.createReadStream(file)
    .pipe(pbn())
    .on('data', d => { objects++; if (d.type === 'game') games++; })
    .on('error', () => { ok = false; failed++; next(); })
    .on('end', () => { if (ok) { if (check) console.log(file); next(); } });
}
next();
JS
else
	echo "bench: npm could not install pbn@1.6.1; the comparison is skipped" >&2
fi

bytes=$((size_mb * 1000 * 1000))
mapfile -d '' lin_files < <(find "$corpus" -type f -iname '*.lin' -print0 | sort -z)
mapfile -d '' pbn_files < <(find "$corpus" -type f -iname '*.pbn' -print0 | sort -z)
if ((have_npm)); then
	# Only the PBN files the tokenizer reads to the end, so that both tools
	# read the same text.
	mapfile -t pbn_files < <(node "$work/npm/count.js" --check "${pbn_files[@]}")
fi
echo "building the archive: ${size_mb} MB of PBN from ${#pbn_files[@]} files, ${size_mb} MB of LIN from ${#lin_files[@]} files" >&2
rm -rf "$work/archive"
for fmt in pbn lin; do
	if [[ $fmt == pbn ]]; then files=("${pbn_files[@]}"); else files=("${lin_files[@]}"); fi
	fill "$work/archive/$fmt" ".$fmt" "$bytes" "${files[@]}"
	# A tenth of the archive with the same mix, for the check that time per
	# MB does not grow with the size: in copy c, file n is taken when n + c
	# is a multiple of ten, so that over the copies every file of the set
	# is taken as often as every other (every tenth name alone would favour
	# some files).
	mkdir -p "$work/archive/$fmt-tenth"
	(cd "$work/archive/$fmt" && for d in copy*; do
		c=${d#copy}
		for f in "$d"/*; do
			n=${f##*/}
			n=${n%.*}
			if (((n + c) % 10 == 0)); then ln "$f" "../$fmt-tenth/${d}_${f##*/}"; fi
		done
	done)
done

header

declare -A rate took
for fmt in pbn lin; do
	for tree in "$fmt-tenth" "$fmt"; do
		dir=$work/archive/$tree
		mb=$(megabytes "$dir")
		for j in $jobs_list; do
			if [[ $tree == *-tenth && $j != "${jobs_list%% *}" ]]; then continue; fi
			measure env GOMAXPROCS="$j" "$work/bridgekit" audit --jobs "$j" --format json --fail-on never "$dir" >/dev/null 2>"$work/summary.txt" ||
				{ echo "bench: bridgekit audit failed:" >&2; cat "$work/summary.txt" >&2; exit 1; }
			games=$(summary games "$work/summary.txt")
			row "bridgekit audit $tree, $j core" "$mb" "$secs" "$games" "$cpu" "$rss_mb"
			rate[$tree-$j]=$(echo "$mb / $secs" | bc -l)
			took[$tree-$j]=$secs
		done
	done
	if [[ $fmt == pbn ]] && ((have_npm)); then
		mapfile -d '' files < <(find "$work/archive/pbn" -type f -print0 | sort -z)
		measure node "$work/npm/count.js" "${files[@]}" >"$work/npm.json"
		objects=$(sed 's/.*"objects":\([0-9]*\).*/\1/' "$work/npm.json")
		games=$(sed 's/.*"games":\([0-9]*\).*/\1/' "$work/npm.json")
		failed=$(sed 's/.*"failed":\([0-9]*\).*/\1/' "$work/npm.json")
		mb=$(megabytes "$work/archive/pbn")
		row "npm pbn@1.6.1 tokenizer" "$mb" "$secs" "$games" "$cpu" "$rss_mb"
		rate[npm]=$(echo "$mb / $secs" | bc -l)
		echo "    ($objects objects, $games games, $failed files failed)"
	fi
done

first=${jobs_list%% *}
last=${jobs_list##* }
echo
for fmt in pbn lin; do
	printf '%s: %s cores vs %s: %.2fx the throughput; full size vs a tenth: %.2fx the time per MB\n' "$fmt" "$last" "$first" \
		"$(echo "${rate[$fmt-$last]} / ${rate[$fmt-$first]}" | bc -l)" "$(echo "${rate[$fmt-tenth-$first]} / ${rate[$fmt-$first]}" | bc -l)"
done
if ((have_npm)); then
	printf 'bridgekit audit (%s cores) vs the npm pbn tokenizer on the same PBN: %.2fx its throughput\n' "$last" \
		"$(echo "${rate[pbn-$last]} / ${rate[npm]}" | bc -l)"
fi
