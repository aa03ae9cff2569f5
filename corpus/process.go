package corpus

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/ddcheck"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser"
	"github.com/bridgekit/bridgekit/parser/charset"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"

	"github.com/bridgekit/bridgekit/auction"
)

// AuditOptions configure Audit and Process.
type AuditOptions struct {
	RunOptions
	// Boards keeps each record.Board in Board.Board, for commands that
	// show or write boards. An audit leaves it off, so that memory holds a
	// few counts per board rather than the boards themselves.
	Boards bool
	// WholeLimit is the size up to which an input is read whole by one
	// worker; a larger one, or one of unknown size, is cut into batches
	// of games that workers read, convert and check, so that one large
	// file uses every core and its results are emitted as they come.
	// Default 4 MiB; with Boards, 64 KiB, since kept boards take far more
	// memory than their text.
	WholeLimit int64
	// SkipDuplicates turns off the search for deals that repeat across
	// the run. The search keeps the first place of every distinct deal and
	// board in a DuplicateIndex of DuplicateIndexSize bytes, by default
	// about half a million deals; past that it stops recording new deals
	// and Audit says so once, in a duplicate-index-full finding. Skipping
	// it saves that memory and the time of hashing every deal.
	SkipDuplicates bool
	// AllFindings lists every finding. Without it, Audit lists only the
	// first RepeatLimit findings of each code in a file, and then one
	// that says how many more there are and on which boards.
	AllFindings bool
	// DuplicateIndexSize is the memory the search for repeated deals may
	// hold, in bytes (see NewDuplicateIndexSize); 0 for
	// DefaultDuplicateIndexSize.
	DuplicateIndexSize int
	// Certify checks every PBN file against the export format of PBN 2.1
	// (package certify); without it, only the files whose header claims
	// it ("% EXPORT") are checked.
	Certify bool
	// Encoding, when set, is the character encoding every input is read
	// in (a label charset.LookupEncoding knows), instead of the one the
	// readers find.
	Encoding string
	// Source, when set, is called with each input as it is opened and
	// returns a writer that is given a copy of every byte read of it, or
	// nil for none. A command that compares what it writes with what it
	// read (fmt -l, -d) needs it for the inputs it cannot open again
	// (Input.Streamed). A write error of the copy ends the reading of the
	// input with that error.
	Source func(*Input) io.Writer
	// Work, when set, is called with each part in the worker that read
	// it, before the part is delivered, and what it returns is the part's
	// Work. Parts are delivered one at a time in input order; what a
	// command makes of a part that needs no order (fix's planning) is
	// done here, on every core. It sees the part before the findings that
	// depend on the whole run: duplicate deals and the repeat cap.
	Work func(*Part) any
	// Reuse says that emit keeps nothing of a part's boards once it
	// returns: no *Board, and no Part.Boards or Board.Findings slice (the
	// findings themselves, copied, may be kept). Audit then uses the
	// boards' memory, and that of their findings, again for the boards of
	// later parts: the boards of an audit otherwise take about a byte of
	// new memory for each byte read. Process ignores it.
	Reuse bool
	// DD, when set, solves the deals of the boards it takes (see
	// ddcheck.Checker.Board), in the worker that reads them, and holds
	// each board's double-dummy tables, par and claims against its deal
	// (scoring.CheckSolved); Board.DD keeps what it solved. Off, nothing
	// is solved.
	DD *ddcheck.Checker
	// SkipChecks leaves out the checks that only find, for a reading
	// whose findings are dropped (IndexRooms): the export-format check
	// and scoring's checks of the numbers a board states. Boards are
	// still read, converted and replayed.
	SkipChecks bool

	batchBytes int // the size of a batch; tests make it small
	// tally makes the workers count, not make, the findings past
	// RepeatLimit that Audit would drop (see repeatCap); Audit sets it
	// unless AllFindings, or Work, which sees a part's findings before
	// they are dropped.
	tally bool
}

// DefaultWholeLimit is the default of AuditOptions.WholeLimit.
const DefaultWholeLimit = 4 << 20

// batchBytes is the source text in one batch of games of a large input, or
// in a group of small inputs: large enough that a batch costs far more
// than its scheduling, small enough that its games, read, take a few
// megabytes: their syntax trees are some twenty times the text, and each
// worker holds a batch or two. Measured on two cores, a batch of 64 KiB
// audits a large file 15% faster than one of 256 KiB, because the
// collector has less to scan and memory is reused while still in cache.
const batchBytes = 64 << 10

// largeBatchBytes caps a batch of a large input's games, below batchBytes.
// A worker holds its whole batch's syntax trees until its turn to admit
// them, and with two workers the live heap stood at 22 to 25 MB of the
// memory limit's 36 MB goal: the collector ran 50 times over a 90 MB PBN
// file, against 25 with one worker. At 32 KiB it runs 24 times, and two
// workers audit that file in 1.29 s and 2.45 s of CPU, not 1.55 and 2.91
// (medians of five runs alternated); one worker is not slower (2.26 s
// against 2.30). Groups of small inputs stay at batchBytes, where a task's
// fixed cost (a file's reader and parser, its part) weighs more, and so do
// the batches of commands that keep the boards (AuditOptions.Boards).
const largeBatchBytes = 32 << 10

