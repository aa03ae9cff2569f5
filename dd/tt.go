package dd

// The transposition table's capacity: ttEntries entries, and a directory
// of ttSlots lists, one per leader and set of suit lengths.
const (
	ttEntries = 1 << 20
	ttSlots   = 1 << 19
)

// entry holds what is known of a class of positions at the start of a
// trick: bounds on the tricks North–South take, which hold in every
// position with the same leader, the same number of cards in each suit in
// each hand, and, in each suit, the same holders of the top cards that
// decided the search; and the lead that settled it.
type entry struct {
	top    [4]uint32 // per suit: the holders of the top cards, two bits each, highest first, then their number in the low four bits
	next   int32     // the next entry of the list, or -1
	lo, hi int8      // North–South take at least lo and at most hi tricks
	best   uint8     // the lead that settled it, suit<<4 | relative rank; noBest if none
}

// slot heads the list of entries of one leader and set of suit lengths.
type slot struct {
	lens   uint64 // the length of each hand in each suit, four bits each: [seat][suit]
	first  int32
	leader uint8
	gen    uint8 // the search that filled it; a slot of another is free
}

// noBest marks an entry without a best lead.
const noBest = 0xff

// table is a fixed-size transposition table: entries in one array,
// linked in lists that a directory, open-addressed by suit lengths and
// leader, heads. When the array or the directory fills, the table is
// emptied and fills again. Entries of earlier searches are told apart by
// the generation of their slot, so starting a search costs nothing.
type table struct {
	e     []entry
	slots []slot
	used  int // slots in use
	gen   uint8
}

// next starts a new search: the entries stored so far no longer count.
func (t *table) next() {
	if t.e == nil {
		t.e = make([]entry, 0, ttEntries)
		t.slots = make([]slot, ttSlots)
	}
	t.e, t.used = t.e[:0], 0
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

// first returns the first entry index of the list for lens and leader, or
// -1.
func (t *table) first(lens uint64, leader int) int32 {
	sl := t.slot(lens, leader)
	if sl.gen != t.gen {
		return -1
	}
	return sl.first
}

// matches reports whether e holds for a position whose suits have the
// holder patterns pat (two bits a card, highest first) of n cards each.
func (e *entry) matches(pat *[4]uint32, n *[4]int) bool {
	for s := range 4 {
		k := int(e.top[s] & 15)
		if pat[s]>>(2*(n[s]-k)) != e.top[s]>>4 {
			return false
		}
	}
	return true
}

// store records that North–South take at least lo and at most hi tricks
// in the class of positions of lens, leader and top. An entry of the same
// class is narrowed; else a new one is put at the head of the list.
func (t *table) store(lens uint64, leader int, top *[4]uint32, lo, hi int, best uint8) {
	if len(t.e) == cap(t.e) || t.used >= ttSlots*3/4 {
		t.next()
	}
	sl := t.slot(lens, leader)
	if sl.gen != t.gen {
		*sl = slot{lens: lens, first: -1, leader: uint8(leader), gen: t.gen}
		t.used++
	}
	for i := sl.first; i >= 0; i = t.e[i].next {
		e := &t.e[i]
		if e.top == *top {
			e.lo, e.hi = max(e.lo, int8(lo)), min(e.hi, int8(hi))
			if best != noBest {
				e.best = best
			}
			return
		}
	}
	t.e = append(t.e, entry{top: *top, next: sl.first, lo: int8(lo), hi: int8(hi), best: best})
	sl.first = int32(len(t.e) - 1)
}
