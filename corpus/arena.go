package corpus

import (
	"sync"
	"sync/atomic"

	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/parser/pbn"
)

// An arena is memory that the games or records of an input are read into
// (pbn.Arena, lin.Arena: an input uses one of them), made free again once
// no unit read into it is in use, for the units read after: reading every
// game's tree into new memory was half of what an audit allocated.
//
// Whatever uses a unit holds its arena: the unit itself from its reading
// until it is converted, the chain of games or the vugraph header that a
// reading keeps for the next batch, and the next batch's converter while
// it converts them again. The last release frees the arena.
type arena struct {
	pbn   pbn.Arena
	lin   lin.Arena
	holds atomic.Int32
}

// spareArenas are arenas made free, for the readers and parsers of the
// next batches.
var spareArenas sync.Pool

// newArena returns a free arena, with no hold.
func newArena() *arena {
	if a, _ := spareArenas.Get().(*arena); a != nil {
		return a
	}
	return new(arena)
}

func (a *arena) hold() { a.holds.Add(1) }

// release ends a hold, and frees the arena with the last.
func (a *arena) release() {
	if a.holds.Add(-1) == 0 {
		a.pbn.Reset()
		a.lin.Reset()
		spareArenas.Put(a)
	}
}
