package corpus

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"iter"
	"math"
	"slices"
	"strings"

	"bridgekit/auction"
	"bridgekit/convert"
	"bridgekit/parser"
)

// AuditOptions configure Audit and Process.
type AuditOptions struct {
	RunOptions
	// Boards keeps each auction.Board in Board.Board, for commands that
	// show or write boards. An audit leaves it off, so that memory holds a
	// few counts per board rather than the boards themselves.
	Boards bool
	// WholeLimit is the size up to which an input is read whole by one
	// worker; a larger one, or one of unknown size, is read game by game
	// while workers convert and check batches of its games, so that one
	// large file uses every core and its results are emitted as they come.
	// Default 4 MiB.
	WholeLimit int64
}

// DefaultWholeLimit is the default of AuditOptions.WholeLimit.
const DefaultWholeLimit = 4 << 20

// batchBytes is the source text in one batch of games of a large input:
// large enough that a batch costs far more than its scheduling, small
// enough that a few batches per worker stay in memory.
const batchBytes = 256 << 10

// maxChain bounds the games a batch converts again to rebuild its first
// game's predecessor (see [fileState.chain]).
const maxChain = 16

// A Board is one board of an input with what the audit found about it.
type Board struct {
	// Board is the board as read and replayed; nil unless
	// AuditOptions.Boards.
	Board *auction.Board
	// Game is the 1-based index of the PBN game or LIN record in its file;
	// Number the board number, 0 when unknown.
	Game, Number int
	// Findings are what the reader, the converter and the replay found
	// about the board, in the order of their places in the file.
	Findings []Finding

	line  int    // the game's first line
	deal  string // the full deal in PBN form, "" when the deal is not full
	place Place
	at    Finding // where a duplicate-deal finding about the board goes
}

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
	Format Format
	Boards []*Board
	// Findings are about the file rather than one board: the encoding
	// chosen, header lines, text after the last game, text that is no
	// record at all.
	Findings []Finding
	// Err is set when the input could not be read, or reading broke off
	// (an I/O error, an archive limit); the boards read before it are
	// still in the Part, which is then the last.
	Err  error
	Last bool
	// Report counts what the part holds: its games, contracts and
	// findings; on the last part also the file, its bytes, format,
	// encoding and generator. The parts of an input sum to its report.
	// Duplicate-deal findings, which depend on the whole run, are counted
	// only in Audit's total.
	Report Report
}

// All returns every finding of the part in file order: those about the
// file that come before each board, the board's, and those about the file
// after the last board. Findings without a place, such as the encoding,
// which only the whole file can tell, come last.
func (p *Part) All() []Finding {
	all := make([]Finding, 0, len(p.Findings)+len(p.Boards))
	rest := p.Findings
	for _, b := range p.Boards {
		i := 0
		for i < len(rest) && placeLine(rest[i]) < b.line {
			i++
		}
		all = append(append(all, rest[:i]...), b.Findings...)
		rest = rest[i:]
	}
	return append(all, rest...)
}

func sortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(placeLine(a), placeLine(b)), cmp.Compare(a.Col, b.Col))
	})
}

// placeLine orders findings by line, those without a place last.
func placeLine(f Finding) int {
	if f.Line == 0 {
		return math.MaxInt
	}
	return f.Line
}

// Audit reads, replays and checks every board of inputs, in parallel
// within the limits of opts, and calls emit with the parts of each input
// in input order; emit is never called concurrently. An error of
// discovery reaches emit as a Part with Err set and a nil Input.
//
// An input up to AuditOptions.WholeLimit is read whole by one worker. A
// larger one, or one of unknown size, is read game by game in the
// goroutine that called Audit while workers convert and check batches of
// its games, so that one large file uses every core and memory holds a
// few batches whatever its size.
//
// Across the run, Audit finds deals that repeat (see DuplicateIndex) and
// adds a duplicate-deal finding, at the later board's deal, to that board.
// It returns the report of the whole run, in which Boards counts distinct
// full deals plus the games whose deal is not full, and an error only if
// ctx was done before every input was taken.
func Audit(ctx context.Context, inputs iter.Seq2[*Input, error], opts AuditOptions, emit func(*Part)) (*Report, error) {
	opts = opts.withDefaults()
	dups := NewDuplicateIndex()
	total := &Report{}
	seq := NewSequencer(ctx, opts.RunOptions, func(p *Part) {
		p.duplicates(dups, total)
		total.Merge(&p.Report)
		if p.Err != nil {
			total.Unreadable++
		}
		emit(p)
	})
	var err error
	for in, ierr := range inputs {
		switch {
		case ierr != nil:
			err = seq.Add(0, func() *Part { return &Part{Err: ierr, Last: true} })
		case in.Size >= 0 && in.Size <= opts.WholeLimit && !in.Streamed():
			err = seq.Add(in.Size, func() *Part { return processInput(in, opts) })
		default:
			err = readLarge(in, opts, seq)
		}
		if err != nil {
			break
		}
	}
	seq.Wait()
	return total, err
}

