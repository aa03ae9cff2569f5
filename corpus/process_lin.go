package corpus

import (
	"errors"
	"io"
	"iter"
	"slices"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/record"

	"github.com/bridgekit/bridgekit/convert"
)

// linReading reads the records of a LIN input: a LIN file of any form, a
// handviewer link, or a web page with LIN in it.
type linReading struct {
	st *fileState
	rd *lin.Reader
	// extra holds the reader's findings about text outside any record,
	// which it yields in place of a record.
	extra diag.List
	// header is the last vugraph header record and notes the notes records
	// since the last board: what a LINConverter needs before the next
	// board, so a batch that starts there converts them again first.
	header linRecord
	notes  []linRecord
}

// linRecord is a record, the arena its pairs were read into and the one
// its calls and cards were, once it is checked.
type linRecord struct {
	*lin.Record
	arena, checked *arena
}

// hold and release hold and release the record's arenas.
func (r linRecord) hold() {
	r.arena.hold()
	if r.checked != nil {
		r.checked.hold()
	}
}

func (r linRecord) release() {
	r.arena.release()
	if r.checked != nil {
		r.checked.release()
	}
}

func newLINReading(st *fileState, r io.Reader) *linReading {
	rd := lin.NewReader(r, st.name)
	if st.opts.Encoding != "" {
		rd.UseEncoding(st.opts.Encoding)
	}
	return &linReading{st: st, rd: rd}
}

func (r *linReading) size(rec linRecord) int { return rec.End.Offset - rec.Pos.Offset }

// parser returns a function that checks the values of a record, which
// the reader cut from the file and read into pairs, reading its calls and
// cards into arenas of the worker's.
func (r *linReading) parser() (func(linRecord) linRecord, func()) {
	var into *lin.Arena
	s := &arenas{use: func(a *arena) { into = &a.lin }}
	return func(rec linRecord) linRecord {
		s.start()
		rec.CheckInto(into)
		rec.checked = s.took(r.size(rec))
		return rec
	}, s.done
}

// units yields the records, each holding the arena it was read into. A
// record is read before it is yielded, so the one the reader reads next
// goes into the arena it is given after the yield.
func (r *linReading) units() iter.Seq2[linRecord, error] {
	return func(yield func(linRecord, error) bool) {
		s := &arenas{use: func(a *arena) { r.rd.UseArena(&a.lin) }}
		s.start()
		defer s.done()
		for rec, err := range r.rd.RecordsApart() {
			if err != nil { // apart from the call: errors.As puts d on the heap
				if d := (*diag.Diagnostic)(nil); errors.As(err, &d) {
					r.extra.Add(*d)
					continue
				}
			}
			u := linRecord{Record: rec}
			if rec != nil {
				u.arena = s.took(r.size(u))
			}
			if !yield(u, err) {
				return
			}
		}
	}
}

func (r *linReading) diagnostics() diag.List {
	return append(slices.Clip(r.rd.Diagnostics()), r.extra...)
}

func (r *linReading) admit(rec linRecord) {
	switch rec.Kind {
	case lin.Header:
		rec.hold()
		r.dropContext()
		r.header = rec
	case lin.Notes:
		rec.hold()
		r.notes = append(r.notes, rec)
	default:
		r.dropNotes()
	}
}

// dropNotes lets go of the notes records kept for the next batch.
func (r *linReading) dropNotes() {
	for _, n := range r.notes {
		n.release()
	}
	r.notes = nil
}

// dropContext lets go of every record kept for the next batch.
func (r *linReading) dropContext() {
	r.dropNotes()
	if r.header.Record != nil {
		r.header.release()
		r.header = linRecord{}
	}
}

func (r *linReading) context(linRecord) []linRecord {
	var ctx []linRecord
	if r.header.Record != nil {
		ctx = append(ctx, r.header)
	}
	ctx = append(ctx, r.notes...)
	for _, c := range ctx {
		c.hold()
	}
	return ctx
}

func (r *linReading) converter(ctx []linRecord) func(*Part, linRecord) {
	conv := convert.NewLINConverter(r.st.name)
	var ck record.Checker
	var names matchNames
	started := false
	return func(p *Part, rec linRecord) {
		defer rec.release()
		if !started {
			started = true
			for _, c := range ctx {
				conv.Convert(c.Record)
				c.release()
			}
		}
		if !r.st.opts.Boards && rec.Kind != lin.Header && rec.Kind != lin.Notes {
			// Only a board's record takes the board given: one given for
			// a header would be dropped by the next.
			conv.Reuse(spareBoard())
		}
		b, mapped := conv.Convert(rec.Record)
		if b != nil {
			segment, match := "", ""
			if v := b.LIN.Vugraph; v != nil {
				segment, match = v.Fields[1], names.of(v.Fields[5], v.Fields[7])
			}
			r.st.board(p, &ck, b, mapped, rec.Diagnostics, rec.Pos, b.Event.Value, joinKnown(segment, b.Date.Value), match)
			if !r.st.opts.Boards {
				spareBoards.Put(b)
			}
			return
		}
		// A header or notes record: what is wrong in it is about the file.
		r.st.fileDiagnostics(p, rec.Diagnostics)
		for _, f := range mapped {
			f.File, f.Game, f.Message = r.st.name, rec.Game, clipQuotes(f.Message)
			p.Findings = append(p.Findings, f)
		}
		p.Findings.Sort()
	}
}

func (r *linReading) finish(p *Part, diags diag.List) {
	r.dropContext()
	r.st.finishFile(p, r.rd.Encoding(), "", diags)
}
