# bench/work.sh: sourcing it sets root (the repository) and work (WORK,
# default a new temporary directory removed at exit), for the scripts of
# bench/: lib.sh, and those that need no corpus (dd.sh).

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z ${WORK:-} ]]; then
	work=$(mktemp -d)
	trap 'rm -rf "$work"' EXIT
else
	work=$WORK
	mkdir -p "$work"
fi