// maxBatchBoards caps the games of a batch when its boards are kept
// (AuditOptions.Boards): a board is kilobytes of tags, calls and cards
// however short its text, and a batch of 64 KiB of one-line games held
// five thousand of them; with the batches in flight, a million tiny
// games took a gigabyte.
const maxBatchBoards = 128

// keptPendingPerJob and keptInFlightPerJob bound the tasks and the input
// bytes in flight, per job, when boards are kept: a quarter of what an
// audit allows.
const (
	keptPendingPerJob  = 4
	keptInFlightPerJob = 1 << 20
)

// A Board is one board of an input with what the audit found about it.
type Board struct {
	// Board is the board as read and replayed; nil unless
	// AuditOptions.Boards.
	Board *record.Board
	// Game is the 1-based index of the PBN game or LIN record in its file;
	// Number the board number, 0 when unknown.
	Game, Number int
	// Findings are what the reader, the converter and the replay found
	// about the board, in the order of their places in the file.
	Findings diag.List
	// DD is the solver's table of the board's deal, or why there is none,
	// under AuditOptions.DD; nil without it.
	DD *scoring.Solution

	start diag.Pos     // where the game starts
	deal  auction.Deal // the full deal, turned as auction.Deal.Turned turns it; none when not full
	place Place
	// Where a duplicate-deal finding about the board goes (see dealAt), and
	// the board's label when it is not its number.
	dealPos diag.Pos
	label   string
	room    *scoring.Room // the board's room of a team match, if it is one
	// session tells the board's session from others of its event (see
	// Place).
	session string
	// What the board's traveller gives each pair, and the rows of its
	// total table, for the file's totals.
	contrib []scoring.Contribution
	totals  []scoring.TotalRow
	// totalsScope tells apart the fields a file ranks apart (a USEBIO
	// file's sections, each with its participants): "" for a file that
	// is one field. A file's scopes follow one another.
	totalsScope string
}

// dealAt returns an empty finding placed where one about the board's deal
// goes.
func (b *Board) dealAt() diag.Diagnostic {
	return diag.Diagnostic{File: b.place.File, Game: b.Game, Board: b.Number, Label: b.label, Span: diag.Span{Pos: b.dealPos}}
}

// Session is what tells the board's session from the other sessions of
// its event: the stage, round, date or segment, or "" (see Place).
func (b *Board) Session() string { return b.session }

// A Part is a piece of what Audit or Process found in one input: a batch of
// its boards, and findings about the file as a whole. A small input comes
// in one Part; a large one in several, in file order, the last with Last
// set.
type Part struct {
	// Input is the input the part belongs to; nil when Err is an error of
	// discovery (a missing path, an unreadable archive) or for Process.
	Input *Input
	// Name is the input's name; "" for an error of discovery.
	Name   string
	Format parser.Format
	Boards []*Board
	// Findings are about the file rather than one board: the encoding
	// chosen, header lines, text after the last game, text that is no
	// record at all.
	Findings diag.List
	// Err is set when the input could not be read, or reading broke off
	// (an I/O error, an archive limit); the boards read before it are
	// still in the Part, which is then the last.
	Err  error
	Last bool
	// Trailer holds what follows the last game of a PBN input without
	// belonging to one, as a board with only Escapes (% lines) and Leading
	// (commentary), for a writer's WriteTrailer; set on the last part when
	// AuditOptions.Boards is, and nil when there is nothing.
	Trailer *record.Board
	// Report counts what the part holds: its games, contracts and
	// findings; on the last part also the file, its bytes, format,
	// encoding and generator. The parts of an input sum to its report.
	// Duplicate-deal findings, which depend on the whole run, are counted
	// only in Audit's total.
	Report Report
	// Work is what AuditOptions.Work made of the part; nil without it.
	Work any
	// TotalRepairs are, on a file's last part, the totals of its
	// TotalScoreTable its travellers prove wrong (scoring.Totals), for fix.
	TotalRepairs []scoring.TotalRepair

	// late holds the findings that a later board completes about an
	// earlier place: those of a room about the other room of its board,
	// which the later one completes, and those of total tables, which a
	// scope's last board completes. Each comes before the board at index
	// at, or after the last board (at is len(Boards)) for the file's own
	// totals at its end, in the order of at. They are placed by that board,
	// not by the place they are about, so that a file read in parts gives
	// them where it gives them read whole: that place is often in a part
	// already given out.
	late []lateFinding
	// tally counts the findings the part's worker did not make (see
	// AuditOptions.tally), until Audit takes them in.
	tally *diag.Tally
}

// addLate adds d to the late findings, to come before the board at index
// at (see Part.late), after those already there for it.
func (p *Part) addLate(at int, d diag.Diagnostic) {
	i, _ := slices.BinarySearchFunc(p.late, at+1, func(f lateFinding, at int) int { return cmp.Compare(f.at, at) })
	p.late = slices.Insert(p.late, i, lateFinding{at, d})
}

// A lateFinding is a finding of Part.late.
type lateFinding struct {
	at int
	d  diag.Diagnostic
}

