package diag

import "fmt"

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=Severity -linecomment

// Severity grades a Diagnostic.
type Severity uint8

// The severities, least serious first.
const (
	Info    Severity = iota // info
	Warning                 // warning
	Error                   // error
)

// ParseSeverity reads a severity as String writes it.
func ParseSeverity(s string) (Severity, error) {
	for v := Info; v <= Error; v++ {
		if v.String() == s {
			return v, nil
		}
	}
	return 0, fmt.Errorf("%q is not a severity (info, warning, error)", s)
}

// MarshalText returns String's text, so that JSON holds "error".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads what MarshalText writes.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err == nil {
		*s = v
	}
	return err
}
