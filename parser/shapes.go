package parser

import "sync"

// shapeCache remembers what a grammar made of each sequence of token types.
// The result depends on the sequence alone, and files share a handful of
// sequences (a PBN game of the usual tags, a LIN board of setup, auction
// and play), so participle runs once per sequence for the whole process.
// Kept per reader, it ran once per file, which in an archive of small files
// was a tenth of the reading time. It is safe for concurrent use, and
// bounded in entries and key length; what is not kept is parsed again.
type shapeCache[V any] struct {
	mu sync.RWMutex
	m  map[string]V
}

// The bounds of a shapeCache.
const (
	maxShapes   = 1024
	maxShapeKey = 64
)

func (c *shapeCache[V]) get(key []byte) (V, bool) {
	c.mu.RLock()
	v, ok := c.m[string(key)]
	c.mu.RUnlock()
	return v, ok
}

func (c *shapeCache[V]) put(key []byte, v V) {
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