// All yields every finding of the part in file order: those about the
// file that come before each board, those the board completes about
// earlier places (see Part.late), the board's, and those about the file
// after the last board, then those of the file's total tables. Findings
// without a place, such as the encoding, which only the whole file can
// tell, come last.
func (p *Part) All() iter.Seq[diag.Diagnostic] {
	return func(yield func(diag.Diagnostic) bool) {
		rest, late := p.Findings, p.late
		// file yields the findings about the file that rest starts with
		// and before says are due, then the late ones due at board i.
		file := func(before func(diag.Diagnostic) bool, i int) bool {
			for ; len(rest) > 0 && before(rest[0]); rest = rest[1:] {
				if !yield(rest[0]) {
					return false
				}
			}
			for ; len(late) > 0 && late[0].at == i; late = late[1:] {
				if !yield(late[0].d) {
					return false
				}
			}
			return true
		}
		for i, b := range p.Boards {
			if !file(func(d diag.Diagnostic) bool { return d.Before(b.start) }, i) {
				return
			}
			for _, f := range b.Findings {
				if !yield(f) {
					return
				}
			}
		}
		if !file(func(d diag.Diagnostic) bool { return d.IsValid() }, len(p.Boards)) {
			return
		}
		for _, f := range rest {
			if !yield(f) {
				return
			}
		}
	}
}

// Audit reads, replays and checks every board of inputs, in parallel
// within the limits of opts, and calls emit with the parts of each input
// in input order; emit is never called concurrently. An error of
// discovery reaches emit as a Part with Err set and a nil Input.
//
// An input up to AuditOptions.WholeLimit is read whole by one worker. A
// larger one, or one of unknown size, is cut into the texts of its games
// in the goroutine that called Audit, and workers read, convert and check
// batches of them, so that one large file uses every core and memory holds
// a few batches whatever its size. What a game takes from those before it
// (PBN's inherited tag values, a follow-up game's deal, a LIN vugraph
// header) is passed from batch to batch in file order.
//
// Across the run, Audit finds deals that repeat (see DuplicateIndex) and
// adds a duplicate-deal finding, at the later board's deal, to that board,
// unless AuditOptions.SkipDuplicates. It returns the report of the whole
// run, in which Deals counts the distinct full deals the search recorded
// (0 with SkipDuplicates), and an error only if ctx was done before every
// input was taken.
func Audit(ctx context.Context, inputs iter.Seq2[*Input, error], opts AuditOptions, emit func(*Part)) (*Report, error) {
	opts = opts.withDefaults()
	opts.tally = !opts.AllFindings && opts.Work == nil && tallyFindings
	dups := NewDuplicateIndexSize(opts.DuplicateIndexSize)
	matches := scoring.NewMatches()
	var totals fileTotals
	total := &Report{}
	var repeats repeatCap
	t := &tasks{opts: opts, seq: NewSequencer(ctx, opts.RunOptions, func(parts []*Part) {
		for _, p := range parts {
			if !opts.SkipDuplicates {
				p.duplicates(dups, total)
			}
			p.pairRooms(matches)
			p.addTotals(&totals)
			if !opts.AllFindings {
				repeats.apply(p)
			}
			total.Merge(&p.Report)
			if p.Err != nil {
				total.Unreadable++
			}
			emit(p)
			if opts.Reuse {
				p.recycle()
			}
		}
	})}
	var err error
	for in, ierr := range inputs {
		switch {
		case ierr != nil:
			err = t.add(0, func() *Part { return &Part{Err: ierr, Last: true} })
		case in.Size >= 0 && in.Size <= opts.WholeLimit && !in.Streamed():
			err = t.small(in)
		default:
			err = readLarge(in, opts, t)
		}
		if err != nil {
			break
		}
	}
	if err == nil {
		err = t.flush()
	}
	t.seq.Wait()
	// A room still waiting for its other states IMPs nothing can check.
	total.Coverage.Skip(diag.FieldIncomplete, matches.Waiting())
	return total, err
}

// tasks hands the work of Audit to a Sequencer. Small inputs go in groups
// of about batchBytes, read one after the other by one worker: a task per
// file of a few kilobytes would cost more in handing it to a worker than in
// reading it, and leave the other cores idle.
type tasks struct {
	opts  AuditOptions
	seq   *Sequencer[[]*Part]
	group []*Input
	size  int64
}

// small adds an input that is read whole, in a group with the next ones.
func (t *tasks) small(in *Input) error {
	t.group = append(t.group, in)
	t.size += in.Size
	if t.size >= int64(t.opts.batchBytes) {
		return t.flush()
	}
	return nil
}

// flush hands the group of small inputs to a worker.
func (t *tasks) flush() error {
	if len(t.group) == 0 {
		return nil
	}
	group, size := t.group, t.size
	t.group, t.size = nil, 0
	return t.seq.Add(size, func() []*Part {
		parts := make([]*Part, len(group))
		for i, in := range group {
			parts[i] = t.work(processInput(in, t.opts))
		}
		return parts
	})
}

// work does AuditOptions.Work on p.
func (t *tasks) work(p *Part) *Part {
	if t.opts.Work != nil {
		p.Work = t.opts.Work(p)
	}
	return p
}

// add hands a task of the given weight to a worker, after the small
// inputs before it.
func (t *tasks) add(weight int64, f func() *Part) error {
	if err := t.flush(); err != nil {
		return err
	}
	return t.seq.Add(weight, func() []*Part { return []*Part{t.work(f())} })
}

// ddBatchBytes is the batch of AuditOptions.DD: a few boards, where a
// deal takes the solver seconds, so that the boards of one file, or of a
// group of small files, go to every solver rather than wait for one.
const ddBatchBytes = 2 << 10

