package dd

// The transposition table: 2^ttBits buckets of ttWays entries.
const (
	ttBits = 19
	ttWays = 4
)

// entry holds what is known of one position at the start of a trick:
// bounds on the tricks North–South take from there, and the lead that
// last settled a search of it.
type entry struct {
	k0, k1 uint64 // the key; k0 is never 0 for a stored position
	lo, hi int8   // North–South take at least lo and at most hi tricks
	left   int8   // tricks left, the cost of finding the bounds again
	gen    uint8  // the search that stored it
	best   uint8  // the lead that settled it, suit<<4 | relative rank; noBest if none
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

// bucket returns the entries that key k0, k1 may occupy.
func (t *table) bucket(k0, k1 uint64) []entry {
	h := (k0*0x9e3779b97f4a7c15 ^ k1*0xc2b2ae3d27d4eb4f)
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	i := int(h>>(64-ttBits)) * ttWays
	return t.e[i : i+ttWays : i+ttWays]
}

// find returns the entry of the current search for the key, or nil.
func (t *table) find(k0, k1 uint64) *entry {
	b := t.bucket(k0, k1)
	for i := range b {
		if e := &b[i]; e.k0 == k0 && e.k1 == k1 && e.gen == t.gen {
			return e
		}
	}
	return nil
}

// store records bounds lo, hi and the best lead for the key, a position
// with left tricks to play, replacing what the bucket held for it; else a
// free slot, else an entry of an earlier search, else the entry with the
// fewest tricks left.
func (t *table) store(k0, k1 uint64, lo, hi, left int, best uint8) {
	b := t.bucket(k0, k1)
	victim := -1
	for i := range b {
		e := &b[i]
		if e.gen != t.gen {
			if victim < 0 || b[victim].gen == t.gen {
				victim = i
			}
			continue
		}
		if e.k0 == k0 && e.k1 == k1 {
			victim = i
			break
		}
		if victim < 0 || (b[victim].gen == t.gen && e.left < b[victim].left) {
			victim = i
		}
	}
	b[victim] = entry{k0: k0, k1: k1, lo: int8(lo), hi: int8(hi), left: int8(left), gen: t.gen, best: best}
}
