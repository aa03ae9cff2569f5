// Package baseline records the findings of an audit, so that a later
// audit reports, and fails on, only the findings that are new: what an
// archive kept under version control needs, where the old findings are
// known and only a new one should stop a change.
//
// A finding is matched by its file, its board, its code and a fingerprint
// of the text it is about (the line at its place, without the spaces
// around it), never by its line number: text added above a finding moves
// it without making it new, and a finding fixed and another of the same
// code made on the same board are told apart by their text. The same
// finding twice is matched twice: the baseline counts them.
package baseline

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"strconv"

	"github.com/bridgekit/bridgekit/diag"
)

// Entry is one finding of a baseline.
type Entry struct {
	File        string    `json:"file"`
	Board       string    `json:"board"` // the board's number or label, "" for a finding about the file
	Code        diag.Code `json:"code"`
	Fingerprint string    `json:"fingerprint"`
	Message     string    `json:"message"` // for a reader of the file; not matched
}

// Of returns the entry of a finding; line is the text of the line at its
// place, or nil when it is not known (a finding about the whole file, an
// input read from standard input), when the message stands for it.
func Of(d diag.Diagnostic, line []byte) Entry {
	board := d.Label
	if board == "" && d.Board > 0 {
		board = strconv.Itoa(d.Board)
	}
	text := bytes.TrimSpace(line)
	if line == nil {
		text = []byte(d.Message)
	}
	h := sha256.New()
	h.Write([]byte(d.Code))
	h.Write([]byte{0})
	h.Write(text)
	return Entry{File: d.File, Board: board, Code: d.Code, Fingerprint: hex.EncodeToString(h.Sum(nil)[:8]), Message: d.Message}
}

// key is what an entry is matched by, hashed: a baseline of a million
// findings is held in some twenty megabytes.
func (b *Baseline) key(e Entry) uint64 {
	var h maphash.Hash
	h.SetSeed(b.seed)
	for _, s := range [...]string{e.File, e.Board, string(e.Code), e.Fingerprint} {
		h.WriteString(s)
		h.WriteByte(0)
	}
	return h.Sum64()
}

// A Baseline is a multiset of entries.
type Baseline struct {
	seed maphash.Seed
	left map[uint64]int32
	n    int
}

// Read reads a baseline written by Write: a JSON document with the
// version and the entries, read one entry at a time.
func Read(r io.Reader) (*Baseline, error) {
	b := &Baseline{seed: maphash.MakeSeed(), left: map[uint64]int32{}}
	dec := json.NewDecoder(bufio.NewReader(r))
	bad := func(err error) (*Baseline, error) { return nil, fmt.Errorf("not a bridgekit baseline: %w", err) }
	if t, err := dec.Token(); err != nil {
		return bad(err)
	} else if t != json.Delim('{') {
		return bad(errors.New("it does not begin with a JSON object"))
	}
	version := 0
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return bad(err)
		}
		switch t {
		case "version":
			if err := dec.Decode(&version); err != nil {
				return bad(err)
			}
		case "findings":
			if version != 1 {
				return nil, fmt.Errorf("a baseline of version %d; this bridgekit reads version 1", version)
			}
			if t, err := dec.Token(); err != nil {
				return bad(err)
			} else if t != json.Delim('[') {
				return bad(errors.New("its findings are not a list"))
			}
			for dec.More() {
				var e Entry
				if err := dec.Decode(&e); err != nil {
					return bad(err)
				}
				b.left[b.key(e)]++
				b.n++
			}
			if _, err := dec.Token(); err != nil {
				return bad(err)
			}
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return bad(err)
			}
		}
	}
	if version != 1 {
		return nil, fmt.Errorf("a baseline of version %d; this bridgekit reads version 1", version)
	}
	return b, nil
}

// Len returns the number of entries the baseline was read with.
func (b *Baseline) Len() int { return b.n }

// Match reports whether the baseline holds e, and takes it out, so that a
// second finding the same is matched only by a second entry.
func (b *Baseline) Match(e Entry) bool {
	k := b.key(e)
	if b.left[k] == 0 {
		return false
	}
	b.left[k]--
	return true
}

// A Writer writes a baseline, entry by entry, in bounded memory.
type Writer struct {
	w   *bufio.Writer
	n   int
	buf []byte
}

// NewWriter starts a baseline on w.
func NewWriter(w io.Writer) *Writer {
	bw := &Writer{w: bufio.NewWriter(w)}
	bw.w.WriteString(`{"version":1,"findings":[`)
	return bw
}

// Add writes one entry.
func (w *Writer) Add(e Entry) {
	b := w.buf[:0]
	if w.n > 0 {
		b = append(b, ',')
	}
	w.n++
	b = diag.AppendJSONString(append(b, "\n{\"file\":"...), e.File)
	b = diag.AppendJSONString(append(b, `,"board":`...), e.Board)
	b = diag.AppendJSONString(append(b, `,"code":`...), string(e.Code))
	b = diag.AppendJSONString(append(b, `,"fingerprint":`...), e.Fingerprint)
	b = diag.AppendJSONString(append(b, `,"message":`...), e.Message)
	w.buf = append(b, '}')
	w.w.Write(w.buf)
}

// Close ends the baseline and flushes it.
func (w *Writer) Close() error {
	w.w.WriteString("\n]}\n")
	return w.w.Flush()
}