func (o AuditOptions) withDefaults() AuditOptions {
	if o.DD != nil {
		if o.WholeLimit <= 0 {
			o.WholeLimit = ddBatchBytes
		}
		if o.batchBytes <= 0 {
			o.batchBytes = ddBatchBytes
		}
	}
	if o.Boards {
		// A task's boards, kept, are some fifty times its text, and every
		// pending task holds them until its turn: fewer wait.
		jobs := o.RunOptions.withDefaults().Jobs
		if o.MaxPending <= 0 {
			o.MaxPending = keptPendingPerJob * jobs
		}
		if o.MaxInFlight <= 0 {
			o.MaxInFlight = keptInFlightPerJob * int64(jobs)
		}
	}
	o.RunOptions = o.RunOptions.withDefaults()
	switch {
	case o.WholeLimit > 0:
	case o.Boards:
		// Kept boards take far more memory than their text: a file of a
		// few megabytes of one-line games would be a gigabyte of boards
		// in one Part. Past a batch, it is read in batches.
		o.WholeLimit = batchBytes
	default:
		o.WholeLimit = DefaultWholeLimit
	}
	if o.batchBytes <= 0 {
		o.batchBytes = batchBytes
	}
	return o
}

// duplicates adds the duplicate-deal findings of the part's boards to them
// and to total, and counts the new distinct deals in total. The board at which
// the index fills up gets a duplicate-index-full finding; the index never
// empties, so that happens once in a run.
func (p *Part) duplicates(x *DuplicateIndex, total *Report) {
	for _, b := range p.Boards {
		if b.deal == (auction.Deal{}) {
			continue
		}
		before, wasFull := x.Deals(), x.Full()
		add := func(code diag.Code, msg string) {
			f := b.dealAt()
			f.Severity, f.Code, f.Message = diag.Info, code, msg
			b.Findings = append(b.Findings, f)
			total.AddFinding(f)
		}
		for _, d := range x.AddDeal(b.deal, b.place) {
			f := d.Finding(b.dealAt())
			b.Findings = append(b.Findings, f)
			total.AddFinding(f)
		}
		if !wasFull && x.Full() {
			add(diag.DuplicateIndexFull, fmt.Sprintf(
				"the index of deals is full after %d distinct deals (%s): repeats of this and later new deals are not looked for",
				x.Deals(), human(int64(x.size))))
		}
		total.Deals += x.Deals() - before
	}
}

// Process reads one input whole, named name, from r: it tells its format
// by content (and name), reads every game or record, converts it to a
// board, replays it and checks it. It returns one Part with Last set; a
// read error is the Part's Err, after the boards read before it.
func Process(name string, r io.Reader, opts AuditOptions) *Part {
	p := process(name, r, -1, opts)
	m := scoring.NewMatches()
	p.pairRooms(m)
	p.Report.Coverage.Skip(diag.FieldIncomplete, m.Waiting())
	var t fileTotals
	p.addTotals(&t)
	return p
}

// fileTotals adds up the travellers of the file being read, part by part,
// and of the scope of its boards being read.
type fileTotals struct {
	name  string
	scope string
	t     *scoring.Totals
}

// addTotals adds the part's travellers to the totals of its file, and
// adds the findings of a scope's total table when the scope ends: at the
// file's last part, or at a board of another scope.
func (p *Part) addTotals(ft *fileTotals) {
	if ft.t == nil || ft.name != p.Name {
		ft.name, ft.scope, ft.t = p.Name, "", scoring.NewTotals()
	}
	for i, b := range p.Boards {
		if b.totalsScope != ft.scope {
			p.checkTotals(ft.t, i)
			ft.scope, ft.t = b.totalsScope, scoring.NewTotals()
		}
		if len(b.contrib) > 0 || len(b.totals) > 0 {
			ft.t.Add(b.contrib, b.totals, diag.Diagnostic{File: p.Name, Game: b.Game, Board: b.Number})
		}
		b.contrib, b.totals = nil, nil
	}
	if p.Last {
		p.checkTotals(ft.t, len(p.Boards))
		p.Findings.Sort()
		ft.t = nil
	}
}

// checkTotals adds the findings, coverage and repairs of a scope's totals
// to the part, the findings to come before its board at (see Part.late).
func (p *Part) checkTotals(t *scoring.Totals, at int) {
	found := diag.List(t.Check())
	found.Sort()
	for _, d := range found {
		p.addLate(at, d)
		p.Report.AddFinding(d)
	}
	p.Report.Coverage.Merge(&t.Coverage)
	p.TotalRepairs = append(p.TotalRepairs, t.Repairs...)
}

// pairRooms pairs the rooms of the part's team-match boards with those
// before them in the run, and adds what pairing finds: to the board that
// completes the pair when it is about that board, else to come just
// before it (Part.late: the other room, which may be in another part or
// another file).
func (p *Part) pairRooms(m *scoring.Matches) {
	for i, b := range p.Boards {
		if b.room == nil {
			continue
		}
		for _, d := range m.Add(b.room) {
			if d.File == p.Name && d.Game == b.Game {
				b.Findings = append(b.Findings, d)
				b.Findings.Sort()
			} else {
				p.addLate(i, d)
			}
			p.Report.AddFinding(d)
		}
		b.room = nil // paired or waiting in m: the part need not hold it
	}
	p.Report.Coverage.Merge(&m.Coverage) // what this part's rooms checked
	m.Coverage = diag.Ledger{}
}

