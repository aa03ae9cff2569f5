// Package scan holds what the PBN and LIN readers and the charset detector
// share: the cache of grammar shapes, case-folding byte search, the cap
// on a file's reports, and the chunks their arenas carve memory from.
package scan

import (
	"fmt"
	"sync"
)

// MaxFileDiagnostics caps what a reader keeps about a file as a whole,
// outside its games and records: a file of a million stray lines would
// otherwise hold a million reports.
const MaxFileDiagnostics = 1000

// ShapeCache remembers what a grammar made of each sequence of token types.
// The result depends on the sequence alone, and files share a handful of
// sequences (a PBN game of the usual tags, a LIN board of setup, auction
// and play), so participle runs once per sequence for the whole process.
// Kept per reader, it ran once per file, which in an archive of small files
// was a tenth of the reading time. It is safe for concurrent use, and
// bounded in entries and key length; what is not kept is parsed again.
type ShapeCache[V any] struct {
	mu sync.RWMutex
	m  map[string]V
}

// The bounds of a ShapeCache.
const (
	maxShapes   = 1024
	maxShapeKey = 64
)

// Get returns what was put for key.
func (c *ShapeCache[V]) Get(key []byte) (V, bool) {
	c.mu.RLock()
	v, ok := c.m[string(key)]
	c.mu.RUnlock()
	return v, ok
}

// Put keeps v for key, within the bounds.
func (c *ShapeCache[V]) Put(key []byte, v V) {
	if len(key) > maxShapeKey {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[string]V)
	}
	if len(c.m) < maxShapes {
		c.m[string(key)] = v
	}
}

// IndexFold is bytes.Index for an ASCII lower-case key, ignoring ASCII case
// in s, without allocating.
func IndexFold(s []byte, key string) int {
	for i := 0; i+len(key) <= len(s); i++ {
		if HasPrefixFold(s[i:], key) {
			return i
		}
	}
	return -1
}

// HasPrefixFold is bytes.HasPrefix for an ASCII lower-case key, ignoring
// ASCII case in s.
func HasPrefixFold(s []byte, key string) bool {
	if len(s) < len(key) {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != key[i] {
			return false
		}
	}
	return true
}

// Plural says how many of noun there are: "1 card", "3 cards".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
