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
	header *lin.Record
	notes  []*lin.Record
}

func newLINReading(st *fileState, r io.Reader) *linReading {
	rd := lin.NewReader(r, st.name)
	if st.opts.Encoding != "" {
		rd.UseEncoding(st.opts.Encoding)
	}
	return &linReading{st: st, rd: rd}
}

func (r *linReading) size(rec *lin.Record) int { return rec.End.Offset - rec.Pos.Offset }

// parser returns a function that checks the values of a record, which
// the reader cut from the file and read into pairs.
func (r *linReading) parser() func(*lin.Record) *lin.Record {
	return func(rec *lin.Record) *lin.Record {
		rec.Check()
		return rec
	}
}

func (r *linReading) units() iter.Seq2[*lin.Record, error] {
	return func(yield func(*lin.Record, error) bool) {
		for rec, err := range r.rd.RecordsApart() {
			var d *diag.Diagnostic
			if errors.As(err, &d) {
				r.extra.Add(*d)
				continue
			}
			if !yield(rec, err) {
				return
			}
		}
	}
}

func (r *linReading) diagnostics() diag.List {
	return append(slices.Clip(r.rd.Diagnostics()), r.extra...)
}

func (r *linReading) admit(rec *lin.Record) {
	switch rec.Kind {
	case lin.Header:
		r.header, r.notes = rec, nil
	case lin.Notes:
		r.notes = append(r.notes, rec)
	default:
		r.notes = nil
	}
}

func (r *linReading) context(*lin.Record) []*lin.Record {
	var ctx []*lin.Record
	if r.header != nil {
		ctx = append(ctx, r.header)
	}
	return append(ctx, r.notes...)
}

func (r *linReading) converter(ctx []*lin.Record) func(*Part, *lin.Record) {
	conv := convert.NewLINConverter(r.st.name)
	var ck record.Checker
	started := false
	return func(p *Part, rec *lin.Record) {
		if !started {
			started = true
			for _, c := range ctx {
				conv.Convert(c)
			}
		}
		if !r.st.opts.Boards {
			conv.Reuse(spareBoard())
		}
		b, mapped := conv.Convert(rec)
		if b != nil {
			segment, match := "", ""
			if v := b.LIN.Vugraph; v != nil {
				segment, match = v.Fields[1], matchName(v.Fields[5], v.Fields[7])
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
	r.st.finishFile(p, r.rd.Encoding(), "", diags)
}
