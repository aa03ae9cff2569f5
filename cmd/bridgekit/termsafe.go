package main

import (
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"
)

// A termSafe writer stands between the program and a terminal. A file's
// text may hold control characters (an event named "ESC]0;…BEL" sets the
// window title, "ESC[2J" clears the screen, a C1 CSI does the same on
// some terminals): each is written escaped, as \x1b or \u009b, and so is
// a lone byte of the C1 range that is not UTF-8. Line ends, tabs and
// printable text pass; so do the colour codes the program itself writes
// (show's red suits), when sgr lists them. Writes may cut a sequence
// anywhere: an incomplete one is held until the next write or Close.
type termSafe struct {
	w    io.Writer
	sgr  [][]byte
	pend []byte
	out  []byte
}

// newTermSafe returns a termSafe writer to w that lets the escape
// sequences sgr through.
func newTermSafe(w io.Writer, sgr ...string) *termSafe {
	t := &termSafe{w: w}
	for _, s := range sgr {
		t.sgr = append(t.sgr, []byte(s))
	}
	return t
}

func (t *termSafe) Write(p []byte) (int, error) {
	b := p
	if len(t.pend) > 0 {
		b = append(t.pend, p...)
		t.pend = nil
	}
	out := t.out[:0]
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '\n' || c == '\t' || c == '\r' || ' ' <= c && c < 0x7f:
			out = append(out, c)
			i++
			continue
		case c == 0x1b:
			if n, partial := t.allowed(b[i:]); partial {
				t.pend = append(t.pend, b[i:]...)
				return len(p), t.flush(out)
			} else if n > 0 {
				out = append(out, b[i:i+n]...)
				i += n
				continue
			}
		case c >= utf8.RuneSelf:
			if !utf8.FullRune(b[i:]) {
				t.pend = append(t.pend, b[i:]...)
				return len(p), t.flush(out)
			}
			r, size := utf8.DecodeRune(b[i:])
			switch {
			case r == utf8.RuneError && size == 1 && c <= 0x9f:
				// A C1 control of an 8-bit charset: escaped below.
			case r == utf8.RuneError && size == 1:
				out = append(out, c) // a letter of an 8-bit charset
				i++
				continue
			case r <= 0x9f:
				out = fmt.Appendf(out, `\u%04x`, r)
				i += size
				continue
			default:
				out = append(out, b[i:i+size]...)
				i += size
				continue
			}
		}
		out = fmt.Appendf(out, `\x%02x`, c)
		i++
	}
	return len(p), t.flush(out)
}

// allowed returns the length of the allowed sequence b starts with, or
// partial when b is the start of one cut short.
func (t *termSafe) allowed(b []byte) (n int, partial bool) {
	for _, s := range t.sgr {
		if bytes.HasPrefix(b, s) {
			return len(s), false
		}
		if len(b) < len(s) && bytes.HasPrefix(s, b) {
			partial = true
		}
	}
	return 0, partial
}

func (t *termSafe) flush(out []byte) error {
	t.out = out
	if len(out) == 0 {
		return nil
	}
	_, err := t.w.Write(out)
	return err
}

// Close writes what is held, escaped: the output ended inside it.
func (t *termSafe) Close() error {
	held := t.pend
	t.pend = nil
	out := t.out[:0]
	for _, c := range held {
		if ' ' <= c && c < 0x7f {
			out = append(out, c)
		} else {
			out = fmt.Appendf(out, `\x%02x`, c)
		}
	}
	return t.flush(out)
}
