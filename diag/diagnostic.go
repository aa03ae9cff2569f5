package diag

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Diagnostic is one thing to say about an input: where it is, how
// serious, what kind and, in plain words, what is wrong. Each part of
// bridgekit fills in what it knows: a reader the span and game, the rules
// engine the code and Law, the archive workers the file and board.
//
// Its text form (String) is a compiler's message; its JSON form
// (AppendJSON) has the fields tagged below, the offsets left out.
type Diagnostic struct {
	File  string `json:"file"`            // the input's name
	Game  int    `json:"game"`            // 1-based game (PBN) or board record (LIN, headers not counted) in the file; 0 for the file as a whole
	Board int    `json:"board"`           // board number; 0 when unknown
	Label string `json:"label,omitempty"` // the board's label when it is not its number ("3-2")
	Span
	Severity Severity `json:"severity"`
	Code     Code     `json:"code"`
	Law      int      `json:"law,omitempty"` // the Law that applies, if one does
	// Message says what is wrong in plain words: no position, and no Law
	// unless it cites several.
	Message string `json:"message"`

	more int // for one that stands for those past a cap, how many
}

// Error formats d as String does, so that a Diagnostic is an error.
func (d Diagnostic) Error() string { return d.String() }

// MarshalJSON returns AppendJSON's object.
func (d Diagnostic) MarshalJSON() ([]byte, error) { return d.AppendJSON(nil), nil }

// String formats d like a compiler message:
//
//	events/2019/final.pbn:812:5: board 14: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)
//	final.lin:3:211: board 14: pair 38: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)
//
// Unknown parts are left out; "game N" stands in for an unknown board.
func (d Diagnostic) String() string {
	return string(d.AppendText(make([]byte, 0, len(d.File)+8+len(d.Code)+len(d.Message)+64)))
}

// AppendText appends d as String formats it to b. An audit prints a line a
// finding, in the one goroutine that keeps the output in order, so the line
// is built with strconv in the caller's buffer rather than with fmt.
func (d Diagnostic) AppendText(b []byte) []byte {
	b = append(d.AppendPlace(b), d.Severity.String()...)
	if d.Code != "" {
		b = append(append(b, ' '), string(d.Code)...)
	}
	b = append(append(b, ": "...), d.Message...)
	if d.Law > 0 && !citesLaw(d.Message) {
		b = append(strconv.AppendInt(append(b, " (Law "...), int64(d.Law), 10), ')')
	}
	return b
}

// AppendPlace appends where d is, as AppendText begins: the file, line and
// column, board (or game) and pair that are known, each followed by ": ".
func (d Diagnostic) AppendPlace(b []byte) []byte {
	b = append(b, d.File...)
	if d.Line > 0 {
		if d.File != "" {
			b = append(b, ':')
		}
		b = strconv.AppendInt(b, int64(d.Line), 10)
		if d.Col > 0 {
			b = strconv.AppendInt(append(b, ':'), int64(d.Col), 10)
		}
	}
	b = append(b, ": "...)
	switch {
	case d.Label != "":
		b = append(b, "board "...)
		if strings.ContainsAny(d.Label, ": \"") || strings.IndexFunc(d.Label, func(r rune) bool { return !strconv.IsPrint(r) }) >= 0 {
			// A label of words or a colon (a teaching record's "Your
			// goal:") would run into the text after it.
			b = strconv.AppendQuote(b, d.Label)
		} else {
			b = append(b, d.Label...)
		}
		b = append(b, ": "...)
	case d.Board > 0:
		b = append(strconv.AppendInt(append(b, "board "...), int64(d.Board), 10), ": "...)
	case d.Game > 0:
		b = append(strconv.AppendInt(append(b, "game "...), int64(d.Game), 10), ": "...)
	}
	if d.Pair > 0 {
		b = append(strconv.AppendInt(append(b, "pair "...), int64(d.Pair), 10), ": "...)
	}
	return b
}

// AppendJSON appends d's JSON object to b, byte for byte as encoding/json
// writes it (the field names and omissions of Finding's tags, the same
// escapes), without a newline. It is what audit --format json prints for
// every finding, without the reflection encoding/json pays per value.
func (d Diagnostic) AppendJSON(b []byte) []byte {
	b = AppendJSONString(append(b, `{"file":`...), d.File)
	b = strconv.AppendInt(append(b, `,"game":`...), int64(d.Game), 10)
	b = strconv.AppendInt(append(b, `,"board":`...), int64(d.Board), 10)
	if d.Label != "" {
		b = AppendJSONString(append(b, `,"label":`...), d.Label)
	}
	if d.Pair != 0 {
		b = strconv.AppendInt(append(b, `,"pair":`...), int64(d.Pair), 10)
	}
	b = strconv.AppendInt(append(b, `,"line":`...), int64(d.Line), 10)
	b = strconv.AppendInt(append(b, `,"col":`...), int64(d.Col), 10)
	b = AppendJSONString(append(b, `,"severity":`...), d.Severity.String())
	b = AppendJSONString(append(b, `,"code":`...), string(d.Code))
	if d.Law != 0 {
		b = strconv.AppendInt(append(b, `,"law":`...), int64(d.Law), 10)
	}
	b = AppendJSONString(append(b, `,"message":`...), d.Message)
	return append(b, '}')
}

// AppendJSONString appends s as a JSON string, escaped as encoding/json
// escapes it by default: control characters, the quote and backslash, <, >
// and & (for HTML), U+2028 and U+2029, and invalid UTF-8 as U+FFFD.
func AppendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= ' ' && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(append(b, s[start:]...), '"')
}

// citesLaw says whether msg ends with its own citation, such as the
// "(Laws 44C, 61)" of a revoke, which the Law would only repeat.
func citesLaw(msg string) bool {
	i := strings.LastIndex(msg, "(Law")
	return i >= 0 && strings.HasSuffix(msg, ")") && !strings.Contains(msg[i:len(msg)-1], ")")
}
