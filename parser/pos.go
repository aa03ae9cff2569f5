package parser

import "fmt"

// Pos is a place in a decoded (UTF-8) input: a byte offset plus the 1-based
// line and column. Col counts characters (runes), not bytes, so that it agrees
// with what an editor shows for Cyrillic or accented text. The zero Pos means
// "unknown".
type Pos struct {
	Offset int // byte offset from the start of the decoded text
	Line   int // 1-based line
	Col    int // 1-based column, in characters
}

// IsValid reports whether p names a place (Line is set).
func (p Pos) IsValid() bool { return p.Line > 0 }

// String returns "line:col", or "-" for the zero Pos.
func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// Position is a Pos with the name of the file it belongs to and, for LIN,
// the 1-based index of the label|value| pair inside its record.
type Position struct {
	Filename string
	Pos
	Pair int // 1-based LIN pair index in its record; 0 when not LIN
}

// String returns "file:line:col", omitting the parts that are unknown.
func (p Position) String() string {
	s := p.Filename
	if p.IsValid() {
		if s != "" {
			s += ":"
		}
		s += p.Pos.String()
	}
	if s == "" {
		s = "-"
	}
	return s
}
