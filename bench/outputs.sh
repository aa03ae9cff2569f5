#!/usr/bin/env bash
# bench/outputs.sh runs every command whose output is deterministic over
# the corpus and keeps what each wrote: standard output, standard error and
# the exit status, and the files of the commands that write files. It is the
# check that work on speed or memory changes no output: record the outputs of
# one build, then check another against them.
#
#   bench/outputs.sh record DIR    run the commands and save their outputs in
#                                  DIR (replacing what DIR held)
#   bench/outputs.sh check DIR     run them again and compare with DIR: each
#                                  output that differs is named, with the
#                                  start of its diff; status 1 if any does
#
# The commands run from a scratch directory in which `corpus` is a link to
# the corpus, named as corpus/ (a link named without its slash is not
# walked), so that the paths they print are the same wherever the corpus
# and the scratch directory are. Every command runs with --jobs at its
# default: the output is in input order whatever the number of jobs.
#
# Written files are kept as they are, but for two names made at random:
# report's pages folder (DIR/pages-PID-RANDOM/, named in index.html) and
# the temporary names of fmt -w and fix -w, which never remain. For the
# trees that fmt -w, fix -w and apply rewrite in a copy of the corpus, the
# SHA-256 of every file is kept instead of the files.
#
# Environment: CORPUS and WORK as for bench/run.sh.
set -euo pipefail

usage() { echo "usage: bench/outputs.sh record|check DIR" >&2; exit 2; }
(($# == 2)) || usage
mode=$1 ref=$2
[[ $mode == record || $mode == check ]] || usage
[[ $mode == record || -d $ref ]] || { echo "bench: no reference at $ref" >&2; exit 2; }
# The reference's path, absolute, before lib.sh is sourced and we move.
ref=$(mkdir -p "$(dirname "$ref")" && cd "$(dirname "$ref")" && pwd)/$(basename "$ref")

# shellcheck source=bench/lib.sh
. "$(dirname "$0")/lib.sh"

echo "building bridgekit" >&2
(cd "$root" && go build -o "$work/bridgekit" ./cmd/bridgekit)
bk=$work/bridgekit

out=$work/outputs
run=$work/run
rm -rf "$out" "$run"
mkdir -p "$out" "$run"
ln -s "$(cd "$corpus" && pwd)" "$run/corpus"
cd "$run"
export NO_COLOR=1

# out NAME ARGS...: runs bridgekit ARGS, keeping its standard output, its
# standard error and its exit status as NAME.stdout, NAME.stderr and
# NAME.status.
out() {
	local name=$1
	shift
	echo "  $name" >&2
	local status=0
	"$bk" "$@" >"$out/$name.stdout" 2>"$out/$name.stderr" || status=$?
	echo "$status" >"$out/$name.status"
}

# keep NAME DIR: moves the files DIR holds into NAME.tree.
keep() { mv "$2" "$out/$1.tree"; }

# sums NAME DIR: the SHA-256 of every file under DIR, as NAME.sha256.
sums() { (cd "$2" && find . -type f -print0 | sort -z | xargs -0 sha256sum) >"$out/$1.sha256"; }

# copy DIR: a fresh copy of the corpus in DIR, to be rewritten.
copy() { rm -rf "$1" && cp -r "$run/corpus/" "$1" && chmod -R u+w "$1"; }

echo "running the commands" >&2
out audit audit corpus/
out audit-all audit --all --show-source corpus/
out audit-json audit --format json corpus/
out audit-json-group audit --format json --group corpus/
out audit-warning audit --severity warning --fail-on warning corpus/
out audit-jobs1 audit --jobs 1 corpus/
out stats stats corpus/
out stats-json stats --format json corpus/
out stats-per-file stats --per-file corpus/
out stats-per-file-json stats --per-file --format json corpus/
out score score corpus/
out score-json score --format json corpus/
out convert-pbn convert --to pbn corpus/
out convert-lin convert --to lin corpus/
out convert-json convert --to json corpus/
out convert-lin-dir convert --to lin -o convert-lin/ corpus/
keep convert-lin-dir convert-lin
# Into ISO-8859-1, one file per input: a file with a character Latin-1 lacks
# is not written, the others are.
out convert-latin1-dir convert --to pbn --latin1 -o convert-latin1/ corpus/
keep convert-latin1-dir convert-latin1
out fmt fmt corpus/
out fmt-l fmt -l corpus/
out fmt-d fmt -d corpus/
out fix fix corpus/
out fix-l fix -l corpus/
out fix-d fix -d corpus/
out fix-d-board-cycle fix -d --only board-cycle corpus/
out fix-patch fix --patch fix.patch corpus/
mv fix.patch "$out/fix-patch.patch"
out show-board show --board 14 corpus/
out show-sample show corpus/endplay/sample.pbn corpus/endplay/example2.pbn
mapfile -t lin_some < <(find -L corpus -type f -iname '*.lin' | sort | awk 'NR % 10 == 1')
out show-lin show "${lin_some[@]}"
out show-stdin show - <corpus/endplay/example1.pbn
out export export --out export corpus/
out export-merge export --merge export
keep export export
out export-jsonl export --format jsonl --out export-jsonl corpus/
keep export-jsonl export-jsonl
out report report --out report corpus/
# The pages folder is named by the process and at random: named pages-X here.
for p in report/pages-*; do
	sed -i "s/${p#report/}/pages-X/g" report/index.html
	mv "$p" report/pages-X
done
keep report report

# The commands that rewrite files, each in a copy of the corpus.
copy fmt-w
out fmt-w fmt -w -l fmt-w
sums fmt-w fmt-w
copy fix-w
out fix-w fix -w -l fix-w
sums fix-w fix-w
copy apply
out apply-patch fix --patch apply.patch apply
out apply apply apply.patch
out apply-again apply apply.patch
sums apply apply
rm -rf fmt-w fix-w apply apply.patch

case $mode in
record)
	rm -rf "$ref"
	mv "$out" "$ref"
	echo "recorded $(find "$ref" -type f | wc -l) outputs in $ref" >&2
	;;
check)
	differ=0
	while IFS= read -r line; do
		differ=1
		echo "$line"
	done < <(diff -rq "$ref" "$out" | sed "s|$ref/||g; s|$out/||g" || true)
	if ((differ)); then
		# the start of each differing file's diff
		diff -r "$ref" "$out" | head -40 || true
		echo "bench: outputs differ from $ref" >&2
		exit 1
	fi
	echo "every output is as in $ref" >&2
	;;
esac
