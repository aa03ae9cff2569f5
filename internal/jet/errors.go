package jet

import "fmt"

// A FormatError reports a database file that does not hold what the Jet
// format requires at some place: a page of the wrong type, a pointer out of
// range, a length that does not fit. Page is the page number (0 is the
// header page); Offset is the byte offset within that page, or -1 when the
// fault is in the page as a whole.
type FormatError struct {
	Page   uint32
	Offset int
	Msg    string
}

func (e *FormatError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("jet: page %d: %s", e.Page, e.Msg)
	}
	return fmt.Sprintf("jet: page %d, offset %#x: %s", e.Page, e.Offset, e.Msg)
}

func errorf(page uint32, offset int, format string, args ...any) error {
	return &FormatError{Page: page, Offset: offset, Msg: fmt.Sprintf(format, args...)}
}
