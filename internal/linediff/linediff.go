// Package linediff writes a unified diff of two texts read as streams, as
// fmt -d prints it, with memory bounded whatever their size: it holds the
// three lines of context before a difference and the lines of the
// difference itself, never the texts.
//
// Where the texts differ it reads on, on both sides, until seven lines in
// a row are the same on both (more than two hunks' context, so no hunk
// spans the cut), diffs the lines between (Myers' algorithm), prints their
// hunks, and goes on from there. A difference that finds no such run
// within maxWindow lines, or that needs more than maxEdits edits, is
// printed as the removal of those lines and the addition of the others:
// still a correct patch, only not the shortest. Lines are compared byte for
// byte, their ends included.
package linediff

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
)

const (
	// contextLines is the context a hunk shows before and after a change.
	contextLines = 3
	// syncLines equal lines in a row end a difference: more than the two
	// contexts of hunks on either side of them, which then never merge.
	syncLines = 2*contextLines + 1
	// maxWindow bounds the lines of one side held for one difference.
	maxWindow = 4000
	// maxWindowBytes bounds their bytes.
	maxWindowBytes = 8 << 20
	// maxCandidates bounds the places of one line tried as the end of a
	// run that agrees.
	maxCandidates = 16
	// maxEdits bounds the edits Myers' algorithm looks for in one
	// difference; its trace grows with their square.
	maxEdits = 1000
)

// Write writes to w the unified diff that turns old, named oldName, into
// new, named newName, and reports whether they differ. Like gofmt -d, it
// starts with a line "diff oldName newName" before the --- and +++ lines,
// and writes nothing when they are the same. The error is the first read or write error.
func Write(w io.Writer, oldName string, old io.Reader, newName string, new io.Reader) (bool, error) {
	d := &differ{
		w: bufio.NewWriter(w), oldName: oldName, newName: newName,
		a:  &lineReader{r: bufio.NewReaderSize(old, 64<<10)},
		b:  &lineReader{r: bufio.NewReaderSize(new, 64<<10)},
		la: 1, lb: 1,
	}
	err := d.run()
	if ferr := d.w.Flush(); err == nil {
		err = ferr
	}
	return d.changed, err
}

// lineReader reads lines, their ends included, with lines put back ahead
// of the rest.
type lineReader struct {
	r    *bufio.Reader
	back [][]byte
	err  error
}

// next returns the next line, or false at the end or after an error.
func (l *lineReader) next() ([]byte, bool) {
	if len(l.back) > 0 {
		line := l.back[0]
		l.back = l.back[1:]
		return line, true
	}
	if l.err != nil {
		return nil, false
	}
	line, err := l.r.ReadBytes('\n')
	if err != nil {
		l.err = err
	}
	return line, len(line) > 0
}

// unread puts lines back, to be read again first.
func (l *lineReader) unread(lines [][]byte) {
	l.back = append(append([][]byte(nil), lines...), l.back...)
}

// readErr returns the reader's error, nil at a clean end.
func (l *lineReader) readErr() error {
	if l.err == io.EOF {
		return nil
	}
	return l.err
}

// differ is the state of one diff.
type differ struct {
	w                *bufio.Writer
	oldName, newName string
	a, b             *lineReader
	la, lb           int      // the numbers of the next lines read from a and b
	before           [][]byte // up to contextLines equal lines before the next difference
	changed          bool
}

func (d *differ) run() error {
	for {
		x, okA := d.a.next()
		y, okB := d.b.next()
		if !okA && !okB {
			break
		}
		if okA && okB && bytes.Equal(x, y) {
			d.equal(x)
			continue
		}
		var as, bs [][]byte
		if okA {
			as = append(as, x)
		}
		if okB {
			bs = append(bs, y)
		}
		if err := d.difference(as, bs); err != nil {
			return err
		}
	}
	if err := d.a.readErr(); err != nil {
		return err
	}
	return d.b.readErr()
}

// equal moves past a line the same on both sides.
func (d *differ) equal(line []byte) {
	d.la++
	d.lb++
	if len(d.before) == contextLines {
		d.before = append(d.before[:0], d.before[1:]...)
	}
	d.before = append(d.before, line)
}

