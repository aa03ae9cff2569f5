//go:build cgo

package ddsref

/*
#cgo LDFLAGS: -ldds
#include <dds/dll.h>
*/
import "C"

import (
	"fmt"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/scoring"
)

// SetThreads tells DDS how many threads it may use; 1 makes it solve on
// the calling thread alone, as a fair comparison with one Go solver needs.
func SetThreads(n int) { C.SetMaxThreads(C.int(n)) }

// ddsSuit maps DDS's suit index (spades first) to bridgekit's, and
// ddsStrain its strain index (spades, hearts, diamonds, clubs, no trump).
var (
	ddsSuit   = [4]auction.Suit{auction.Spade, auction.Heart, auction.Diamond, auction.Club}
	ddsStrain = [5]auction.Strain{auction.Spades, auction.Hearts, auction.Diamonds, auction.Clubs, auction.NoTrump}
)

// Table returns DDS's double-dummy table of d, a whole deal, indexed
// [declarer][strain] as [scoring.DDTable] is. DDS's hands are North,
// East, South, West, as bridgekit's seats are, and its cards a bit per
// rank, bit 2 for the two, as [auction.Hand.Ranks] gives them.
func Table(d auction.Deal) (scoring.DDTable, error) {
	var t scoring.DDTable
	var in C.struct_ddTableDeal
	for seat := range 4 {
		for i, s := range ddsSuit {
			in.cards[seat][i] = C.uint(d[seat].Ranks(s))
		}
	}
	var out C.struct_ddTableResults
	if rc := C.CalcDDtable(in, &out); rc != C.RETURN_NO_FAULT {
		var msg [80]C.char
		C.ErrorMessage(rc, &msg[0])
		return t, fmt.Errorf("ddsref: CalcDDtable of %v: %s (code %d)", d, C.GoString(&msg[0]), int(rc))
	}
	for i, st := range ddsStrain {
		for seat := range 4 {
			t[seat][st] = int8(out.resTable[i][seat])
		}
	}
	return t, nil
}
