package dd

// The transposition table: 2^ttBits buckets of ttWays entries.
const (
	ttBits = 17
	ttWays = 8
)

// entry holds what is known of a class of positions at the start of a
// trick: bounds on the tricks North–South take, which hold in every
// position with the same leader, the same number of cards in each suit in
// each hand, and, in each suit, the same holders of the top cards that
// decided the search; and the lead that settled it.
type entry struct {
	lens   uint64    // the length of each hand in each suit, four bits each: [seat][suit]
	top    [4]uint32 // per suit: the holders of the top cards, two bits each, highest first, then their number in the low four bits
	lo, hi int8      // North–South take at least lo and at most hi tricks
	leader uint8
	left   int8  // tricks left, the cost of finding the bounds again
	gen    uint8 // the search that stored it; 0 for a free slot
	best   uint8 // the lead that settled it, suit<<4 | relative rank; noBest if none
}

// noBest marks an entry without a best lead.
const noBest = 0xff

// table is a fixed-size transposition table. Entries of earlier
// searches are not cleared but told apart by their generation, so
// starting a search costs nothing.
type table struct {
	e   []entry
	gen uint8
}

// next starts a new search: the entries stored so far no longer count.
func (t *table) next() {
	if t.e == nil {
		t.e = make([]entry, ttWays<<ttBits)
	}
	t.gen++
	if t.gen == 0 {
		// After 255 searches the generations come round again: clear the
		// table so that no entry of an old search passes for a new one.
		clear(t.e)
		t.gen = 1
	}
}

// bucket returns the entries that positions of the given lengths and
// leader may occupy.
func (t *table) bucket(lens uint64, leader int) []entry {
	h := (lens + uint64(leader)) * 0x9e3779b97f4a7c15
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	i := int(h>>(64-ttBits)) * ttWays
	return t.e[i : i+ttWays : i+ttWays]
}

// matches reports whether e holds for the position of the given lengths
// and leader whose suits have the holder patterns pat (two bits a card,
// highest first) of n cards each.
func (e *entry) matches(lens uint64, leader int, pat *[4]uint32, n *[4]int) bool {
	if e.lens != lens || int(e.leader) != leader {
		return false
	}
	for s := range 4 {
		k := int(e.top[s] & 15)
		if pat[s]>>(2*(n[s]-k)) != e.top[s]>>4 {
			return false
		}
	}
	return true
}

// store records that North–South take at least lo and at most hi tricks
// in the class of positions of e's key (lens, leader, top). An entry of
// the same class is narrowed; else the new entry takes a free slot, else
// the slot of an earlier search's entry, else that of the entry with the
// fewest tricks left.
func (t *table) store(k *entry) {
	b := t.bucket(k.lens, int(k.leader))
	victim := -1
	for i := range b {
		e := &b[i]
		if e.gen != t.gen {
			if victim < 0 || b[victim].gen == t.gen {
				victim = i
			}
			continue
		}
		if e.lens == k.lens && e.leader == k.leader && e.top == k.top {
			e.lo, e.hi = max(e.lo, k.lo), min(e.hi, k.hi)
			if k.best != noBest {
				e.best = k.best
			}
			return
		}
		if victim < 0 || (b[victim].gen == t.gen && e.left < b[victim].left) {
			victim = i
		}
	}
	b[victim] = *k
	b[victim].gen = t.gen
}