// process is Process for an input of the given size, -1 when unknown.
func process(name string, r io.Reader, size int64, opts AuditOptions) *Part {
	cr := &counter{r: r}
	h, err := sniff(name, cr, size)
	return whole(&Part{Name: name}, cr, h, err, opts)
}

// processInput opens in and processes it whole.
func processInput(in *Input, opts AuditOptions) *Part {
	rc, err := in.Open()
	if err != nil {
		return &Part{Input: in, Name: in.Name, Err: err, Last: true}
	}
	defer rc.Close()
	p := process(in.Name, opts.tee(in, rc), in.Size, opts)
	p.Input = in
	return p
}

// tee returns r, copying what is read of it to the writer
// AuditOptions.Source gives for in, if any.
func (o AuditOptions) tee(in *Input, r io.Reader) io.Reader {
	if o.Source != nil {
		if w := o.Source(in); w != nil {
			return io.TeeReader(r, w)
		}
	}
	return r
}

// head is the start of an input and what it tells of the format.
type head struct {
	format parser.Format
	// content is set when the content says the format, not only the name.
	content bool
	body    io.Reader // the whole input, head included
}

// sniff reads the head of an input of the given size (-1 when unknown).
func sniff(name string, r io.Reader, size int64) (head, error) {
	n := int64(parser.SniffLen)
	if size >= 0 && size < n {
		n = size + 1 // one more, to see the end
	}
	buf := make([]byte, n)
	got, err := io.ReadFull(r, buf)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return head{}, err
	}
	buf = buf[:got]
	h := head{format: parser.Detect(name, buf), content: parser.Sniff(buf) != parser.Unknown}
	if int64(got) < n {
		// The whole input is in buf: reading on would only find its end
		// again.
		h.body = charset.Held(buf)
	} else {
		h.body = io.MultiReader(bytes.NewReader(buf), r)
	}
	return h, nil
}

// A reading is one input being read in one of the formats: the texts of
// its games or records (T) in order, what they read as (U), and what a unit
// needs from those before it.
type reading[T, U any] interface {
	// units yields the texts in order; the error is a read error, which
	// ends the sequence.
	units() iter.Seq2[T, error]
	// size is the text of the unit, in bytes.
	size(t T) int
	// parser returns a function that reads texts into units, and one to
	// call once it is done with (see arena). It runs in a worker, in any
	// order with the batches of other workers; it must not touch the
	// reader.
	parser() (parse func(T) U, done func())
	// admit takes each unit in file order, before it is converted; the
	// units of a batch are admitted once those of the batches before have
	// been.
	admit(u U)
	// context returns the units before next that a converter starting
	// at it must take first (see converter).
	context(next U) []U
	// converter returns a function that converts, checks and adds to a
	// Part the units of a batch in order, having taken ctx first. It is
	// called in turn with admit; the function it returns runs in a worker
	// and must not touch the reader.
	converter(ctx []U) func(p *Part, u U)
	// diagnostics returns what the reader found about the input as a
	// whole so far.
	diagnostics() diag.List
	// finish completes the last Part once the input has been read and
	// every unit admitted: diags are the reader's findings not yet given
	// to a Part.
	finish(p *Part, diags diag.List)
}

// whole reads a sniffed input whole into p, the input's only Part; err is
// that of sniffing.
func whole(p *Part, cr *counter, h head, err error, opts AuditOptions) *Part {
	p.Format, p.Last = h.format, true
	if err == nil {
		st := &fileState{name: p.Name, opts: opts}
		switch h.format {
		case parser.PBN:
			err = readWhole(p, newPBNReading(st, h.body), h)
		case parser.LIN, parser.HTML:
			err = readWhole(p, newLINReading(st, h.body), h)
		case parser.USEBIO:
			err = readWhole(p, newUSEBIOReading(st, h.body), h)
		case parser.BWS:
			err = readBWS(p, st, cr, h)
		default:
			st.notRecord(p)
			_, err = io.Copy(io.Discard, h.body)
		}
	}
	p.Err = err
	p.fileCounts(h.format, cr.n)
	return p
}

// spareBoards are boards done with, for the converters to fill again, so
// that the memory of a board (its lists of tags, calls and cards) serves
// one file after another, as it serves one game after another, rather than
// being allocated again for each of thousands of small files. Only an audit
// that does not keep its boards gives them back.
var spareBoards sync.Pool

// spareBoard returns a board from spareBoards, or nil.
func spareBoard() *record.Board {
	b, _ := spareBoards.Get().(*record.Board)
	return b
}

// readWhole reads every unit of r into p and returns the read error.
func readWhole[T, U any](p *Part, r reading[T, U], h head) error {
	var conv func(*Part, U)
	var err error
	parse, done := r.parser()
	defer done()
	for t, rerr := range r.units() {
		if rerr != nil {
			err = rerr
			break
		}
		u := parse(t)
		r.admit(u)
		if conv == nil {
			conv = r.converter(nil)
		}
		conv(p, u)
	}
	if len(p.Boards) == 0 && !h.content && err == nil {
		// Read for its name alone, and nothing in it is a record.
		(&fileState{name: p.Name}).notRecord(p)
		return nil
	}
	r.finish(p, r.diagnostics())
	return err
}

