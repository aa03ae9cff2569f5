#!/usr/bin/env bash
# bench/writes.sh measures every command — audit (on 1 and 8 jobs), score,
# stats, show, export, report, convert, fmt, fmt -l, fmt -d, fmt -w, fix -l,
# fix --patch, apply, fix -w — in time and peak resident memory, on
# large inputs and on the pathological ones that once made them grow
# without bound:
#   pbn-file     one PBN file of SIZE_MB: the corpus's UTF-8 PBN files one
#                after the other, repeated
#   lin-file     one LIN file, built the same way
#   tiny-games   one PBN file of a million games of one tag pair each
#   bars         a LIN file of 16 MB of "|"
#   pairs        a LIN file of 16 MB of "|x"
#   calls, cards PBN games of a million calls, and of a million cards
#   long-line, percent, brace
#                PBN files of a 5 MB line, of 300,000 % lines, and of a 5 MB
#                {} comment, which fmt -w must refuse
#   score-table  one game whose ScoreTable has 650,000 rows (4 MB)
#   total-table  a TotalScoreTable of 100,000 pairs
#   table-games  eight games of 100,000-row travellers, for --jobs 8
#   pairs-event  one pairs event of 3,000 boards of 200 rows each
#   bomb.zip     a zip of 1 MB that inflates to 1 GB
# Each line is one command on one input: seconds and peak MB (GNU time's
# maximum resident set size). Every peak must stay under 64 MB.
#
# Usage: bench/writes.sh [SIZE_MB]      (default 200)
# Environment: CORPUS and WORK as for bench/run.sh; INPUTS, the names of
# the inputs to measure (default all).
set -euo pipefail

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"
size_mb=${1:-200}

echo "building bridgekit" >&2
(cd "$root" && go build -o "$work/bridgekit" ./cmd/bridgekit)
bk=$work/bridgekit

mapfile -d '' lin_files < <(find "$corpus" -type f -iname '*.lin' -print0 | sort -z)
mapfile -d '' pbn_files < <(find "$corpus" -type f -iname '*.pbn' -print0 | sort -z)
mapfile -d '' pbn_utf8 < <(utf8 "${pbn_files[@]}")
mapfile -d '' lin_utf8 < <(utf8 "${lin_files[@]}")

echo "building the inputs" >&2
in=$work/in
rm -rf "$in"
mkdir -p "$in"
bytes=$((size_mb * 1000 * 1000))
concat "$in/pbn-file.pbn" "$bytes" "${pbn_utf8[@]}"
concat "$in/lin-file.lin" "$bytes" "${lin_utf8[@]}"
python3 - "$in" <<'PY'
import sys, zipfile
d = sys.argv[1]
open(d + "/tiny-games.pbn", "w").write('[Board "1"]\n\n' * 1_000_000)
open(d + "/bars.lin", "w").write("|" * (16 << 20))
open(d + "/pairs.lin", "w").write("|x" * (8 << 20))
open(d + "/calls.pbn", "w").write('[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n' + "1C " * 1_000_000 + "\n")
open(d + "/cards.pbn", "w").write('[Board "1"]\n[Play "W"]\n' + "SA " * 1_000_000 + "\n")
open(d + "/long-line.pbn", "w").write("% PBN 2.1\n" + "x" * 5_000_000 + "\n")
open(d + "/percent.pbn", "w").write("% PBN 2.1\n" + "%comment line\n" * 300_000)
open(d + "/brace.pbn", "w").write("% PBN 2.1\n{" + "c" * 5_000_000 + "}\n")
head = '[Event "Pairs"]\n[Board "{}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Scoring "MP"]\n'
cols = '[ScoreTable "PairId_NS\\1R;PairId_EW\\1R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\5R;Score_EW\\5R;MP_NS\\1R;MP_EW\\1R"]\n'
with open(d + "/score-table.pbn", "w") as f:  # one game, a traveller of 10^6 rows
    f.write('[Event "Pairs"]\n[Board "1"]\n[Scoring "MP"]\n[ScoreTable "PairId_NS;PairId_EW;MP_NS"]\n' + "1 2 3\n" * 650_000)