// difference reads on from the first lines that differ, as and bs, to
// where the texts agree again, and prints the hunks between.
func (d *differ) difference(as, bs [][]byte) error {
	a, b := newSide(d.a, as), newSide(d.b, bs)
	sa, sb, synced := -1, -1, false
	for !a.full() && !b.full() {
		okA, j, found := a.grow(b)
		if found {
			sa, sb, synced = len(a.lines)-syncLines, j-syncLines+1, true
			break
		}
		okB, i, found := b.grow(a)
		if found {
			sa, sb, synced = i-syncLines+1, len(b.lines)-syncLines, true
			break
		}
		if !okA && !okB {
			break
		}
	}
	as, bs = a.lines, b.lines
	if !synced {
		err := d.hunks(edits(as, bs), nil)
		d.la += len(as)
		d.lb += len(bs)
		d.before = d.before[:0]
		return err
	}
	// The run that agrees: its first lines close the last hunk, its last
	// ones are the context before the next, and what was read past it on
	// either side is read again.
	run := as[sa : sa+syncLines]
	d.a.unread(as[sa+syncLines:])
	d.b.unread(bs[sb+syncLines:])
	err := d.hunks(edits(as[:sa], bs[:sb]), run[:contextLines])
	d.la += sa + syncLines
	d.lb += sb + syncLines
	d.before = append(d.before[:0], run[syncLines-contextLines:]...)
	return err
}

// A side is the lines of one text held for a difference, with where each
// line stands among them.
type side struct {
	r     *lineReader
	lines [][]byte
	bytes int
	at    index
}

func newSide(r *lineReader, lines [][]byte) *side {
	s := &side{r: r, at: index{}}
	for _, l := range lines {
		s.push(l)
	}
	return s
}

func (s *side) push(l []byte) {
	s.lines = append(s.lines, l)
	s.bytes += len(l)
	s.at.add(l, len(s.lines)-1)
}

// full reports whether the side holds as much as one difference may.
func (s *side) full() bool { return len(s.lines) >= maxWindow || s.bytes >= maxWindowBytes }

// grow reads one more line and reports whether there was one, and whether
// it ends a run of syncLines that other holds too, ending there at j.
func (s *side) grow(other *side) (read bool, j int, found bool) {
	l, ok := s.r.next()
	if !ok {
		return false, 0, false
	}
	s.push(l)
	j, found = runEnding(s.lines, other.lines, len(s.lines)-1, other.at)
	return true, j, found
}

// index maps a line to where it stands in one side's window.
type index map[string][]int

func (x index) add(line []byte, i int) { x[string(line)] = append(x[string(line)], i) }

// runEnding reports whether the syncLines lines of side ending at i stand,
// in the same order, on the other side, and where that run ends there.
func runEnding(side, other [][]byte, i int, otherIndex index) (int, bool) {
	if i < syncLines-1 {
		return 0, false
	}
	// A line repeated all over (a blank line, a tag written "?") stands in
	// many places: only its latest ones are tried, which keeps the search
	// linear; a run missed here is found a line later.
	js := otherIndex[string(side[i])]
	for _, j := range js[max(0, len(js)-maxCandidates):] {
		if j < syncLines-1 {
			continue
		}
		k := 1
		for k < syncLines && bytes.Equal(side[i-k], other[j-k]) {
			k++
		}
		if k == syncLines {
			return j, true
		}
	}
	return 0, false
}

// An op is one line of an edit script.
type op struct {
	kind byte // ' ', '-' or '+'
	line []byte
}

// edits returns the script that turns as into bs: Myers' shortest one,
// or, past maxEdits, the removal of as and the addition of bs.
func edits(as, bs [][]byte) []op {
	if fewEdits(as, bs) {
		if ops, ok := myers(as, bs); ok {
			return ops
		}
	}
	ops := make([]op, 0, len(as)+len(bs))
	for _, l := range as {
		ops = append(ops, op{'-', l})
	}
	for _, l := range bs {
		ops = append(ops, op{'+', l})
	}
	return ops
}

// fewEdits reports whether as may turn into bs in maxEdits edits or
// fewer: each line the two have in common saves at most one removal and
// one addition, so when they share few lines (every line ending changed,
// say) Myers' algorithm need not be run to know it would give up.
func fewEdits(as, bs [][]byte) bool {
	count := make(map[string]int, len(as))
	for _, l := range as {
		count[string(l)]++
	}
	common := 0
	for _, l := range bs {
		if count[string(l)] > 0 {
			count[string(l)]--
			common++
		}
	}
	return len(as)+len(bs)-2*common <= maxEdits
}