// fileCounts completes the report of an input's last part: the file, its
// bytes and format, and the findings of the part.
func (p *Part) fileCounts(f parser.Format, n int64) {
	p.Report.Files = 1
	p.Report.Bytes = n
	p.Report.Formats.Add(f.String(), 1)
	p.count()
}

// count adds the part's findings to its report, those its tally stands
// for among them.
func (p *Part) count() {
	for _, f := range p.Findings {
		p.Report.AddFinding(f)
	}
	for _, b := range p.Boards {
		for _, f := range b.Findings {
			p.Report.AddFinding(f)
		}
	}
	for _, k := range p.tally.Counted() {
		p.Report.Codes.Add(string(k.Code), k.N)
		p.Report.Severities.Add(k.Severity.String(), k.N)
	}
}

// tallyFindings lets Audit count rather than make the findings it would
// drop (AuditOptions.tally); a variable, so that a test can compare whole
// audits both ways.
var tallyFindings = true

// tallyOf returns the tally of p's findings, nil when every finding is to
// be made.
func (st *fileState) tallyOf(p *Part) *diag.Tally {
	if p.tally == nil && st.opts.tally {
		p.tally = diag.NewTally(RepeatLimit)
	}
	return p.tally
}

// readLarge reads a large input unit by unit in the calling goroutine and
// hands batches of units to workers, which convert and check them.
func readLarge(in *Input, opts AuditOptions, t *tasks) error {
	rc, err := in.Open()
	if err != nil {
		return t.add(0, func() *Part { return &Part{Input: in, Name: in.Name, Err: err, Last: true} })
	}
	defer rc.Close()
	cr := &counter{r: opts.tee(in, rc)}
	h, err := sniff(in.Name, cr, in.Size)
	st := &fileState{name: in.Name, opts: opts}
	switch {
	case err == nil && h.content && h.format == parser.PBN:
		return readBatches(in, newPBNReading(st, h.body), cr, h.format, t)
	case err == nil && h.content && (h.format == parser.LIN || h.format == parser.HTML):
		return readBatches(in, newLINReading(st, h.body), cr, h.format, t)
	case err == nil && h.content && h.format == parser.USEBIO:
		return readBatches(in, newUSEBIOReading(st, h.body), cr, h.format, t)
	}
	// Nothing to read in parallel: read it whole, here.
	p := whole(&Part{Input: in, Name: in.Name}, cr, h, err, opts)
	return t.add(0, func() *Part { return p })
}

// readBatches reads the texts of r's units, cuts them into batches of
// about largeBatchBytes (batchBytes when the boards are kept) and hands a
// task per batch to a worker; the last task, with no units, completes the
// input. A worker reads its batch's units,
// then waits for its turn to admit them: the batches before must have been
// admitted, as a unit may take something from those before it. The turn
// passes from task to task down a chain of channels; tasks start in the
// order they are added, so the one whose turn it is is always running.
func readBatches[T, U any](in *Input, r reading[T, U], cr *counter, f parser.Format, t *tasks) error {
	var batch []T
	size, seen := 0, 0
	limit := t.opts.batchBytes
	if !t.opts.Boards {
		// Kept boards are bounded by maxBatchBoards, and the notes of fix
		// come out a part at a time: their batches stay as they were.
		limit = min(limit, largeBatchBytes)
	}
	turn := make(chan struct{})
	close(turn)
	flush := func(rerr error) error {
		texts, weight := batch, size
		last := texts == nil
		batch, size = nil, 0
		mine, next := turn, make(chan struct{})
		turn = next
		// The reader's findings about the file so far (the header, with
		// the first batch) go with this batch; the encoding, which the
		// rest of the input may change, with the last.
		var diags, enc diag.List
		for _, d := range r.diagnostics() {
			if d.Code == diag.Encoding {
				enc = append(enc, d)
			} else {
				diags = append(diags, d)
			}
		}
		diags = diags[seen:]
		seen += len(diags)
		if last {
			diags = append(diags, enc...)
		}
		n := cr.n
		return t.add(int64(weight), func() *Part {
			p := &Part{Input: in, Name: in.Name, Format: f, Err: rerr, Last: last}
			parse, done := r.parser()
			units := make([]U, len(texts))
			for i, text := range texts {
				units[i] = parse(text)
			}
			done()
			<-mine
			if last {
				r.finish(p, diags)
				p.fileCounts(f, n)
				return p
			}
			var ctx []U
			if len(units) > 0 {
				ctx = r.context(units[0])
			}
			for _, u := range units {
				r.admit(u)
			}
			conv := r.converter(ctx)
			close(next)
			for _, u := range units {
				conv(p, u)
			}
			(&fileState{name: in.Name}).fileDiagnostics(p, diags)
			p.count()
			return p
		})
	}
	for u, rerr := range r.units() {
		if rerr != nil {
			if batch != nil {
				if err := flush(nil); err != nil {
					return err
				}
			}
			return flush(rerr)
		}
		batch = append(batch, u)
		size += r.size(u)
		if size >= limit || t.opts.Boards && len(batch) >= maxBatchBoards {
			if err := flush(nil); err != nil {
				return err
			}
		}
	}
	if batch != nil {
		if err := flush(nil); err != nil {
			return err
		}
	}
	return flush(nil)
}

// fileState is what the reading of one file shares between its formats.
type fileState struct {
	name string
	opts AuditOptions
}