func (o AuditOptions) withDefaults() AuditOptions {
	o.RunOptions = o.RunOptions.withDefaults()
	if o.WholeLimit <= 0 {
		o.WholeLimit = DefaultWholeLimit
	}
	return o
}

// duplicates adds the duplicate-deal findings of the part's boards to them
// and to total, and counts the part's boards in total.
func (p *Part) duplicates(x *DuplicateIndex, total *Report) {
	for _, b := range p.Boards {
		if b.deal == "" {
			total.Boards++
			continue
		}
		before := x.Deals()
		for _, d := range x.Add(b.deal, b.place) {
			f := b.at
			f.Severity, f.Code, f.Message = auction.Info.String(), CodeDuplicateDeal, d.Message()
			b.Findings = append(b.Findings, f)
			total.AddFinding(f)
		}
		total.Boards += x.Deals() - before
	}
}

// CodeDuplicateDeal is the code of the finding Audit adds to a board whose
// deal was seen before under another board, or whose board was seen before
// with another deal.
const CodeDuplicateDeal = "duplicate-deal"

// Codes of the findings about a file as a whole or its syntax, beyond those
// of the reader (kept as the reader gives them for warnings and notes) and
// of auction.Codes.
const (
	// CodeSyntax is an error of the reader: text it could not read as
	// PBN or LIN, or not a bridge record at all.
	CodeSyntax = "syntax"
	// CodeUnknownTag is a PBN tag that PBN 2.1 does not define and no
	// common program writes; it is kept as written.
	CodeUnknownTag = "unknown-tag"
)

// Process reads one input whole, named name, from r: it tells its format
// by content (and name), reads every game or record, converts it to a
// board, replays it and checks it. It returns one Part with Last set; a
// read error is the Part's Err, after the boards read before it.
func Process(name string, r io.Reader, opts AuditOptions) *Part {
	cr := &countingReader{r: r}
	h, err := sniff(name, cr)
	return whole(&Part{Name: name}, cr, h, err, opts)
}

// whole reads a sniffed input whole into p, the input's only Part; err is
// that of sniffing.
func whole(p *Part, cr *countingReader, h head, err error, opts AuditOptions) *Part {
	p.Format, p.Last = h.format, true
	if err == nil {
		err = process(p, h, opts)
	}
	p.Err = err
	p.fileCounts(h.format, cr.n)
	return p
}

// fileCounts completes the report of an input's last part: the file, its
// bytes and format, and the findings of the part.
func (p *Part) fileCounts(f Format, n int64) {
	p.Report.Files = 1
	p.Report.Bytes = n
	p.Report.Formats.Add(f.String(), 1)
	p.count()
}

// head is the start of an input and what it tells of the format.
type head struct {
	format Format
	// content is set when the content says the format, not only the name.
	content bool
	body    io.Reader // the whole input, head included
}

// sniff reads the head of an input.
func sniff(name string, r io.Reader) (head, error) {
	buf := make([]byte, SniffLen)
	n, err := io.ReadFull(r, buf)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return head{}, err
	}
	buf = buf[:n]
	return head{
		format:  Detect(name, buf),
		content: Sniff(buf) != Unknown,
		body:    io.MultiReader(bytes.NewReader(buf), r),
	}, nil
}

// process reads the games of a sniffed input into p, and returns a read
// error.
func process(p *Part, h head, opts AuditOptions) error {
	st := &fileState{name: p.Name, opts: opts}
	switch h.format {
	case PBN:
		rd := parser.ReadPBN(h.body, p.Name)
		var prev *auction.Board
		var err error
		for g, rerr := range rd.Games() {
			if rerr != nil {
				err = rerr
				break
			}
			st.admit(g)
			prev = st.game(p, g, prev, rd.Header())
		}
		if len(p.Boards) == 0 && !h.content && err == nil {
			// Read as PBN for its name alone, and nothing in it is.
			st.notRecord(p)
			return nil
		}
		st.finish(p, rd, rd.Diagnostics())
		return err
	default:
		st.notRecord(p)
		_, err := io.Copy(io.Discard, h.body)
		return err
	}
}

// notRecord reports an input that holds no bridge record at all.
func (st *fileState) notRecord(p *Part) {
	p.Findings = append(p.Findings, Finding{
		File: st.name, Severity: auction.Error.String(), Code: CodeSyntax,
		Message: "not a PBN or LIN file: no tag pair or label|value| pair in it",
	})
}

