package export

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// A Shard is one of N parts of an input set: --shard i/N, from 0. The
// zero Shard is the whole set.
type Shard struct{ I, N int }

// ParseShard reads "i/N".
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("%q is not a shard i/N with 0 <= i < N", s)
	}
	return Shard{i, n}, nil
}

// Holds reports whether the input named name is in the shard: the FNV-1a
// hash of the name, as bridgekit reports it (the path as given, a file's
// path inside a directory or archive joined to it), modulo N. It depends
// on nothing else, so that N runs on any machines cover an input set
// exactly once when they are given the same paths.
func (s Shard) Holds(name string) bool {
	if s.N <= 1 {
		return true
	}
	h := fnv.New64a()
	h.Write([]byte(name))
	return int(h.Sum64()%uint64(s.N)) == s.I
}

// Suffix is the part of a file name that says the shard: "-s002of008",
// "" for the whole set.
func (s Shard) Suffix() string {
	if s.N <= 1 {
		return ""
	}
	return fmt.Sprintf("-s%03dof%03d", s.I, s.N)
}
