# bench/lib.sh: what the scripts of bench/ share. Sourcing it sets root
# (the repository), corpus (CORPUS, default ../shared/corpus beside the
# repository) and work (WORK, default a new temporary directory removed at
# exit), and checks that the corpus and GNU time are there.

source "$(dirname "${BASH_SOURCE[0]}")/work.sh"
corpus=${CORPUS:-$root/../shared/corpus}
[[ -d $corpus ]] || { echo "bench: no corpus at $corpus (set CORPUS)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "bench: /usr/bin/time (GNU time) is needed for peak memory" >&2; exit 2; }

# fill DIR EXT BYTES FILE...: copies the files into DIR, in numbered copies
# of the whole set, until they hold at least BYTES. The first copy is made
# file by file; the others are hard links to it, which costs no disk and
# reads the same as copies.
fill() {
	local dir=$1 ext=$2 want=$3
	shift 3
	local have=0 set=0 copy=1 f n
	mkdir -p "$dir/copy1"
	n=0
	for f in "$@"; do
		n=$((n + 1))
		cp "$f" "$dir/copy1/$n$ext"
		set=$((set + $(stat -c %s "$f")))
		((set < want)) || break
	done
	have=$set
	while ((have + set <= want)); do
		copy=$((copy + 1))
		cp -al "$dir/copy1" "$dir/copy$copy"
		have=$((have + set))
	done
	if ((have < want)); then
		copy=$((copy + 1))
		mkdir -p "$dir/copy$copy"
		for f in "$dir"/copy1/*; do
			ln "$f" "$dir/copy$copy/"
			have=$((have + $(stat -c %s "$f")))
			((have < want)) || break
		done
	fi
}

# measure CMD...: runs CMD under GNU time; sets secs, cpu, rss_mb.
measure() {
	local out=$work/time.txt
	/usr/bin/time -q -f '%e %U %S %M' -o "$out" "$@"
	read -r secs user sys rss_kb <"$out"
	cpu=$(echo "$user + $sys" | bc -l)
	rss_mb=$(echo "$rss_kb / 1024" | bc -l)
}

# megabytes DIR: the size of the files under DIR, each link counted (du
# counts a hard-linked file once).
megabytes() { find "$1" -type f -printf '%s\n' | awk '{ n += $1 } END { printf "%.3f\n", n / 1e6 }'; }

# summary FIELD FILE: a number from bridgekit's text summary.
summary() { awk -v k="$1" '$1 == k { print $2; exit }' "$2"; }

# header, then row LABEL MB SECS GAMES CPU RSS: a line of the results table.
header() { printf '\n%-30s %9s %9s %9s %10s %10s %9s\n' "run" "MB" "seconds" "MB/s" "boards/s" "MB/s/core" "peak MB"; }
row() { # label mb secs games cpu rss
	printf '%-30s %9.1f %9.2f %9.2f %10.0f %10.2f %9.1f\n' "$1" "$2" "$3" "$(echo "$2 / $3" | bc -l)" \
		"$(echo "$4 / $3" | bc -l)" "$(echo "$2 / $5" | bc -l)" "$6"
}

# concat OUT BYTES FILE...: writes the files one after the other, each
# followed by a blank line, as a set, and the set over and over into OUT
# until it holds at least BYTES. The copies are made by doubling, so that
# a gigabyte takes a few dozen cat commands.
concat() {
	local out=$1 want=$2 f
	shift 2
	local set=$work/set piece=$work/piece
	: >"$set"
	for f in "$@"; do
		cat "$f" >>"$set"
		printf '\r\n\r\n' >>"$set"
	done
	local n=$(((want + $(stat -c %s "$set") - 1) / $(stat -c %s "$set")))
	: >"$out"
	mv "$set" "$piece"
	while ((n > 0)); do
		if ((n & 1)); then cat "$piece" >>"$out"; fi
		n=$((n >> 1))
		if ((n > 0)); then cat "$piece" "$piece" >"$piece.2" && mv "$piece.2" "$piece"; fi
	done
	rm -f "$piece"
}

# utf8 FILE...: the files that are valid UTF-8 without a byte-order mark, so
# that a file made of them has one encoding.
utf8() {
	local f
	for f in "$@"; do
		if iconv -f UTF-8 -t UTF-8 "$f" >/dev/null 2>&1 && [[ $(head -c 3 "$f") != $'\xef\xbb\xbf' ]]; then
			printf '%s\0' "$f"
		fi
	done
}
