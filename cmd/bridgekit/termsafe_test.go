package main

import (
	"bytes"
	"testing"
)

// TestTermSafe: control characters from a file's text reach a terminal
// escaped, however the writes cut them; text, line ends and the
// program's own colours pass.
func TestTermSafe(t *testing.T) {
	red := "\x1b[31m"
	for _, c := range []struct{ in, want string }{
		{"board 1: Club\n", "board 1: Club\n"},
		{"\x1b]0;owned\x07title", `\x1b]0;owned\x07title`},
		{"\x1b[2Jclear", `\x1b[2Jclear`},
		{"a\u009b2Jb", `a\u009b2Jb`},
		{"a\x9b2Jb", `a\x9b2Jb`},
		{"Caf\xe9 été ♠", "Caf\xe9 été ♠"},
		{red + "♥\x1b[0m", red + "♥\x1b[0m"},
		{"\x1b[31", `\x1b[31`},
		{"tab\there\r\n", "tab\there\r\n"},
		{"del\x7f", `del\x7f`},
	} {
		for _, step := range []int{0, 1, 2, 3} {
			var out bytes.Buffer
			w := newTermSafe(&out, red, "\x1b[0m")
			if step == 0 {
				w.Write([]byte(c.in))
			} else {
				for i := 0; i < len(c.in); i += step {
					w.Write([]byte(c.in[i:min(len(c.in), i+step)]))
				}
			}
			w.Close()
			if out.String() != c.want {
				t.Errorf("%q in writes of %d: %q, want %q", c.in, step, out.String(), c.want)
			}
		}
	}
}
