package dd

// The transposition table's capacity: ttBlocks blocks of blockSize
// entries, and a directory of ttSlots lists of blocks, one list per
// leader and set of suit lengths.
const (
	blockSize = 8
	ttBlocks  = 1 << 18
	ttSlots   = 1 << 19
)

// entry holds what is known of a class of positions at the start of a
// trick: bounds on the tricks North–South take, which hold in every
// position with the same leader, the same number of cards in each suit in
// each hand, and, in each suit, the same holders of the top cards that
// decided the search; and the lead that settled it.
type entry struct {
	top    [4]uint32 // per suit: the holders of the top cards and their number, keyed as [patKeys.key] says
	lo, hi int8      // North–South take at least lo and at most hi tricks
	best   uint8     // the lead that settled it, suit<<4 | relative rank; noBest if none
}

// block holds entries of one list side by side, so that reading a list
// mostly reads memory in order.
type block struct {
	e    [blockSize]entry
	n    int32 // entries in use
	prev int32 // the block filled before this one, or -1
}

// slot heads the list of entries of one leader and set of suit lengths:
// its newest block.
type slot struct {
	lens   uint64 // the length of each hand in each suit, four bits each: [seat][suit]
	last   int32
	leader uint8
	gen    uint8 // the search that filled it; a slot of another is free
}

// noBest marks an entry without a best lead.
const noBest = 0xff

// table is a fixed-size transposition table: blocks of entries in one
// array, each list of them headed by a slot of a directory open-addressed
// by suit lengths and leader. When the blocks or the directory run out,
// the table is emptied and fills again. Slots of earlier searches are told
// apart by their generation, so starting a search costs nothing.
type table struct {
	b     []block
	slots []slot
	used  int // slots in use
	gen   uint8
}

// next starts a new search: the entries stored so far no longer count.
func (t *table) next() {
	if t.b == nil {
		t.b = make([]block, 0, ttBlocks)
		t.slots = make([]slot, ttSlots)
	}
	t.b, t.used = t.b[:0], 0
	t.gen++
	if t.gen == 0 {
		// After 255 searches the generations come round again: clear the
		// directory so that no slot of an old search passes for a new one.
		clear(t.slots)
		t.gen = 1
	}
}

// slot returns the slot of the lengths and leader, or, when there is
// none, the free slot where it would go.
func (t *table) slot(lens uint64, leader int) *slot {
	h := (lens + uint64(leader)) * 0x9e3779b97f4a7c15
	h ^= h >> 31
	for i := int(h>>(64-19)) & (ttSlots - 1); ; i = (i + 1) & (ttSlots - 1) {
		sl := &t.slots[i]
		if sl.gen != t.gen || (sl.lens == lens && int(sl.leader) == leader) {
			return sl
		}
	}
}

// last returns the newest block of the list for lens and leader, or -1.
func (t *table) last(lens uint64, leader int) int32 {
	sl := t.slot(lens, leader)
	if sl.gen != t.gen {
		return -1
	}
	return sl.last
}

// matches reports whether e holds for a position whose keys of the
// holders of the cards of each suit are pk (see [patKeys]): the entries
// of one list have the position's suit lengths, so each of their suits
// names how many top cards it fixes.
// An entry's key holds no bit outside the mask of its k (see
// [patKeys]), so the planes it fixes agree when the masked difference is
// nothing.
func (e *entry) matches(pk *patKeys) bool {
	return (e.top[0]^pk[0])&planeMask[e.top[0]>>26&15]|(e.top[1]^pk[1])&planeMask[e.top[1]>>26&15]|
		(e.top[2]^pk[2])&planeMask[e.top[2]>>26&15]|(e.top[3]^pk[3])&planeMask[e.top[3]>>26&15] == 0
}

// store records that North–South take at least lo and at most hi tricks
// in the class of positions of lens, leader and top. An entry of the same
// class in the newest block is narrowed; else a new entry is added.
func (t *table) store(lens uint64, leader int, top *[4]uint32, lo, hi int, best uint8) {
	if t.used >= ttSlots*3/4 {
		t.next()
	}
	sl := t.slot(lens, leader)
	if sl.gen != t.gen {
		*sl = slot{lens: lens, last: -1, leader: uint8(leader), gen: t.gen}
		t.used++
	}
	if sl.last >= 0 {
		b := &t.b[sl.last]
		for i := range b.n {
			e := &b.e[i]
			if e.top == *top {
				e.lo, e.hi = max(e.lo, int8(lo)), min(e.hi, int8(hi))
				if best != noBest {
					e.best = best
				}
				return
			}
		}
	}
	if sl.last < 0 || t.b[sl.last].n == blockSize {
		if len(t.b) == cap(t.b) {
			t.next()
			t.store(lens, leader, top, lo, hi, best)
			return
		}
		t.b = append(t.b, block{prev: sl.last})
		sl.last = int32(len(t.b) - 1)
	}
	b := &t.b[sl.last]
	b.e[b.n] = entry{top: *top, lo: int8(lo), hi: int8(hi), best: best}
	b.n++
}
