package corpus

import (
	"bytes"
	"fmt"
	"io"
	"iter"
	"os"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/bws"
	"github.com/bridgekit/bridgekit/parser/charset"
	"github.com/bridgekit/bridgekit/record"
)

// MaxBWSStream is the largest .bws read from a stream (standard input, a
// member of an archive, a compressed file): a database is read at random
// places, so such a one is held in memory whole, and a larger one is
// refused. A .bws on disk is read in place, whatever its size.
const MaxBWSStream = 64 << 20

// bwsStreamLimit is MaxBWSStream, which tests lower.
var bwsStreamLimit int64 = MaxBWSStream

// bwsReading reads the boards of a Bridgemate .bws file, read whole
// before its first board (package bws).
type bwsReading struct {
	st *fileState
	f  *bws.File
}

func (r *bwsReading) units() iter.Seq2[*bws.Unit, error] {
	return func(yield func(*bws.Unit, error) bool) {
		for _, u := range r.f.Units() {
			if !yield(u, nil) {
				return
			}
		}
	}
}
func (r *bwsReading) size(u *bws.Unit) int { return u.Size() }
func (r *bwsReading) parser() (func(*bws.Unit) *bws.Unit, func()) {
	return func(u *bws.Unit) *bws.Unit { return u }, func() {}
}
func (r *bwsReading) admit(*bws.Unit)               {}
func (r *bwsReading) context(*bws.Unit) []*bws.Unit { return nil }
func (r *bwsReading) diagnostics() diag.List        { return r.f.Diagnostics() }
func (r *bwsReading) converter([]*bws.Unit) func(*Part, *bws.Unit) {
	var ck record.Checker
	return func(p *Part, u *bws.Unit) {
		b, mapped := convert.FromBWS(r.st.name, u)
		counted := b.Coverage
		r.st.board(p, &ck, b, mapped, nil, diag.Pos{}, "", joinKnown(b.Field("Section").Value, b.Date.Value), "")
		p.Report.Coverage.Merge(&counted)
	}
}

func (r *bwsReading) finish(p *Part, diags diag.List) {
	enc := charset.Encoding{Name: r.f.Encoding, Reason: "the text of a " + r.f.Version + " database", Certain: true}
	gen := ""
	if len(r.f.Results) > 0 || len(r.f.Rounds) > 0 {
		gen = "Bridgemate Control Software"
	}
	r.st.finishFile(p, enc, gen, diags)
}

// readBWS reads a .bws input whole into p: in place when it is a file on
// disk, else from memory, up to MaxBWSStream. cr counts what is read, and
// is set to the size of a file read in place.
func readBWS(p *Part, st *fileState, cr *counter, h head) error {
	ra, size, ok := readerAtOf(cr.r)
	if !ok {
		data, err := io.ReadAll(io.LimitReader(h.body, bwsStreamLimit+1))
		if err != nil {
			return err
		}
		if int64(len(data)) > bwsStreamLimit {
			return &InputError{Name: p.Name, Err: fmt.Errorf(
				"a .bws database read from a stream (standard input, an archive, a compressed file) is held in memory, up to %s, and this one is larger: give it as a file on disk",
				human(bwsStreamLimit))}
		}
		ra, size = bytes.NewReader(data), int64(len(data))
	}
	f := bws.Read(ra, size, p.Name)
	if ok {
		cr.n = size
	}
	return readWhole(p, &bwsReading{st: st, f: f}, h)
}

// readerAtOf returns the random access a reader of an input offers: a
// regular file's, or that of bytes in memory.
func readerAtOf(r io.Reader) (io.ReaderAt, int64, bool) {
	switch v := r.(type) {
	case *limitedFile:
		return readerAtOf(v.ReadCloser)
	case *bytes.Reader:
		return v, v.Size(), true
	case *os.File:
		st, err := v.Stat()
		if err != nil || !st.Mode().IsRegular() {
			return nil, 0, false
		}
		return v, st.Size(), true
	}
	return fileReaderAt(r)
}