// notRecord reports an input that holds no bridge record at all.
func (st *fileState) notRecord(p *Part) {
	p.Findings = append(p.Findings, diag.Diagnostic{
		File: st.name, Severity: diag.Error, Code: diag.Syntax,
		Message: "not a PBN or LIN file: no tag pair or label|value| pair in it",
	})
}

// board adds a converted board to p: the reader's diagnostics about its
// game or record, the converter's findings and those of the replay, which
// it runs.
//
// event, session and match are what, beside its number, tell the board
// from others (see Place).
func (st *fileState) board(p *Part, ck *record.Checker, b *record.Board, mapped []diag.Diagnostic, diags diag.List, start diag.Pos, event, session, match string) {
	r := st.newBoard()
	own := r.Findings[:0]
	game := b.Source.Game
	*r = Board{Game: game, Number: b.Number, start: start}
	// The solver and the scoring checks read what the replay found.
	ck.Tally = st.tallyOf(p)
	checked := ck.CheckShared(b)
	var solved []diag.Diagnostic
	if st.opts.DD != nil {
		r.DD, solved = st.opts.DD.Board(b)
	}
	var scored []diag.Diagnostic
	if !st.opts.SkipChecks {
		scored = scoring.CheckSolved(b, r.DD)
	}
	var found []diag.Diagnostic
	if len(checked) > 0 {
		// The checker's memory is its own: the board's findings are copied
		// into the board's, which a board used again brings.
		found = append(append(append(append(own, mapped...), checked...), scored...), solved...)
	} else {
		found = concat(mapped, scored, solved)
	}
	label := ""
	if l := b.BoardLabel(); l != strconv.Itoa(b.Number) {
		label = l
	}
	place := func(d *diag.Diagnostic) {
		d.File, d.Game, d.Board, d.Label = st.name, game, b.Number, label
		d.Message = clipQuotes(d.Message)
	}
	if len(diags) == 0 {
		// The reader found nothing (most games): the findings are found,
		// in place.
		for i := range found {
			place(&found[i])
		}
		r.Findings = found
	} else {
		r.Findings = make(diag.List, 0, len(diags)+len(found))
		for _, d := range diags {
			if reported(d) && !restated(d, found) {
				place(&d)
				r.Findings = append(r.Findings, d)
			}
		}
		for _, f := range found {
			place(&f)
			r.Findings = append(r.Findings, f)
		}
	}
	r.Findings.Sort()
	r.Findings = r.Findings.Cap(maxBoardFindings)
	p.tally.Listed(b.Number, r.Findings)
	p.Report.Coverage.Merge(&b.Coverage)
	p.Report.Games++
	p.Report.Boards++
	if fin := b.Final(); fin.ContractKnown {
		p.Report.AddContract(fin.Contract)
	}
	room, inMatch := scoring.RoomOf(b, session)
	if b.Deal.Full() {
		var turn int
		r.deal, turn = b.Deal.Turned()
		r.place = Place{File: st.name, Game: game, Board: b.BoardTag.Value, Event: event, Session: session, Match: match, Turn: turn}
		loc := b.DealTag.Loc
		if !loc.IsValid() || loc.Offset < b.Source.Loc.Offset {
			// A follow-up game's deal is that of the game before.
			loc = b.Source.Loc
		}
		r.dealPos, r.label = loc, label
	}
	r.contrib, r.totals, r.session = scoring.Contributions(b), scoring.ReadTotals(b), session
	if inMatch {
		room.At = diag.Diagnostic{File: st.name, Game: game, Board: b.Number, Label: label, Span: diag.Span{Pos: b.Source.Loc}}
		// A copy, so that the room of a board in no match (most) stays
		// off the heap.
		kept := room
		r.room = &kept
	}
	if st.opts.Boards {
		r.Board = b
	}
	p.Boards = append(p.Boards, r)
}

// spareCorpusBoards are boards an Audit with Reuse has emitted, each with
// the memory of its findings, for the boards of later parts. It holds at
// most maxSpareBoards: what it holds is live memory, and under the
// command line's memory limit a few megabytes more of it meant more
// collections than the boards saved (a part read whole may have
// thousands of boards; the rest go to the collector).
var spareCorpusBoards = make(chan *Board, maxSpareBoards)

// maxSpareBoards is about the boards of a batch of a large input (64 KiB
// of text), with room for the batches in flight.
const maxSpareBoards = 1024

// maxSpareFindings is the most findings a board used again keeps memory
// for: most boards have a few, and a board of many is left to the
// collector.
const maxSpareFindings = 32

// newBoard returns a board for fileState.board to fill: with Reuse, one
// emitted before, holding memory for its findings in Findings.
func (st *fileState) newBoard() *Board {
	if st.opts.Reuse {
		select {
		case b := <-spareCorpusBoards:
			return b
		default:
		}
	}
	return new(Board)
}

// recycle gives the part's boards, emitted, to the boards of later parts
// (AuditOptions.Reuse), as many as spareCorpusBoards takes, and lets go of
// them.
func (p *Part) recycle() {
	for _, b := range p.Boards {
		f := b.Findings
		if cap(f) > maxSpareFindings {
			f = nil
		}
		clear(f[:cap(f)])
		*b = Board{Findings: f[:0]}
		select {
		case spareCorpusBoards <- b:
		default:
		}
	}
	clear(p.Boards)
	p.Boards = nil
}

