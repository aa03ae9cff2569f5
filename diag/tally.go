package diag

// A Tally stands in for findings that would be made only to be dropped.
// An audit lists the first few findings of each code in a file and only
// counts the rest; a checker that asks its Tally before it makes a finding
// (Drop) spares the rest the making of their messages, and the copying and
// sorting after, and the Tally counts them instead, by code and severity,
// with the boards they are on.
//
// A Tally is of one part of a file, read in order by one goroutine: a
// finding is dropped only when the boards done before it (Listed) already
// hold the limit of its code, so that the ones dropped could never have
// been among the first of their code in the file. A nil Tally drops
// nothing.
type Tally struct {
	limit int
	// listed counts the findings of each code on the boards done, up to
	// the limit: a part has findings of a few codes, and a search of them
	// cost a third of a map's lookup.
	listed  []codeCount
	pending []dropped // on the board being checked, whose number is not yet known
	counted []Counted // dropped on the boards done
}

type codeCount struct {
	code Code
	n    int
}

type dropped struct {
	code Code
	sev  Severity
}

// Counted is what a Tally kept of the findings it dropped of one code and
// severity.
type Counted struct {
	Code     Code
	Severity Severity
	N        int
	Lo, Hi   int // the least and greatest board number among them; 0 when none is known
}

// NewTally returns a Tally that drops a finding once limit of its code are
// listed on the boards before it.
func NewTally(limit int) *Tally { return &Tally{limit: limit} }

// Drop reports whether the finding of code and severity sev, about to be
// made on the board being checked, is not to be made; if so, it is
// counted.
func (t *Tally) Drop(code Code, sev Severity) bool {
	if t == nil || !t.full(code) {
		return false
	}
	t.pending = append(t.pending, dropped{code, sev})
	return true
}

// Listed ends the board being checked: its number (0 when unknown) and the
// findings it is listed with.
func (t *Tally) Listed(board int, l List) {
	if t == nil {
		return
	}
	for _, d := range t.pending {
		t.counted = count(t.counted, d.code, d.sev, board)
	}
	t.pending = t.pending[:0]
	for i := range l {
		t.list(l[i].Code)
	}
}

// full reports whether the limit of code's findings is listed.
func (t *Tally) full(code Code) bool {
	for i := range t.listed {
		if t.listed[i].code == code {
			return t.listed[i].n >= t.limit
		}
	}
	return false
}

// list counts a finding of code listed, up to the limit.
func (t *Tally) list(code Code) {
	for i := range t.listed {
		if c := &t.listed[i]; c.code == code {
			c.n = min(c.n+1, t.limit)
			return
		}
	}
	t.listed = append(t.listed, codeCount{code, 1})
}

// Counted returns the findings dropped on the boards done, a Counted for
// each code and severity, in the order first dropped.
func (t *Tally) Counted() []Counted {
	if t == nil {
		return nil
	}
	return t.counted
}

// count adds a finding of code and sev on board (0: unknown) to list.
func count(list []Counted, code Code, sev Severity, board int) []Counted {
	i := 0
	for i < len(list) && (list[i].Code != code || list[i].Severity != sev) {
		i++
	}
	if i == len(list) {
		list = append(list, Counted{Code: code, Severity: sev})
	}
	c := &list[i]
	c.N++
	if board > 0 {
		if c.Lo == 0 || board < c.Lo {
			c.Lo = board
		}
		c.Hi = max(c.Hi, board)
	}
	return list
}
