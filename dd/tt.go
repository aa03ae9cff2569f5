package dd

import "math/bits"

// The transposition table's capacity: ttCells cells of 16 bytes for the
// entries and the headers of their runs, and a directory of ttSlots
// lists of runs, one list per leader and set of suit lengths.
const (
	ttCells    = 10 << 18
	ttSlots    = 1 << 18
	ttSegments = 8 // see table.live
)

// A list's entries lie in runs: a header cell, then the entries side by
// side, so that reading a list reads memory in order and waits for it
// only once a run. A list's first run holds runFirst-1 entries and each
// later one half as many cells again as the one before, in fours, up to
// runMost: the long lists of a hard deal, which a lookup reads from end
// to end, cost a few waits, not one every six entries as blocks of
// fixed size did, and the short ones waste little. Sizes in fours keep
// a run's header and first entries in one cache line.
const (
	runFirst = 4
	runMost  = 64
)

// ttKey is an entry: for each suit, the top k bits of each plane of its
// [patKeys] key, the two planes 26 bits, with k beside them: clubs and
// diamonds in the first word (bits 0 and 26, their k at bits 52 and 56),
// hearts and spades in the second. The top four bits of the first word
// hold lo, of the second hi: North–South take at least lo and at most
// hi tricks in every position of the entry's class. An entry holds what
// is known of a class of positions at the start of a trick: those with
// the same leader, the same number of cards in each suit in each hand,
// and, in each suit, the same holders of the top cards that decided the
// search. A run's header is a cell of the same type (see [table]).
type ttKey [2]uint64

// boundShift is where lo and hi lie in the words of a [ttKey].
const boundShift = 60

// bounds returns an entry's lo and hi.
func (key *ttKey) bounds() (lo, hi int) {
	return int(key[0] >> boundShift), int(key[1] >> boundShift)
}

// class returns an entry's key without its bounds.
func (key *ttKey) class() ttKey {
	const m = 1<<boundShift - 1
	return ttKey{key[0] & m, key[1] & m}
}

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
// An entry's key holds no plane bit outside the mask of its ks, so the
// planes it fixes agree when the masked difference is nothing.
func (key *ttKey) matches(p *ttKey) bool {
	return (key[0]^p[0])&ttMask[key[0]>>52&255]|(key[1]^p[1])&ttMask[key[1]>>52&255] == 0
}

// slot heads the list of entries of one leader and set of suit lengths:
// the header of its newest run.
type slot struct {
	lens   uint64 // the length of each hand in each suit, four bits each: [seat][suit]
	last   int32  // the cell of the newest run's header, or -1
	epoch  uint16 // the epoch the newest run was written in
	leader uint8
	gen    uint8 // the search that filled it; a slot of another is free
}

// noBest marks an entry without a best lead.
const noBest = 0xff

// table is a fixed-size transposition table: runs of entries in one
// array of cells, each list of them headed by a slot of a directory
// open-addressed by suit lengths and leader (see runHeader for a run's
// header cell). The directory starts small, so that the slots a search
// reads stay in the processor's caches, and doubles when it is
// three-quarters full, up to ttSlots. When the cells run out, the oldest of their segments is
// filled again (see live); when the directory does, the table is
// emptied. Slots of earlier searches are told apart by their
// generation, so starting a search costs nothing.
type table struct {
	c     []ttKey // ttCells cells, filled a segment at a time
	top   int     // the next free cell
	end   int     // the end of the segment being filled
	epoch uint16  // counts the segments filled: see live
	best  []uint8 // per cell, its entry's lead that settled it: suit<<4 | relative rank, or noBest
	slots []slot  // ttSlots of them, of which the first size are in use
	size  int     // the directory's size, a power of two
	shift uint    // 64 less the bits of size: a hash's top bits index the directory
	used  int     // slots in use
	gen   uint8
	moved []slot // the slots being moved when the directory doubles
}

// run returns the entries of the run whose header is at cell h, oldest
// first, and the header of the run before it, or -1 when there is none
// or it is no longer live. The entries' cells, and so their best leads,
// start at h+1.
func (t *table) run(h int32) (entries []ttKey, prev int32) {
	hd := &t.c[h]
	prev = int32(uint32(hd[0]))
	if !t.live(uint16(hd[0] >> 32)) {
		prev = -1
	}
	return t.c[h+1 : h+1+int32(hd.runLen())], prev
}

