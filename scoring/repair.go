package scoring

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/record"
)

// A ScoreRepair is a traveller row's score that its contract and result,
// and the row's own matchpoints, prove wrong: the cell, the text to write
// there, and the evidence.
type ScoreRepair struct {
	Cell     record.Cell
	Text     string // the score, from the cell's side (Score_EW's is EW's), without quotes
	Evidence string
}

// ScoreRepairs returns the repairs of a board's traveller rows whose
// written score differs from that of their contract and result, where the
// rows' matchpoints, recomputed across the traveller, agree with the
// contract's score and not with the written one. A row whose points fit
// both scores, or neither, proves nothing and gets none: open says such
// rows, naming both readings. A traveller not scored in matchpoints gets
// none either.
func ScoreRepairs(b *record.Board) (repairs []ScoreRepair, open []string) {
	m, err := ParseMethod(b.Scoring.Value)
	if err != nil || m.Base == IMP || m.Base == BAM || !b.VulnerableKnown {
		return nil, nil
	}
	tr := ReadTraveller(b, m.OldMP)
	if tr == nil {
		return nil, nil
	}
	rs := make([]Result, 0, len(tr.Rows))
	at := make([]int, len(tr.Rows))
	for i := range tr.Rows {
		r := &tr.Rows[i]
		if r.Artificial || r.Blank || !r.ScoreKnown && !r.ContractKnown {
			return nil, nil // the rows played are not all scored: no evidence
		}
		at[i] = len(rs)
		ns := r.NS
		if r.ContractKnown {
			ns = tr.scoreOf(r)
		}
		rs = append(rs, Result{NS: ns, Count: r.Count})
	}
	var out []ScoreRepair
	for i := range tr.Rows {
		r := &tr.Rows[i]
		if !r.ContractKnown || !r.ScoreKnown || r.NS == tr.scoreOf(r) {
			continue
		}
		stated, cell, ok := r.number("MP_NS")
		if !ok {
			continue
		}
		right := Matchpoints(rs, m.Counting)[at[i]]
		written := append([]Result(nil), rs...)
		written[at[i]].NS = r.NS
		wrong := Matchpoints(written, m.Counting)[at[i]]
		fits := func(v float64) bool {
			return asWritten(cell.Text, stated, v) || m.Counting == MP1 && asWritten(cell.Text, stated, v/2)
		}
		switch mp := strings.TrimSpace(trim(stated)); {
		case fits(right) && fits(wrong):
			open = append(open, fmt.Sprintf("row %d: its MP_NS %s fits NS %d as written and NS %d of %s by %s taking %d alike: either may be the score entered",
				r.N, mp, r.NS, tr.scoreOf(r), r.Contract, r.Contract.Declarer, r.Tricks))
			continue
		case !fits(right):
			open = append(open, fmt.Sprintf("row %d: its MP_NS %s fits neither NS %d as written nor NS %d of %s by %s taking %d",
				r.N, mp, r.NS, tr.scoreOf(r), r.Contract, r.Contract.Declarer, r.Tricks))
			continue
		}
		col, sign := "Score_NS", 1
		c, present := r.Column(col)
		if !present {
			col, sign = "Score_EW", -1
			c, _ = r.Column(col)
		}
		out = append(out, ScoreRepair{Cell: c, Text: strconv.Itoa(sign * tr.scoreOf(r)), Evidence: fmt.Sprintf(
			"row %d: %s by %s taking %d scores NS %d, not NS %d, and its %s %s is the matchpoints of NS %d across the traveller, not of NS %d",
			r.N, r.Contract, r.Contract.Declarer, r.Tricks, tr.scoreOf(r), r.NS, "MP_NS", strings.TrimSpace(trim(stated)), tr.scoreOf(r), r.NS)})
	}
	return out, open
}
