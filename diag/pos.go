package diag

import (
	"math"
	"strconv"
)

// Pos is a place in a decoded (UTF-8) input: a byte offset, the 1-based
// line and column, and for LIN the 1-based index of the label|value| pair
// in its record. Col counts characters (runes), not bytes, so that it
// agrees with what an editor shows for Cyrillic or accented text. The zero
// Pos means "unknown".
type Pos struct {
	Offset int   `json:"-"`              // byte offset from the start of the decoded text
	Line   int32 `json:"line"`           // 1-based line; 0 when unknown
	Col    int32 `json:"col"`            // 1-based column, in characters
	Pair   int32 `json:"pair,omitempty"` // 1-based LIN pair in its record; 0 for PBN or when unknown
}

// IsValid reports whether p names a place (Line is set).
func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns "line:col", or "-" for a Pos that is not valid.
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return strconv.Itoa(int(p.Line)) + ":" + strconv.Itoa(int(p.Col))
}

// Span is the text from Pos up to, not including, the byte offset End: a
// value as the reader read it. End is 0 when only the start is known. Like
// Pos.Offset, End counts bytes of the decoded (UTF-8) text: for a file in
// an 8-bit charset a repair edits the decoded text and encodes it again.
type Span struct {
	Pos
	End int `json:"-"`
}

// Len returns the length of the span in bytes, or 0 when its end is not
// known.
func (s Span) Len() int { return max(s.End-s.Offset, 0) }

// Clamp returns n as a line, column or pair number: int32, which keeps a
// Pos at 24 bytes (the readers make one or three for every tag, token and
// pair), saturated at its largest value, which only an input of more than
// two gigabytes on one line, or of two billion lines, reaches.
func Clamp(n int) int32 {
	return int32(min(max(n, math.MinInt32), math.MaxInt32))
}