// myers finds a shortest edit script of at most maxEdits edits (E. W.
// Myers, "An O(ND) difference algorithm and its variations", 1986),
// keeping the frontier of each step to walk back the path.
func myers(as, bs [][]byte) ([]op, bool) {
	n, m := len(as), len(bs)
	limit := min(n+m, maxEdits)
	var trace [][]int32 // trace[d][k+d] is the furthest x on diagonal k after d edits
	v := []int32{0, 0}  // for d = -1, diagonals -1 and 1: index k+1
	for d := 0; d <= limit; d++ {
		next := make([]int32, 2*d+1)
		at := func(k int) int32 { // v of step d-1 on diagonal k
			i := k + d - 1
			if d == 0 {
				return 0
			}
			if i < 0 || i >= len(v) {
				return -1
			}
			return v[i]
		}
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && at(k-1) < at(k+1) {
				x = int(at(k + 1)) // down: an insertion
			} else {
				x = int(at(k-1)) + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && bytes.Equal(as[x], bs[y]) {
				x++
				y++
			}
			next[k+d] = int32(x)
			if x >= n && y >= m {
				trace = append(trace, next)
				return backtrack(as, bs, trace), true
			}
		}
		trace = append(trace, next)
		v = next
	}
	return nil, false
}

// backtrack walks the trace of myers back from the end to the start.
func backtrack(as, bs [][]byte, trace [][]int32) []op {
	x, y := len(as), len(bs)
	var rev []op
	for d := len(trace) - 1; d > 0; d-- {
		prev := trace[d-1] // indexed k+d-1
		at := func(k int) int {
			if i := k + d - 1; i >= 0 && i < len(prev) {
				return int(prev[i])
			}
			return -1
		}
		k := x - y
		down := k == -d || k != d && at(k-1) < at(k+1)
		pk := k - 1
		if down {
			pk = k + 1
		}
		px := at(pk)
		sx := px + 1 // where the snake after the edit starts
		if down {
			sx = px
		}
		for x > sx {
			x--
			y--
			rev = append(rev, op{' ', as[x]})
		}
		if down {
			y--
			rev = append(rev, op{'+', bs[y]})
		} else {
			x--
			rev = append(rev, op{'-', as[x]})
		}
	}
	for x > 0 {
		x--
		rev = append(rev, op{' ', as[x]})
	}
	ops := make([]op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return ops
}

// hunks prints the hunks of the edit script ops, which starts at lines
// d.la and d.lb, with d.before as the context before it and after as the
// context after it.
func (d *differ) hunks(ops []op, after [][]byte) error {
	all := make([]op, 0, len(d.before)+len(ops)+len(after))
	for _, l := range d.before {
		all = append(all, op{' ', l})
	}
	all = append(all, ops...)
	for _, l := range after {
		all = append(all, op{' ', l})
	}
	la, lb := d.la-len(d.before), d.lb-len(d.before)
	i := 0
	for i < len(all) {
		// The next change, and the hunk around it: changes closer than
		// two contexts share a hunk.
		first := i
		for first < len(all) && all[first].kind == ' ' {
			first++
		}
		if first == len(all) {
			break
		}
		start := max(first-contextLines, i)
		end := first
		for j := first; j < len(all); j++ {
			if all[j].kind != ' ' {
				end = j + 1
			} else if j-end >= 2*contextLines {
				break
			}
		}
		stop := min(end+contextLines, len(all))
		// Line numbers of the hunk's start on each side.
		for _, o := range all[i:start] {
			if o.kind != '+' {
				la++
			}
			if o.kind != '-' {
				lb++
			}
		}
		if err := d.hunk(all[start:stop], la, lb); err != nil {
			return err
		}
		for _, o := range all[start:stop] {
			if o.kind != '+' {
				la++
			}
			if o.kind != '-' {
				lb++
			}
		}
		i = stop
	}
	return nil
}

// hunk prints one hunk whose lines start at la and lb.
func (d *differ) hunk(ops []op, la, lb int) error {
	if !d.changed {
		d.changed = true
		fmt.Fprintf(d.w, "diff %s %s\n--- %s\n+++ %s\n", d.oldName, d.newName, d.oldName, d.newName)
	}
	na, nb := 0, 0
	for _, o := range ops {
		if o.kind != '+' {
			na++
		}
		if o.kind != '-' {
			nb++
		}
	}
	d.w.WriteString("@@ -" + span(la, na) + " +" + span(lb, nb) + " @@\n")
	for _, o := range ops {
		d.w.WriteByte(o.kind)
		d.w.Write(o.line)
		if !bytes.HasSuffix(o.line, []byte("\n")) {
			d.w.WriteString("\n\\ No newline at end of file\n")
		}
	}
	_, err := d.w.Write(nil)
	return err
}

// span is a hunk's range as unified diffs write it: "start,count", the
// count left out when it is 1, and the line before when it is 0.
func span(start, count int) string {
	switch count {
	case 0:
		return strconv.Itoa(start-1) + ",0"
	case 1:
		return strconv.Itoa(start)
	}
	return strconv.Itoa(start) + "," + strconv.Itoa(count)
}
