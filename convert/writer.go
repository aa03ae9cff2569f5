package convert

import (
	"errors"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/record"
)

// WriteError reports a board a writer could not write, and why. Nothing of
// the board has been written when a writer returns one, and the writer can
// go on with the next board, except after an I/O error (see Err).
type WriteError struct {
	Board  string        // the board's label, "board 12" or "game 3"
	Source record.Source // where the board came from
	Err    error
}

// Error names the file, the game and the board, then the reason.
func (e *WriteError) Error() string {
	var b strings.Builder
	if e.Source.File != "" {
		b.WriteString(e.Source.File)
		b.WriteString(": ")
	}
	if e.Source.Game > 0 {
		b.WriteString("game ")
		b.WriteString(strconv.Itoa(e.Source.Game))
		if e.Board != "" && !strings.HasPrefix(e.Board, "game ") {
			b.WriteString(" (" + e.Board + ")")
		}
	} else {
		b.WriteString(e.Board)
	}
	b.WriteString(": ")
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns the reason.
func (e *WriteError) Unwrap() error { return e.Err }

// errNilBoard is the reason given for a nil board.
var errNilBoard = errors.New("no board (nil)")

// boardError wraps err as a WriteError about b.
func boardError(b *record.Board, err error) error {
	if b == nil {
		return &WriteError{Board: "a board", Err: err}
	}
	return &WriteError{Board: b.Label(), Source: b.Source, Err: err}
}

// replayed makes sure b has been replayed, so that Final, ContractText and
// the seats of a LIN play are known. A board that has been checked is left
// alone.
func replayed(c *record.Checker, b *record.Board) {
	if !b.Replayed.Checked {
		c.Check(b)
	}
}

// toCRLF returns s with every line break (LF, CRLF or a lone CR) as CRLF.
func toCRLF(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	return strings.ReplaceAll(toLF(s), "\n", "\r\n")
}

// toLF returns s with every line break (LF, CRLF or a lone CR) as LF.
func toLF(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

// declaresFile reports whether the text of a % line declares something
// about the file as a whole (its PBN version, export or import format, its
// charset), which a writer states afresh for what it writes.
func declaresFile(text string) bool {
	f := strings.Fields(text)
	switch {
	case len(f) == 0:
		return false
	case len(f) == 2 && f[0] == "PBN",
		len(f) == 1 && (strings.EqualFold(f[0], "EXPORT") || strings.EqualFold(f[0], "IMPORT")):
		return true
	}
	const ct = "content-type:"
	return len(f[0]) >= len(ct) && strings.EqualFold(f[0][:len(ct)], ct)
}

// qualityNAG returns the NAG a call's or card's suffix stands for (PBN
// §6.2, §7.2): $1-$6 for calls, $7-$12 for cards, and 0 for no suffix or
// one that is not a suffix.
func qualityNAG(suffix string, card bool) int {
	n := 0
	switch suffix {
	case "!":
		n = 1
	case "?":
		n = 2
	case "!!":
		n = 3
	case "??":
		n = 4
	case "!?":
		n = 5
	case "?!":
		n = 6
	default:
		return 0
	}
	if card {
		n += 6
	}
	return n
}