// concat returns the lists as one: the one list that has any findings
// itself, when only one has (most boards), else a copy.
func concat(lists ...[]diag.Diagnostic) []diag.Diagnostic {
	var only []diag.Diagnostic
	for _, l := range lists {
		switch {
		case len(l) == 0:
		case only != nil:
			return slices.Concat(lists...)
		default:
			only = l
		}
	}
	return only
}

// joinKnown joins the values given and known (not "" or "?") with ", ":
// the session of a place, what tells one session's boards from another's
// within an event (stage, round, section, date; a vugraph segment), since
// board 1 of the semi-final and board 1 of the final are two boards.
func joinKnown(values ...string) string {
	// Most boards have one value known or none: that one is returned as
	// it is, with no list and no join.
	var out string
	n := 0
	for _, v := range values {
		if v = strings.TrimSpace(v); known(v) {
			if n++; n == 1 {
				out = v
			} else {
				out += ", " + v
			}
		}
	}
	return out
}

// matchName names a team match by its teams, "Home v Visit", or is ""
// when neither is known.
func matchName(home, visit string) string {
	if !known(home) && !known(visit) {
		return ""
	}
	return strings.TrimSpace(home) + " v " + strings.TrimSpace(visit)
}

// matchNames is matchName for the boards of a file, which name the same
// teams board after board: the name is made again only when they change.
type matchNames struct {
	home, visit, name string
	made              bool // name is made, "" included: most files name no teams
}

func (m *matchNames) of(home, visit string) string {
	if !m.made || home != m.home || visit != m.visit {
		m.home, m.visit, m.name, m.made = home, visit, matchName(home, visit), true
	}
	return m.name
}

// known reports whether a value is given: not "" and not "?".
func known(v string) bool {
	if v == "" {
		return false // most of the scope's tags, on most games
	}
	v = strings.TrimSpace(v)
	return v != "" && v != "?"
}

// maxBoardFindings caps the findings listed for one board: an auction of
// two thousand insufficient bids is not two thousand things to read.
const maxBoardFindings = 100

// maxQuote is the most bytes of text a message quotes: a 700 KB deal
// quoted whole would be a 700 KB line.
const maxQuote = 200

// clipQuotes shortens every quoted run of msg longer than maxQuote bytes
// to its first maxQuote bytes and "…".
func clipQuotes(msg string) string {
	if len(msg) <= maxQuote {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			break
		}
		j := strings.IndexByte(msg[i+1:], '"')
		if j < 0 {
			break
		}
		quoted := msg[i+1 : i+1+j]
		b.WriteString(msg[:i+1])
		if len(quoted) > maxQuote {
			cut := maxQuote
			for cut > 0 && !utf8.RuneStart(quoted[cut]) {
				cut--
			}
			quoted = quoted[:cut] + "…"
		}
		b.WriteString(quoted)
		b.WriteByte('"')
		msg = msg[i+2+j:]
	}
	b.WriteString(msg)
	return b.String()
}

// restated says whether the reader's warning d is about a LIN pair whose
// value the converter or the replay found in error (found): "mb value 1X is not a call" beside
// "call 2: 1X is not a call", or a hand the reader could not read beside
// the invalid deal. The converter's error says what the value means for
// the board, so the warning would only say it again.
func restated(d diag.Diagnostic, found []diag.Diagnostic) bool {
	if d.Pair == 0 || d.Severity != diag.Warning {
		return false
	}
	for _, f := range found {
		if f.Pair == d.Pair && f.Severity == diag.Error {
			return true
		}
	}
	return false
}

// fileDiagnostics adds the reader's findings about the file as a whole.
func (st *fileState) fileDiagnostics(p *Part, diags diag.List) {
	for _, d := range diags {
		if reported(d) {
			d.File, d.Message = st.name, clipQuotes(d.Message)
			p.Findings = append(p.Findings, d)
		}
	}
	p.Findings.Sort()
}

// reported says whether a diagnostic of the reader is a finding: all are
// but the quiet ones (see diag.CodeInfo.Quiet), which say what it accepted
// as written (a call spelt in Russian, a web page holding LIN), and its
// warning on a LIN label it does not know, which the converter reports as
// unknown-tag.
func reported(d diag.Diagnostic) bool {
	info, ok := d.Code.Info()
	return !ok || !info.Quiet
}

// finishFile adds the reader's last findings about the file to its last
// part, and records the encoding and the program that wrote the file in
// the part's report. The encoding is a finding only when it is worth
// knowing: text that is neither ASCII nor UTF-8, or UTF-8 mixed with
// stray 8-bit bytes. It comes after the other findings without a place,
// as it does when a large file is read in parts.
func (st *fileState) finishFile(p *Part, enc charset.Encoding, generator string, diags diag.List) {
	var encs diag.List
	diags = slices.DeleteFunc(slices.Clone(diags), func(d diag.Diagnostic) bool {
		if d.Code == diag.Encoding {
			encs = append(encs, d)
			return true
		}
		return false
	})
	if enc.Name != "US-ASCII" && (enc.Name != "UTF-8" || strings.Contains(enc.Reason, "stray")) {
		diags = append(diags, encs...)
	}
	st.fileDiagnostics(p, diags)
	if enc.Name != "" {
		p.Report.Encodings.Add(enc.Name, 1)
	}
	if generator != "" {
		p.Report.Generators.Add(generator, 1)
	}
}