// processInput opens in and processes it whole.
func processInput(in *Input, opts AuditOptions) *Part {
	rc, err := in.Open()
	if err != nil {
		return &Part{Input: in, Name: in.Name, Err: err, Last: true}
	}
	defer rc.Close()
	p := Process(in.Name, rc, opts)
	p.Input = in
	return p
}

// count adds the part's findings to its report.
func (p *Part) count() {
	for _, f := range p.Findings {
		p.Report.AddFinding(f)
	}
	for _, b := range p.Boards {
		for _, f := range b.Findings {
			p.Report.AddFinding(f)
		}
	}
}

// readLarge reads a large input game by game in the calling goroutine and
// hands batches of games to seq, whose workers convert and check them.
func readLarge(in *Input, opts AuditOptions, seq *Sequencer[*Part]) error {
	rc, err := in.Open()
	if err != nil {
		return seq.Add(0, func() *Part { return &Part{Input: in, Name: in.Name, Err: err, Last: true} })
	}
	defer rc.Close()
	cr := &countingReader{r: rc}
	h, err := sniff(in.Name, cr)
	if err != nil || h.format != PBN || !h.content {
		// Nothing to read in parallel: read it whole, here.
		p := whole(&Part{Input: in, Name: in.Name}, cr, h, err, opts)
		return seq.Add(0, func() *Part { return p })
	}
	st := &fileState{name: in.Name, opts: opts}
	rd := parser.ReadPBN(h.body, in.Name)
	var batch, chain, before []*parser.PBNGame
	size, seen := 0, 0
	flush := func(rerr error) error {
		games, prevs, header, weight := batch, before, rd.Header(), size
		last := games == nil
		batch, size = nil, 0
		// The reader's findings about the file so far (the header, with
		// the first batch) go with this batch; the encoding, which the
		// rest of the input may change, with the last.
		var diags, enc parser.Diagnostics
		for _, d := range rd.Diagnostics() {
			if d.Code == CodeEncoding {
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
		var done *parser.PBNReader
		if last {
			done = rd
		}
		bytesRead := cr.n
		return seq.Add(int64(weight), func() *Part {
			p := &Part{Input: in, Name: in.Name, Format: PBN, Err: rerr, Last: done != nil}
			var prev *auction.Board
			for _, g := range prevs {
				prev, _ = convert.FromPBN(g, convert.PBNOptions{Header: header, Previous: prev})
			}
			bst := st.batch()
			for _, g := range games {
				prev = bst.game(p, g, prev, header)
			}
			if done == nil {
				bst.fileDiagnostics(p, diags)
				p.count()
				return p
			}
			bst.finish(p, done, diags)
			p.fileCounts(PBN, bytesRead)
			return p
		})
	}
	for g, rerr := range rd.Games() {
		if rerr != nil {
			if batch != nil {
				if err := flush(nil); err != nil {
					return err
				}
			}
			return flush(rerr)
		}
		st.admit(g)
		if batch == nil {
			// A follow-up game at the start of the batch takes its
			// board from the games since the last that names its board
			// or deal: the batch converts them again.
			before = slices.Clone(chain)
		}
		batch = append(batch, g)
		if g.Tag("Deal") != nil || g.Tag("Board") != nil {
			chain = chain[:0]
		}
		chain = append(chain, g)
		if len(chain) > maxChain {
			chain = slices.Delete(chain, 0, 1)
		}
		size += len(g.Source)
		if size >= batchBytes {
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

// fileState is what reading one file carries from game to game.
type fileState struct {
	name    string
	opts    AuditOptions
	unknown map[string]bool // unknown tag names already reported
	gen     string          // the first game's Generator tag
	checker auction.Checker
}

// batch returns a state for a worker converting a batch of the file's
// games: what admit learnt stays with the reader.
func (st *fileState) batch() *fileState {
	return &fileState{name: st.name, opts: st.opts, gen: st.gen}
}

// admit takes a game in file order, before it is converted: it reports the
// first use in the file of each unknown tag, on the game itself, and notes
// the generator the first game names.
func (st *fileState) admit(g *parser.PBNGame) {
	if g.Index == 1 {
		st.gen = g.Value("Generator")
	}
	for _, t := range g.Tags {
		if convert.KnownPBNTag(t.Name) || st.unknown[t.Name] {
			continue
		}
		if st.unknown == nil {
			st.unknown = map[string]bool{}
		}
		st.unknown[t.Name] = true
		g.Diagnostics.Add(&parser.Diagnostic{
			Position: g.Position(t.Pos), Game: g.Index, Severity: parser.Info, Code: CodeUnknownTag,
			Msg: "tag [" + t.Name + "] is not defined by PBN 2.1; it is kept as written (reported once per file)",
		})
	}
}

// game converts and checks one game and adds its board to p; it returns
// the board, which the next game may follow up.
func (st *fileState) game(p *Part, g *parser.PBNGame, prev *auction.Board, header []*parser.PBNEscape) *auction.Board {
	b, mapped := convert.FromPBN(g, convert.PBNOptions{Header: header, Previous: prev})
	checked := st.checker.Check(b)
	r := &Board{Game: g.Index, Number: b.Number, line: g.Pos.Line}
	for _, d := range g.Diagnostics {
		r.Findings = append(r.Findings, st.diagnostic(d, b.Number))
	}
	for _, f := range slices.Concat(mapped, checked) {
		r.Findings = append(r.Findings, st.finding(f, g.Index, b.Number))
	}
	sortFindings(r.Findings)
	p.Report.Games++
	if fin := b.Final(); fin.HasContract {
		p.Report.AddContract(fin.Contract)
	}
	if b.Deal.Full() {
		r.deal = b.Deal.PBN(auction.North)
		r.place = Place{File: st.name, Game: g.Index, Board: b.BoardTag.Value, Event: b.Event.Value}
		loc := b.DealTag.Loc
		if !loc.IsValid() || loc.Offset < b.Source.Loc.Offset {
			// A follow-up game's deal is that of the game before.
			loc = b.Source.Loc
		}
		r.at = Finding{File: st.name, Game: g.Index, Board: b.Number, Line: loc.Line, Col: loc.Col}
	}
	if st.opts.Boards {
		r.Board = b
	}
	p.Boards = append(p.Boards, r)
	return b
}

// finish adds what is known once the file has been read: the reader's
// findings about the file as a whole (diags, those not reported with
// earlier parts) and about the text after the last game, the encoding,
// and the program that wrote the file.
func (st *fileState) finish(p *Part, rd *parser.PBNReader, diags parser.Diagnostics) {
	if t := rd.Trailer(); t != nil {
		diags = append(slices.Clip(diags), t.Diagnostics...)
	}
	st.fileDiagnostics(p, diags)
	if enc := rd.Encoding(); enc.Name != "" {
		p.Report.Encodings.Add(enc.Name, 1)
	}
	gen := st.gen
	if gen == "" {
		gen = creator(rd.Header())
	}
	if gen != "" {
		p.Report.Generators.Add(gen, 1)
	}
}

// fileDiagnostics adds the reader's findings about the file as a whole.
func (st *fileState) fileDiagnostics(p *Part, diags parser.Diagnostics) {
	for _, d := range diags {
		p.Findings = append(p.Findings, st.diagnostic(d, 0))
	}
	sortFindings(p.Findings)
}

// creator returns the program a PBN header names in a "%Creator:" line.
func creator(header []*parser.PBNEscape) string {
	for _, e := range header {
		t := strings.TrimSpace(e.Text)
		if len(t) > 8 && strings.EqualFold(t[:8], "creator:") {
			return strings.TrimSpace(t[8:])
		}
	}
	return ""
}

// diagnostic turns a reader's diagnostic into a finding: errors become
// syntax findings, warnings and notes keep the reader's code.
func (st *fileState) diagnostic(d *parser.Diagnostic, board int) Finding {
	code := d.Code
	if d.Severity == parser.Error {
		code = CodeSyntax
	}
	return Finding{
		File: st.name, Game: d.Game, Board: board, Line: d.Line, Col: d.Col,
		Severity: d.Severity.String(), Code: code, Message: d.Msg,
	}
}

// finding turns a converter's or replay's finding into one of the file.
func (st *fileState) finding(f auction.Finding, game, board int) Finding {
	msg := f.Message
	if f.Law != 0 {
		msg = strings.TrimSuffix(msg, fmt.Sprintf(" (Law %d)", f.Law))
	}
	return Finding{
		File: st.name, Game: game, Board: board, Line: f.Loc.Line, Col: f.Loc.Col,
		Severity: f.Severity.String(), Code: f.Code, Law: f.Law, Message: msg,
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// Codes lists the codes of the findings Process and Audit report beyond
// auction.Codes. The reader's warnings and notes about deviations it
// accepted (lowercase-token, russian-token, unescaped-quote …) keep the
// reader's own codes.
var Codes = []auction.CodeInfo{
	{Code: CodeSyntax, Severity: auction.Error, Summary: "text the reader cannot read as PBN or LIN, with the reader's position; or a file that is neither"},
	{Code: CodeEncoding, Severity: auction.Info, Summary: "the character encoding the reader chose, and why"},
	{Code: CodeUnknownTag, Severity: auction.Info, Summary: "a PBN tag that PBN 2.1 does not define (once per file and name)"},
	{Code: CodeDuplicateDeal, Severity: auction.Info, Summary: "a deal seen before under another board, or a board seen before with another deal, naming both places"},
}

// CodeEncoding is the code of the reader's note on the encoding it chose.
const CodeEncoding = "encoding"
