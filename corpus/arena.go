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

// arenas gives the units read one after the other their arena: one
// arena for about a batch's worth of text, then a new one, so that a file
// read whole is not read into one arena as large as its trees. It holds
// the arena being read into until it takes the next one, or until done.
type arenas struct {
	cur  *arena
	size int
	use  func(*arena) // makes the reader or parser read into the arena
}

// start makes sure there is an arena being read into.
func (s *arenas) start() {
	if s.cur == nil {
		s.cur, s.size = newArena(), 0
		s.cur.hold()
		s.use(s.cur)
	}
}

// took returns the arena a unit of n bytes of text was just read into,
// with a hold for the unit, and takes a new one after a batch's worth.
func (s *arenas) took(n int) *arena {
	a := s.cur
	a.hold()
	if s.size += n; s.size >= batchBytes {
		s.done()
		s.start()
	}
	return a
}

// done ends the hold of the arena being read into.
func (s *arenas) done() {
	if s.cur != nil {
		s.cur.release()
		s.cur = nil
	}
}
