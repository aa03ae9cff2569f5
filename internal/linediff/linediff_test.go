package linediff

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// patch applies a unified diff to old, checking every context and removed
// line against it and the line numbers of every hunk, and returns the
// result.
func patch(t *testing.T, old, diff string) string {
	t.Helper()
	oldLines := strings.SplitAfter(old, "\n")
	if oldLines[len(oldLines)-1] == "" {
		oldLines = oldLines[:len(oldLines)-1]
	}
	lines := strings.SplitAfter(diff, "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "diff ") || !strings.HasPrefix(lines[1], "--- ") || !strings.HasPrefix(lines[2], "+++ ") {
		t.Fatalf("no header in\n%s", diff)
	}
	header := regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n$`)
	var out []string
	next, newLine := 0, 1 // next old line to copy (0-based); the next new line's number
	count := func(s string) int {
		if s == "" {
			return 1
		}
		n, _ := strconv.Atoi(s)
		return n
	}
	for i := 3; i < len(lines) && lines[i] != ""; {
		m := header.FindStringSubmatch(lines[i])
		if m == nil {
			t.Fatalf("line %d of the diff is not a hunk header: %q", i+1, lines[i])
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[3])
		na, nb := count(m[2]), count(m[4])
		if na == 0 {
			a++
		}
		if nb == 0 {
			b++
		}
		if a-1 < next {
			t.Fatalf("hunk %q overlaps the one before", lines[i])
		}
		out = append(out, oldLines[next:a-1]...)
		newLine += a - 1 - next
		if newLine != b {
			t.Fatalf("hunk %q: new line %d, want %d", lines[i], b, newLine)
		}
		next = a - 1
		i++
		seenA, seenB := 0, 0
		for i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@") {
			l := lines[i]
			i++
			body := l[1:]
			if i < len(lines) && lines[i] == "\\ No newline at end of file\n" {
				body = strings.TrimSuffix(body, "\n")
				i++
			}
			switch l[0] {
			case ' ', '-':
				if next >= len(oldLines) || oldLines[next] != body {
					t.Fatalf("old line %d is %q, the diff says %q", next+1, oldLines[min(next, len(oldLines)-1)], body)
				}
				next++
				seenA++
				if l[0] == ' ' {
					out = append(out, body)
					seenB++
					newLine++
				}
			case '+':
				out = append(out, body)
				seenB++
				newLine++
			default:
				t.Fatalf("bad diff line %q", l)
			}
		}
		if seenA != na || seenB != nb {
			t.Fatalf("hunk at -%d +%d has %d and %d lines, its header says %d and %d", a, b, seenA, seenB, na, nb)
		}
	}
	return strings.Join(append(out, oldLines[next:]...), "")
}

// diff returns the diff of old and new.
func diff(t *testing.T, old, new string) (string, bool) {
	t.Helper()
	var buf bytes.Buffer
	changed, err := Write(&buf, "old", strings.NewReader(old), "new", strings.NewReader(new))
	if err != nil {
		t.Fatal(err)
	}
	if changed != (buf.Len() > 0) {
		t.Fatalf("changed %v with %d bytes of diff", changed, buf.Len())
	}
	return buf.String(), changed
}

// check diffs old and new and checks that the diff turns one into the
// other.
func check(t *testing.T, old, new string) string {
	t.Helper()
	d, changed := diff(t, old, new)
	if changed != (old != new) {
		t.Fatalf("changed is %v for texts that are the same: %v", changed, old == new)
	}
	if !changed {
		return d
	}
	if got := patch(t, old, d); got != new {
		t.Fatalf("the diff turns old into\n%q\nwant\n%q\ndiff:\n%s", got, new, d)
	}
	return d
}

func lines(n int, f func(i int) string) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(f(i) + "\n")
	}
	return b.String()
}

func TestWrite(t *testing.T) {
	t.Parallel()
	ten := lines(10, func(i int) string { return fmt.Sprint("line ", i) })
	for _, tc := range []struct{ name, old, new, want string }{
		{"same", ten, ten, ""},
		{"both empty", "", "", ""},
		{"one changed", ten, strings.Replace(ten, "line 5\n", "LINE 5\n", 1),
			"diff old new\n--- old\n+++ new\n@@ -3,7 +3,7 @@\n line 2\n line 3\n line 4\n-line 5\n+LINE 5\n line 6\n line 7\n line 8\n"},
		{"first inserted", "b\n", "a\nb\n", "diff old new\n--- old\n+++ new\n@@ -1 +1,2 @@\n+a\n b\n"},
		{"last removed", "a\nb\n", "a\n", "diff old new\n--- old\n+++ new\n@@ -1,2 +1 @@\n a\n-b\n"},
		{"no newline", "a\nb", "a\nb\n", "diff old new\n--- old\n+++ new\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"},
		{"to empty", "a\n", "", "diff old new\n--- old\n+++ new\n@@ -1 +0,0 @@\n-a\n"},
		{"from empty", "", "a\n", "diff old new\n--- old\n+++ new\n@@ -0,0 +1 @@\n+a\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if d := check(t, tc.old, tc.new); d != tc.want {
				t.Errorf("diff\n%s\nwant\n%s", d, tc.want)
			}
		})
	}
}

// TestWriteHunks: changes closer than two contexts share a hunk; farther
// apart, they get one each.
func TestWriteHunks(t *testing.T) {
	t.Parallel()
	old := lines(40, func(i int) string { return strconv.Itoa(i) })
	near := strings.Replace(strings.Replace(old, "\n10\n", "\nten\n", 1), "\n16\n", "\nsixteen\n", 1)
	if d := check(t, old, near); strings.Count(d, "@@ -") != 1 {
		t.Errorf("changes 6 lines apart in %d hunks:\n%s", strings.Count(d, "@@ -"), d)
	}
	if d := check(t, old, strings.Replace(near, "\n16\n", "\nsixteen\n", 1)); strings.Count(d, "@@ -") != 1 {
		t.Errorf("6 lines between changes, %d hunks:\n%s", strings.Count(d, "@@ -"), d)
	}
	far := strings.Replace(strings.Replace(old, "\n10\n", "\nten\n", 1), "\n18\n", "\neighteen\n", 1)
	if d := check(t, old, far); strings.Count(d, "@@ -") != 2 {
		t.Errorf("7 lines between changes, %d hunks:\n%s", strings.Count(d, "@@ -"), d)
	}
}

// TestWriteRandom: random edits of random texts, large enough to need
// many windows and the fallback past maxEdits, always give a diff that
// turns one into the other.
func TestWriteRandom(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		n := r.IntN(300)
		if round%20 == 0 {
			n = 20000
		}
		alphabet := 2 + r.IntN(30)
		old := lines(n, func(int) string { return strconv.Itoa(r.IntN(alphabet)) })
		var b strings.Builder
		for _, l := range strings.SplitAfter(old, "\n") {
			switch r.IntN(10) {
			case 0:
			case 1:
				b.WriteString("new " + strconv.Itoa(r.IntN(alphabet)) + "\n" + l)
			case 2:
				b.WriteString("changed\n")
			default:
				b.WriteString(l)
			}
		}
		check(t, old, b.String())
	}
	// Every line different: no run ever agrees.
	old := lines(30000, func(i int) string { return "a" + strconv.Itoa(i) })
	check(t, old, lines(25000, func(i int) string { return "b" + strconv.Itoa(i) }))
}

// TestWriteMemory: the diff of two long texts that differ all along holds
// a window, not the texts: the live heap, read after a collection every
// 100,000 lines, stays far below their 2 × 17 MB.
func TestWriteMemory(t *testing.T) {
	var peak uint64
	sample := func() {
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
	}
	gen := func(prefix string) *lineSource { return &lineSource{prefix: prefix, n: 2_000_000, every: sample} }
	var out counter
	changed, err := Write(&out, "old", gen("a"), "new", gen("b"))
	if err != nil || !changed {
		t.Fatal(changed, err)
	}
	if out.n < 30_000_000 {
		t.Errorf("%d bytes of diff", out.n)
	}
	if peak > 8<<20 {
		t.Errorf("the live heap reached %d bytes", peak)
	}
}

// lineSource yields n numbered lines without holding them, calling every
// each 100,000 lines.
type lineSource struct {
	prefix string
	i, n   int
	every  func()
	buf    []byte
}

func (s *lineSource) Read(p []byte) (int, error) {
	for len(s.buf) < len(p) && s.i < s.n {
		s.buf = append(s.buf, s.prefix+strconv.Itoa(s.i)+"\n"...)
		s.i++
		if s.i%100_000 == 0 {
			s.every()
		}
	}
	if len(s.buf) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.buf)
	s.buf = s.buf[n:]
	return n, nil
}

type counter struct{ n int }

func (c *counter) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

// FuzzWrite: the diff of any two texts turns the first into the second.
func FuzzWrite(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd")
	f.Add("", "x\n")
	f.Fuzz(func(t *testing.T, old, new string) { check(t, old, new) })
}