with open(d + "/total-table.pbn", "w") as f:  # a TotalScoreTable of 10^5 pairs
    f.write('[Event "Pairs"]\n[Board "1"]\n[TotalScoreTable "Rank;PairId;TotalMP;NrBoards"]\n')
    f.writelines(f"{i} {i} 50 26\n" for i in range(1, 100_001))
with open(d + "/table-games.pbn", "w") as f:  # eight such games, for --jobs 8
    for g in range(8):
        f.write(head.format(g + 1) + cols + "1 2 4S S 10 420 - 1 1\n" * 100_000 + "\n")
with open(d + "/pairs-event.pbn", "w") as f:  # 3,000 boards of 200 rows: one pairs event
    for g in range(3000):
        f.write(head.format(g + 1) + cols)
        f.writelines(f"{i} {i + 200} 4S S 10 420 - 199 199\n" for i in range(1, 201))
        f.write("\n")
with zipfile.ZipFile(d + "/bomb.zip", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("a.pbn", '[Event "x"]\n' + " " * (1 << 30))
PY

# run LABEL CMD...: measures one command, output to /dev/null.
printf '\n%-34s %9s %9s %9s\n' "input, command" "MB" "seconds" "peak MB"
run() {
	local label=$1 path=$2
	shift 2
	measure "$@" >/dev/null 2>"$work/stderr.txt" || true
	printf '%-34s %9.1f %9.2f %9.1f\n' "$label" "$(megabytes "$path")" "$secs" "$rss_mb"
}
inputs=${INPUTS:-pbn-file.pbn lin-file.lin tiny-games.pbn bars.lin pairs.lin calls.pbn cards.pbn long-line.pbn percent.pbn brace.pbn score-table.pbn total-table.pbn table-games.pbn pairs-event.pbn bomb.zip}
# apply takes the names of a patch inside its --root: the patches are
# made and applied in the scratch directory.
cd "$work"
for f in $inputs; do
	p=$in/$f
	run "$f audit" "$p" "$bk" audit --fail-on never "$p"
	run "$f audit --jobs 8" "$p" "$bk" audit --jobs 8 --fail-on never "$p"
	run "$f score" "$p" "$bk" score "$p"
	run "$f score --format json" "$p" "$bk" score --format json "$p"
	run "$f stats" "$p" "$bk" stats "$p"
	run "$f show" "$p" "$bk" show "$p"
	rm -rf "$work/export" "$work/report"
	run "$f export" "$p" "$bk" export --out "$work/export" "$p"
	run "$f report" "$p" "$bk" report --out "$work/report" "$p"
	rm -rf "$work/export" "$work/report"
	run "$f convert --to pbn" "$p" "$bk" convert --to pbn -o "$work/out.pbn" "$p"
	run "$f convert --to lin" "$p" "$bk" convert --to lin -o "$work/out.lin" "$p"
	run "$f convert --to json" "$p" "$bk" convert --to json "$p"
	run "$f fmt" "$p" "$bk" fmt "$p"
	run "$f fmt -l" "$p" "$bk" fmt -l "$p"
	run "$f fmt -d" "$p" "$bk" fmt -d "$p"
	run "$f fix -l" "$p" "$bk" fix -l "$p"
	if [[ $f != *.zip ]]; then
		cp "$p" "$work/w.${f##*.}"
		run "$f fmt -w" "$p" "$bk" fmt -w "$work/w.${f##*.}"
		cp "$p" "$work/w.${f##*.}"
		run "$f fix --patch" "$p" "$bk" fix --patch fix.patch "w.${f##*.}"
		run "$f apply" "$p" "$bk" apply fix.patch
		cp "$p" "$work/w.${f##*.}"
		run "$f fix -w" "$p" "$bk" fix -w "$work/w.${f##*.}"
		rm -f "$work/w.${f##*.}" "$work/fix.patch"
	fi
	rm -f "$work/out.pbn" "$work/out.lin"
done
rm -rf "$in"
