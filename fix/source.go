package fix

import (
	"bytes"
	"errors"
	"io"
	"maps"
	"slices"

	"github.com/bridgekit/bridgekit/corpus"
)

// A Fixed is what Source made of a file: its text with the proved edits
// made, the edits, and what was left alone, with why.
type Fixed struct {
	Text  []byte
	Edits []Edit
	Left  []Edit
}

// Source fixes the PBN or LIN text src, named name in findings, with the
// kinds wanted (as for Plan), as the fix command does: it plans the
// edits, makes them, and proves them (Prove), leaving alone the boards
// whose edits do not prove out. It is the library form of `bridgekit
// fix`, for a text held in memory; the command streams files of any size
// the same way. The error is one of Apply's: a text whose places do not
// map back to its bytes.
func Source(name string, src []byte, wanted map[Kind]bool) (Fixed, error) {
	opts := corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true}
	p := corpus.Process(name, bytes.NewReader(src), opts)
	fx := Fixed{Text: src}
	if p.Err != nil {
		return fx, p.Err
	}
	edits, left := PlanAll(p, wanted)
	fx.Left = left
	enc := "UTF-8"
	for e := range maps.Keys(p.Report.Encodings) {
		enc = e
	}
	for round := 0; len(edits) > 0; round++ {
		var out bytes.Buffer
		if err := Apply(&out, bytes.NewReader(src), enc, edits); err != nil {
			return fx, err
		}
		t := NewTally()
		t.AddPart(p)
		made := make([]MadeEdit, len(edits))
		for i, e := range edits {
			made[i] = e.Made()
		}
		failed, err := Prove(name, func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(out.Bytes())), nil }, t, made, wanted)
		if err != nil {
			return fx, err
		}
		if len(failed) == 0 {
			fx.Text, fx.Edits = out.Bytes(), edits
			return fx, nil
		}
		if round == 3 {
			return fx, errors.New("its edits did not prove out after three rounds")
		}
		edits = slices.DeleteFunc(edits, func(e Edit) bool {
			why, ok := failed[e.Game]
			if ok {
				e.Reason += "; left alone: its edits do not prove out: " + why
				fx.Left = append(fx.Left, e)
			}
			return ok
		})
	}
	return fx, nil
}