// runHeader returns the header cell of a run of size cells, room for
// size-1 entries, whose list's run before it is at cell prev (-1 for
// none), written in epoch: prev and epoch in the first word, the number
// of entries, none yet, and the room in the second.
func runHeader(prev int32, epoch uint16, size int) ttKey {
	return ttKey{uint64(uint32(prev)) | uint64(epoch)<<32, uint64(size-1) << 16}
}

// runLen and runRoom return the entries a run's header counts and the
// most it has room for.
func (hd *ttKey) runLen() int  { return int(hd[1] & 0xffff) }
func (hd *ttKey) runRoom() int { return int(hd[1] >> 16) }

// live reports whether the runs written in epoch e are still there. The
// cells are filled one segment at a time, each an epoch, and a run
// names the epoch of the run before it: when the cells run out, the
// oldest segment is filled again, and only the entries written in it
// are lost. Emptying the whole table instead made the searches that
// outgrow it longer by half: with the cells cut to a fifth, the table of
// the hardest deal found searched 76.0 million positions so, and 53.4
// million this way.
func (t *table) live(e uint16) bool {
	return t.epoch-e < ttSegments
}

// ttFirstSlots is the size of the directory at the start of a search:
// 128 KiB, where most searches use a few thousand slots.
const ttFirstSlots = 1 << 13

// next starts a new search: the entries stored so far no longer count.
func (t *table) next() {
	if t.c == nil {
		t.c = make([]ttKey, ttCells)
		t.best = make([]uint8, ttCells)
		t.slots = make([]slot, ttSlots)
	}
	t.used = 0
	t.epoch += ttSegments - 1 // nothing of the search before is live after the next
	t.nextSegment()
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

// nextSegment starts the next epoch, filling again the segment of the
// cells that the oldest live epoch filled.
func (t *table) nextSegment() {
	t.epoch++
	t.top = int(t.epoch%ttSegments) * (ttCells / ttSegments)
	t.end = t.top + ttCells/ttSegments
}

// last returns the header of the newest run of the list for lens and
// leader, or -1.
func (t *table) last(lens uint64, leader int) int32 {
	sl := t.slot(lens, leader)
	if sl.gen != t.gen || !t.live(sl.epoch) {
		return -1
	}
	return sl.last
}

// store records that North–South take at least lo and at most hi tricks
// in the class of positions of lens, leader and key. An entry of the
// same class in the newest run is narrowed; else a new entry is added.
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
	h := sl.last
	if !t.live(sl.epoch) {
		h = -1
	}
	if h >= 0 {
		entries, _ := t.run(h)
		for i := range entries {
			e := &entries[i]
			if e.class() == *key {
				elo, ehi := e.bounds()
				*e = entry(key, max(elo, lo), min(ehi, hi))
				if best != noBest {
					t.best[h+1+int32(i)] = best
				}
				return
			}
		}
	}
	if h < 0 || t.c[h].runLen() == t.c[h].runRoom() {
		size := runFirst
		if h >= 0 {
			size = min((3*(t.c[h].runRoom()+1)/2+3)&^3, runMost) // 4, 8, 12, 20, 32, 48, 64
		}
		if t.top+size > t.end {
			t.nextSegment()
			if !t.live(sl.epoch) {
				h = -1
			}
		}
		nh := int32(t.top)
		t.top += size
		t.c[nh] = runHeader(h, sl.epoch, size)
		h, sl.last, sl.epoch = nh, nh, t.epoch
	}
	hd := &t.c[h]
	i := h + 1 + int32(hd.runLen())
	t.c[i], t.best[i] = entry(key, lo, hi), best
	hd[1]++ // one more entry
}

// entry returns the entry of key with bounds lo and hi.
func entry(key *ttKey, lo, hi int) ttKey {
	return ttKey{key[0] | uint64(lo)<<boundShift, key[1] | uint64(hi)<<boundShift}
}
