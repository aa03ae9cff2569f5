package dd

import "math/bits"

// The transposition table's capacity: ttBlocks blocks of blockSize
// entries, and a directory of ttSlots lists of blocks, one list per
// leader and set of suit lengths.
const (
	blockSize = 6
	ttBlocks  = 5 << 16
	ttSlots   = 1 << 19
)

// block holds entries of one list side by side, so that reading a list
// mostly reads memory in order: 128 bytes, two cache lines, the keys
// that a lookup compares first. An entry holds what is known of a class
// of positions at the start of a trick: bounds on the tricks North–South
// take, which hold in every position with the same leader, the same
// number of cards in each suit in each hand, and, in each suit, the same
// holders of the top cards that decided the search; and the lead that
// settled it.
type block struct {
	key  [blockSize]ttKey // per entry, the holders of the top cards of each suit and their number
	lo   [blockSize]int8  // per entry, North–South take at least lo tricks
	hi   [blockSize]int8  // and at most hi
	best [blockSize]uint8 // the lead that settled it, suit<<4 | relative rank; noBest if none
	n    int8             // entries in use
	prev int32            // the block filled before this one, or -1
	_    [8]byte
}

// ttKey is an entry's key: for each suit, the top k bits of each plane
// of its [patKeys] key, the two planes 26 bits, with k beside them: clubs
// and diamonds in the first word (bits 0 and 26, their k at bits 52 and
// 56), hearts and spades in the second.
type ttKey [2]uint64

// ttMask[k1<<4|k0] keeps, of a word of a [ttKey], the bits that k0 and
// k1 fix: the top k0 bits of each plane of the suit at bit 0 and the top
// k1 of the suit at bit 26. The bits of the ks are outside it.
var ttMask = func() (m [256]uint64) {
	for k0 := range 14 {
		for k1 := range 14 {
			m[k1<<4|k0] = uint64(planeMask[k0]) | uint64(planeMask[k1])<<26
		}
	}
	return m
}()

// posKey is a position's keys of the holders of the cards of each suit
// (see [patKeys]) in the layout of [ttKey], with no k.
func posKey(pk *patKeys) ttKey {
	return ttKey{uint64(pk[0]) | uint64(pk[1])<<26, uint64(pk[2]) | uint64(pk[3])<<26}
}

// entryKey returns the key of the holders of the top k[suit] cards of
// each suit, for a position of keys pk.
func entryKey(pk *patKeys, k *[4]int) ttKey {
	var key ttKey
	for suit := range 4 {
		w, sh := suit>>1, 26*(suit&1)
		key[w] |= uint64(pk[suit]&planeMask[k[suit]])<<sh | uint64(k[suit])<<(52+4*(suit&1))
	}
	return key
}

// k returns the number of top cards of suit the key fixes.
func (key *ttKey) k(suit int) int {
	return int(key[suit>>1] >> (52 + 4*(suit&1)) & 15)
}

// matches reports whether an entry of key holds for a position of key
// p (see [posKey]): the entries of one list have the position's suit
// lengths, so each of their suits names how many top cards it fixes.
// An entry's key holds no bit outside the mask of its ks, so the planes
// it fixes agree when the masked difference is nothing.
func (key *ttKey) matches(p *ttKey) bool {
	return (key[0]^p[0])&ttMask[key[0]>>52&255]|(key[1]^p[1])&ttMask[key[1]>>52&255] == 0
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
// by suit lengths and leader. The directory starts small, so that the
// slots a search reads stay in the processor's caches, and doubles when
// it is three-quarters full, up to ttSlots. When the blocks or the whole
// directory run out, the table is emptied and fills again. Slots of
// earlier searches are told apart by their generation, so starting a
// search costs nothing.
type table struct {
	b     []block
	slots []slot // ttSlots of them, of which the first size are in use
	size  int    // the directory's size, a power of two
	shift uint   // 64 less the bits of size: a hash's top bits index the directory
	used  int    // slots in use
	gen   uint8
	moved []slot // the slots being moved when the directory doubles
}

// ttFirstSlots is the size of the directory at the start of a search:
// 128 KiB, where most searches use a few thousand slots.
const ttFirstSlots = 1 << 13

// next starts a new search: the entries stored so far no longer count.
func (t *table) next() {
	if t.b == nil {
		t.b = make([]block, 0, ttBlocks)
		t.slots = make([]slot, ttSlots)
	}
	t.b, t.used = t.b[:0], 0
	t.size, t.shift = ttFirstSlots, uint(64-bits.TrailingZeros(ttFirstSlots))
	t.gen++
	if t.gen == 0 {
		// After 255 searches the generations come round again: clear the
		// directory so that no slot of an old search passes for a new one.
		clear(t.slots)
		t.gen = 1
	}
}

// grow doubles the directory, moving its slots to their new places.
func (t *table) grow() {
	t.moved = t.moved[:0]
	for _, sl := range t.slots[:t.size] {
		if sl.gen == t.gen {
			t.moved = append(t.moved, sl)
		}
	}
	t.size, t.shift = 2*t.size, t.shift-1
	clear(t.slots[:t.size])
	for _, sl := range t.moved {
		*t.slot(sl.lens, int(sl.leader)) = sl
	}
}

// slot returns the slot of the lengths and leader, or, when there is
// none, the free slot where it would go.
func (t *table) slot(lens uint64, leader int) *slot {
	h := (lens + uint64(leader)) * 0x9e3779b97f4a7c15
	mask := t.size - 1
	for i := int(h>>t.shift) & mask; ; i = (i + 1) & mask {
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

// store records that North–South take at least lo and at most hi tricks
// in the class of positions of lens, leader and top. An entry of the same
// class in the newest block is narrowed; else a new entry is added.
func (t *table) store(lens uint64, leader int, key *ttKey, lo, hi int, best uint8) {
	if t.used >= t.size*3/4 {
		if t.size < ttSlots {
			t.grow()
		} else {
			t.next()
		}
	}
	sl := t.slot(lens, leader)
	if sl.gen != t.gen {
		*sl = slot{lens: lens, last: -1, leader: uint8(leader), gen: t.gen}
		t.used++
	}
	if sl.last >= 0 {
		b := &t.b[sl.last]
		for i := range b.n {
			if b.key[i] == *key {
				b.lo[i], b.hi[i] = max(b.lo[i], int8(lo)), min(b.hi[i], int8(hi))
				if best != noBest {
					b.best[i] = best
				}
				return
			}
		}
	}
	if sl.last < 0 || t.b[sl.last].n == blockSize {
		if len(t.b) == cap(t.b) {
			t.next()
			t.store(lens, leader, key, lo, hi, best)
			return
		}
		t.b = append(t.b, block{prev: sl.last})
		sl.last = int32(len(t.b) - 1)
	}
	b := &t.b[sl.last]
	i := b.n
	b.key[i], b.lo[i], b.hi[i], b.best[i] = *key, int8(lo), int8(hi), best
	b.n++
}
