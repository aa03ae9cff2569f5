package corpus

import (
	"io"
	"iter"
	"strings"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/charset"
	"github.com/bridgekit/bridgekit/parser/usebio"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// usebioReading reads the boards of a USEBIO results file, one BOARD
// element at a time (package usebio streams the document).
type usebioReading struct {
	st *fileState
	rd *usebio.Reader
	// matches gathers, in file order, what the units state of matches
	// and of their participants' totals, checked at the file's end.
	matches *scoring.MatchTotals
	gen     string // the program that wrote the file, as its first EVENT names it
}

func newUSEBIOReading(st *fileState, r io.Reader) *usebioReading {
	return &usebioReading{st: st, rd: usebio.NewReader(r, st.name), matches: scoring.NewMatchTotals()}
}

func (r *usebioReading) units() iter.Seq2[*usebio.Unit, error] { return r.rd.Units() }
func (r *usebioReading) size(u *usebio.Unit) int               { return u.Size() }
func (r *usebioReading) parser() (func(*usebio.Unit) *usebio.Unit, func()) {
	return func(u *usebio.Unit) *usebio.Unit { return u }, func() {}
}
func (r *usebioReading) admit(u *usebio.Unit) {
	if u.EventFirst && r.gen == "" && u.Event != nil {
		r.gen = strings.TrimSpace(strings.TrimSpace(u.Event.Get("PROGRAM_NAME")) + " " + strings.TrimSpace(u.Event.Get("PROGRAM_VERSION")))
	}
	convert.AddUSEBIOMatches(r.matches, r.st.name, u)
}
func (r *usebioReading) context(*usebio.Unit) []*usebio.Unit { return nil }

func (r *usebioReading) diagnostics() diag.List { return r.rd.Diagnostics() }

func (r *usebioReading) converter([]*usebio.Unit) func(*Part, *usebio.Unit) {
	var ck, lck record.Checker
	return func(p *Part, u *usebio.Unit) {
		b, mapped := convert.FromUSEBIO(r.st.name, u)
		session := joinKnown(u.Session.Get("SESSION_ID"), u.Section.Get("SECTION_ID"), u.Event.Get("DATE"))
		match := ""
		if u.Match != nil {
			match = matchName(u.Match.Get("TEAM"), u.Match.Get("OPPOSING_TEAM"))
		}
		// The checks count the board's numbers afresh: what the mapping
		// counts (the numbers bridgekit does not recompute) is added after.
		counted := b.Coverage
		r.st.board(p, &ck, b, mapped, nil, u.Board.Pos, b.Event.Value, session, match)
		p.Report.Coverage.Merge(&counted)
		// Each section is a field of its own, ranked by its participants.
		last := p.Boards[len(p.Boards)-1]
		last.totalsScope = u.Field
		// The method is the event's, not the board's: an unknown one is
		// said on the event's first board only (each board's numbers are
		// still counted unchecked for it).
		kept := last.Findings[:0]
		for _, d := range last.Findings {
			if d.Code == diag.ScoringUnknown {
				if !u.EventFirst {
					continue
				}
				d.Message += " (reported once, on the event's first board)"
			}
			kept = append(kept, d)
		}
		last.Findings = kept
		checkLINData(p, last, b, u, &lck)
	}
}

func (r *usebioReading) finish(p *Part, diags diag.List) {
	enc := charset.Encoding{Name: r.rd.Encoding(), Reason: "declared in the XML prolog", Certain: true}
	r.st.finishFile(p, enc, r.gen, diags)
	// Known only now: the totals against every match of the file, after
	// its last board (Part.late).
	for _, d := range r.matches.Check(&p.Report.Coverage) {
		p.addLate(len(p.Boards), d)
		p.Report.AddFinding(d)
	}
}
