// Package report writes an audit as a static HTML report: an index with
// the summary and charts, pages of findings that can be filtered and
// sorted, and a page per file with each board as a person reads it. The
// pages work offline from their folder: their style, scripts and charts
// (SVG written here) are inside them, and nothing is fetched.
//
// Pages are written as the boards stream by: a file's page is finished
// when its last part has been read, and findings go to pages of
// FindingsPerPage rows, so that memory does not grow with the archive;
// the index, written last, holds the summary and links, and lists the
// files in pages of FilesPerPage.
//
// A run writes its pages into a folder of its own beside the index,
// pages-PID-RANDOM, and the index last, replacing the old one in one
// rename: a run that is killed leaves the report before it whole, and
// the index never links pages of two runs. The run that has written its
// index removes the run folders of the runs before it.
//
// A report is bounded by Options: past MaxBoards boards in the run, a
// board is a row of its file's page, with its findings and without its
// diagram, and past MaxFindings a finding is not on the findings pages;
// the index says how many of each. What a report of a large archive
// writes then grows with its boards by a row each.
package report

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/safewrite"
	"github.com/bridgekit/bridgekit/scoring"
)

// FindingsPerPage, FilesPerPage and BoardsPerPage bound the rows of a
// page: a file of a hundred thousand boards gets pages of a thousand.
const (
	FindingsPerPage = 2000
	FilesPerPage    = 1000
	BoardsPerPage   = 1000
)

// DefaultMaxBoards and DefaultMaxFindings are the bounds of the report
// command: the diagrams of 20,000 boards are some 100 MB of pages, and
// 100,000 findings 50 pages of findings.
const (
	DefaultMaxBoards   = 20_000
	DefaultMaxFindings = 100_000
)

// Options bound what a report writes; 0 is no limit.
type Options struct {
	// MaxBoards is how many boards of the run are shown in full; those
	// after them are listed briefly.
	MaxBoards int
	// MaxFindings is how many findings the findings pages list.
	MaxFindings int
}

// A Writer writes a report into a directory.
type Writer struct {
	dir  *safewrite.Dir
	run  string // the folder of this run's pages, in dir
	opts Options

	full, brief int  // the boards shown in full, and listed briefly
	inBrief     bool // the page being written has its table of brief rows open
	// briefOnly is set once MaxBoards boards are shown: the parts that
	// workers render after it come after those boards, and are listed
	// briefly, so their diagrams are not made.
	briefOnly atomic.Bool
	unlisted  int // the findings past MaxFindings

	file    *safewrite.File // the page of the file being read
	numbers corpus.FileNumbers
	files   []fileEntry // every file: its name, page and findings
	cur     int         // the file being read, in files
	onPage  int         // its boards on the page being written
	pageOf  map[int]string

	findings     *safewrite.File // the findings page being written
	findingsPage int
	findingsRows int
	pages        []int // rows of each findings page
	err          error
}

type fileEntry struct {
	Name     string
	Page     string // the first page
	Pages    int
	Boards   int
	Findings int
	Coverage diag.Ledger // of the numbers the file states
}

// NewWriter returns a Writer into dir, bounded by opts.
func NewWriter(dir *safewrite.Dir, opts Options) *Writer {
	return &Writer{dir: dir, run: runName(), opts: opts}
}

// create starts writing the page rel names in the run's folder.
func (w *Writer) create(rel string) (*safewrite.File, error) {
	return w.dir.Create(filepath.Join(w.run, filepath.FromSlash(rel)), 0o644)
}

// Renderer returns the function that makes the HTML of a part's boards
// and drops their records, which the pages replace: it is meant for the
// worker that read the part (corpus.AuditOptions.Work, with Boards), so
// that the boards are not held while the pages are written in order. Part
// takes what it returns. rooms, when not nil, holds the rooms of the
// run's team-match boards, read before (corpus.IndexRooms): each room then says the other's score and the IMPs, with a
// link to it.
func (w *Writer) Renderer(rooms *scoring.RoomIndex) func(*corpus.Part) any {
	return func(p *corpus.Part) any {
		out := make([][]byte, len(p.Boards))
		for i, pb := range p.Boards {
			if pb.Board == nil {
				continue
			}
			if w.briefOnly.Load() {
				out[i] = []byte{} // a board, to be listed briefly
				pb.Board = nil
				continue
			}
			var b bytes.Buffer
			convert.WriteHTMLBoard(&b, pb.Board, pb.Findings, fmt.Sprintf("g%d", pb.Game))
			html := b.Bytes()
			if line := roomsLine(rooms, p.Name, pb); line != "" {
				html = append(bytes.TrimSuffix(html, []byte("</section>\n")), line+"</section>\n"...)
			}
			out[i] = html
			pb.Board = nil
		}
		return out
	}
}

// roomsLine says a team-match board's score beside its other room's, and
// the IMPs, with a link to the other room's board; "" when rooms has not
// the other room.
func roomsLine(rooms *scoring.RoomIndex, file string, b *corpus.Board) string {
	if rooms == nil {
		return ""
	}
	r, o, ok := rooms.OtherOf(b.Board, b.Session(), file, b.Game)
	if !ok {
		return ""
	}
	href := fmt.Sprintf("../%s#g%d", pageName(int(o.File), int(o.Ordinal)/BoardsPerPage+1), o.Game)
	other := fmt.Sprintf("<a href=\"%s\">the other room</a>", href)
	return "<p class=\"rooms\">" + scoring.RoomsSentence(r, o, other, html.EscapeString(rooms.Where(o, file))) + ".</p>\n"
}

// runCodes are the findings Audit adds once the whole run is known, after
// Render: they go at the end of their board's section.
var runCodes = []diag.Code{diag.DuplicateDeal, diag.DuplicateIndexFull, diag.RoomsDiffer, diag.IMPMismatch, diag.CarryOverMismatch}

// withRunFindings closes a board's section with the findings of the run.
func withRunFindings(section []byte, findings diag.List) []byte {
	var extra []diag.Diagnostic
	for _, f := range findings {
		if slices.Contains(runCodes, f.Code) {
			extra = append(extra, f)
		}
	}
	if len(extra) == 0 {
		return section
	}
	body := bytes.TrimSuffix(section, []byte("</section>\n"))
	return append(append(slices.Clip(body), convert.HTMLFindings(extra)...), "</section>\n"...)
}

// Part takes the next part of the audit, read with Boards kept and
// rendered by the Writer's Renderer.
func (w *Writer) Part(p *corpus.Part) error {
	if w.err != nil {
		return w.err
	}
	if p.Input == nil {
		return nil
	}
	if _, start := w.numbers.Next(p); start {
		w.closeFile()
		w.openFile(p.Name)
		if w.err != nil {
			return w.err
		}
	}
	clear(w.pageOf)
	e := &w.files[w.cur]
	e.Coverage.Merge(&p.Report.Coverage)
	rendered, _ := p.Work.([][]byte)
	for i, b := range p.Boards {
		e.Boards++
		if i >= len(rendered) || rendered[i] == nil {
			continue
		}
		if w.onPage == BoardsPerPage {
			if w.nextPage(); w.err != nil {
				return w.err
			}
		}
		w.onPage++
		w.pageOf[b.Game] = pageName(w.cur, e.Pages)
		var section []byte
		if w.opts.MaxBoards == 0 || w.full < w.opts.MaxBoards {
			w.full++
			section = withRunFindings(rendered[i], b.Findings)
		} else {
			w.briefOnly.Store(true)
			w.brief++
			section = w.briefRow(b)
		}
		if _, err := w.file.Write(section); err != nil {
			w.err = err
			return err
		}
	}
	var fileLevel []diag.Diagnostic
	for f := range p.All() {
		e.Findings++
		if w.finding(f); w.err != nil {
			return w.err
		}
		if f.Game == 0 {
			fileLevel = append(fileLevel, f)
		}
	}
	if len(fileLevel) > 0 {
		w.endBrief()
		io.WriteString(w.file, "<section><h2>About the file</h2>"+convert.HTMLFindings(fileLevel)+"</section>")
	}
	if p.Last {
		w.closeFile()
	}
	return w.err
}

// briefRow is a board listed briefly: its game, number and findings, as a
// row of the page's table of such boards, which it starts when it is the
// first. The row has the board's id, which links to the board lead to.
func (w *Writer) briefRow(b *corpus.Board) []byte {
	var s strings.Builder
	if !w.inBrief {
		w.inBrief = true
		fmt.Fprintf(&s, "<table class=\"sortable\"><caption>Boards listed briefly, without their diagrams: the report shows the first %d boards of its run in full</caption><thead><tr><th scope=\"col\">Game</th><th scope=\"col\">Board</th><th scope=\"col\">Findings</th></tr></thead><tbody>\n", w.opts.MaxBoards)
	}
	number := ""
	if b.Number > 0 {
		number = fmt.Sprint(b.Number)
	}
	fmt.Fprintf(&s, "<tr id=\"g%d\"><td>%d</td><td>%s</td><td>", b.Game, b.Game, number)
	for i, f := range b.Findings {
		if i > 0 {
			s.WriteString("<br>")
		}
		fmt.Fprintf(&s, "%s <code>%s</code>: %s", f.Severity, f.Code, html.EscapeString(f.Message))
		if f.Law > 0 {
			fmt.Fprintf(&s, " (Law %d)", f.Law)
		}
	}
	s.WriteString("</td></tr>\n")
	return []byte(s.String())
}

// endBrief closes the page's table of brief rows, if it has one open.
func (w *Writer) endBrief() {
	if w.inBrief {
		io.WriteString(w.file, "</tbody></table>\n")
		w.inBrief = false
	}
}

// pageName is the name of page n (from 1) of file i's pages.
func pageName(i, n int) string {
	if n <= 1 {
		return fmt.Sprintf("files/%05d.html", i+1)
	}
	return fmt.Sprintf("files/%05d-%d.html", i+1, n)
}

func (w *Writer) openFile(name string) {
	w.files = append(w.files, fileEntry{Name: name, Page: pageName(len(w.files), 1)})
	w.cur = len(w.files) - 1
	if w.pageOf == nil {
		w.pageOf = map[int]string{}
	}
	w.openPage()
}

// openPage starts the next page of the file being read.
func (w *Writer) openPage() {
	e := &w.files[w.cur]
	e.Pages++
	w.onPage = 0
	w.file, w.err = w.create(pageName(w.cur, e.Pages))
	if w.err != nil {
		w.file = nil // nothing more goes to this file's pages
		return
	}
	header(w.file, e.Name, "../../")
	title := html.EscapeString(e.Name)
	if e.Pages > 1 {
		title += fmt.Sprintf(", page %d", e.Pages)
	}
	fmt.Fprintf(w.file, "<h1>%s</h1>\n", title)
}

// nextPage ends the file's page, linking it to the next, and starts that.
func (w *Writer) nextPage() {
	e := &w.files[w.cur]
	w.endBrief()
	fmt.Fprintf(w.file, "<p><a href=\"../%s\">Next boards</a></p>\n", pageName(w.cur, e.Pages+1))
	w.closeFile()
	w.openPage()
}

func (w *Writer) closeFile() {
	if w.file == nil {
		return
	}
	w.endBrief()
	footer(w.file)
	if err := w.file.Commit(); err != nil && w.err == nil {
		w.err = err
	}
	w.file = nil
}

// finding adds a row to the findings pages, or counts it past
// MaxFindings.
func (w *Writer) finding(f diag.Diagnostic) {
	if w.opts.MaxFindings > 0 && w.listed() == w.opts.MaxFindings {
		w.unlisted++
		return
	}
	if w.findings == nil || w.findingsRows == FindingsPerPage {
		w.closeFindings()
		w.findingsPage++
		w.findings, w.err = w.create(fmt.Sprintf("findings-%04d.html", w.findingsPage))
		if w.err != nil {
			w.findings = nil
			return
		}
		header(w.findings, fmt.Sprintf("Findings, page %d", w.findingsPage), "")
		fmt.Fprintf(w.findings, "<h1>Findings, page %d</h1>\n<p><a href=\"../index.html\">Summary</a></p>\n", w.findingsPage)
		io.WriteString(w.findings, filterControls)
		io.WriteString(w.findings, "<table id=\"findings\" class=\"sortable\"><thead><tr><th scope=\"col\">Severity</th><th scope=\"col\">Code</th><th scope=\"col\">File</th><th scope=\"col\">Board</th><th scope=\"col\">Line</th><th scope=\"col\">Law</th><th scope=\"col\">Finding</th></tr></thead><tbody>\n")
	}
	board, law := "", ""
	if f.Board > 0 {
		board = fmt.Sprint(f.Board)
	}
	if f.Law > 0 {
		law = fmt.Sprint(f.Law)
	}
	target := w.files[w.cur].Page
	if page, ok := w.pageOf[f.Game]; ok && f.Game > 0 {
		target = page + fmt.Sprintf("#g%d", f.Game)
	}
	esc := html.EscapeString
	fmt.Fprintf(w.findings, "<tr class=\"%s\" data-code=\"%s\"><td>%s</td><td><code>%s</code></td><td>%s</td><td>%s</td><td>%d</td><td>%s</td><td><a href=\"%s\">%s</a></td></tr>\n",
		f.Severity, f.Code, f.Severity, f.Code, esc(f.File), board, f.Line, law, esc(target), esc(f.Message))
	w.findingsRows++
}

// Abort gives the report up, when a page cannot be written or the run
// fails: the run's pages are removed, and the report that was in the
// folder stays as it was.
func (w *Writer) Abort() {
	for _, f := range []*safewrite.File{w.file, w.findings} {
		if f != nil {
			f.Abort()
		}
	}
	w.file, w.findings = nil, nil
	if root, err := w.root(); err == nil {
		root.RemoveAll(w.run) // what is left of a folder no index links only takes room
		root.Close()
	}
}

func (w *Writer) closeFindings() {
	if w.findings == nil {
		return
	}
	io.WriteString(w.findings, "</tbody></table>\n")
	footer(w.findings)
	if err := w.findings.Commit(); err != nil && w.err == nil {
		w.err = err
	}
	w.pages = append(w.pages, w.findingsRows)
	w.findings, w.findingsRows = nil, 0
}

// Close writes the index with the run's report, after the last part, and
// then removes the pages of the reports before it. After an error, of
// Part or its own, it is Abort, returning that error: no index is written
// over a half report.
func (w *Writer) Close(r *corpus.Report) error {
	if err := w.close(r); err != nil {
		w.Abort()
		return err
	}
	if root, err := w.root(); err == nil {
		sweep(root, w.run)
		root.Close()
	}
	return nil
}

// root opens the folder that dir writes in, for what safewrite.Dir does
// not do: removing.
func (w *Writer) root() (*os.Root, error) { return os.OpenRoot(w.dir.Path(".")) }

// close is Close up to the index.
func (w *Writer) close(r *corpus.Report) error {
	if w.err != nil {
		return w.err
	}
	w.closeFile()
	w.closeFindings()
	if w.err != nil {
		return w.err
	}
	// The list of files, in pages.
	var lists []string
	for i := 0; i < len(w.files) || i == 0; i += FilesPerPage {
		name := fmt.Sprintf("files-%04d.html", i/FilesPerPage+1)
		lists = append(lists, w.run+"/"+name)
		f, err := w.create(name)
		if err != nil {
			return err
		}
		header(f, "Files", "")
		fmt.Fprintf(f, "<h1>Files %d to %d</h1>\n<p><a href=\"../index.html\">Summary</a></p>\n<table class=\"sortable\"><thead><tr><th scope=\"col\">File</th><th scope=\"col\">Boards</th><th scope=\"col\">Findings</th><th scope=\"col\">Numbers stated</th></tr></thead><tbody>\n", i+1, min(i+FilesPerPage, len(w.files)))
		for _, e := range w.files[i:min(i+FilesPerPage, len(w.files))] {
			fmt.Fprintf(f, "<tr><td><a href=\"%s\">%s</a></td><td>%d</td><td>%d</td><td>%s</td></tr>\n", e.Page, html.EscapeString(e.Name), e.Boards, e.Findings, html.EscapeString(coverageText(&e.Coverage)))
		}
		io.WriteString(f, "</tbody></table>\n")
		footer(f)
		if err := f.Commit(); err != nil {
			return err
		}
		if len(w.files) == 0 {
			break
		}
	}
	f, err := w.dir.Create("index.html", 0o644)
	if err != nil {
		return err
	}
	header(f, "bridgekit audit report", "")
	w.writeIndex(f, r, lists)
	footer(f)
	return f.Commit()
}

// Left returns what the limits left out of the report: the boards listed
// briefly and the findings not on the findings pages.
func (w *Writer) Left() (boards, findings int) { return w.brief, w.unlisted }

// listed returns the number of findings on the findings pages.
func (w *Writer) listed() int {
	n := w.findingsRows
	for _, rows := range w.pages {
		n += rows
	}
	return n
}

// coverageText is a ledger as the summary and the list of files give it.
func coverageText(l *diag.Ledger) string {
	if l.Stated() == 0 {
		return "none that bridgekit checks"
	}
	return l.Text()
}

// writeIndex writes the summary: the numbers, what the limits left out,
// findings by severity and code (an SVG bar chart and a table), contracts
// by level and strain, encodings, and the links to the findings pages and
// the lists of files.
func (w *Writer) writeIndex(out io.Writer, r *corpus.Report, lists []string) {
	esc := html.EscapeString
	fmt.Fprintf(out, "<h1>bridgekit audit report</h1>\n<table class=\"numbers\"><tbody>")
	for _, row := range [][2]string{
		{"Files", fmt.Sprint(r.Files)}, {"Unreadable", fmt.Sprint(r.Unreadable)}, {"Games", fmt.Sprint(r.Games)},
		{"Boards", fmt.Sprint(r.Boards)}, {"Distinct deals", fmt.Sprint(r.Deals)}, {"Passed out", fmt.Sprint(r.PassedOut)},
		{"Findings", fmt.Sprint(r.Findings())}, {"Numbers stated", esc(coverageText(&r.Coverage))},
	} {
		fmt.Fprintf(out, "<tr><th scope=\"row\">%s</th><td>%s</td></tr>", row[0], row[1])
	}
	io.WriteString(out, "</tbody></table>\n")
	if w.brief > 0 {
		fmt.Fprintf(out, "<p class=\"limit\">%s listed briefly, with their findings and without their diagrams: a report shows the first %s of its run in full. To see them in full, report their files alone, or again with <code>--max-boards 0</code> (no limit) or a larger number.</p>\n", count(w.brief, "board is", "boards are"), count(w.opts.MaxBoards, "board", "boards"))
	}
	io.WriteString(out, "<h2>Findings</h2>\n<p>")
	for i, n := range w.pages {
		fmt.Fprintf(out, "<a href=\"%s/findings-%04d.html\">page %d</a> (%d) ", w.run, i+1, i+1, n)
	}
	if len(w.pages) == 0 {
		io.WriteString(out, "No finding.")
	}
	listed := w.listed()
	fmt.Fprintf(out, "</p>\n<p class=\"listed\" data-listed=\"%d\">%d findings listed; by severity: %s.</p>\n", listed, listed, esc(countsText(r.Severities)))
	if w.unlisted > 0 {
		fmt.Fprintf(out, "<p class=\"limit\">%s not listed: the findings pages list the first %d of the run. The counts below, and the page of each file, hold them all; <code>--max-findings 0</code> lists every one.</p>\n", count(w.unlisted, "finding is", "findings are"), w.opts.MaxFindings)
	}
	io.WriteString(out, barChart(r.Codes))
	io.WriteString(out, "<table class=\"sortable\"><caption>Findings by code</caption><thead><tr><th scope=\"col\">Code</th><th scope=\"col\">Findings</th></tr></thead><tbody>")
	for _, c := range r.Codes.Sorted() {
		fmt.Fprintf(out, "<tr><td><code>%s</code></td><td>%d</td></tr>", esc(c), r.Codes[c])
	}
	io.WriteString(out, "</tbody></table>\n")
	io.WriteString(out, contractsTable(r.Contracts))
	fmt.Fprintf(out, "<h2>Encodings</h2><p>%s</p>\n<h2>Formats</h2><p>%s</p>\n", esc(countsText(r.Encodings)), esc(countsText(r.Formats)))
	io.WriteString(out, "<h2>Files</h2><p>")
	for i, l := range lists {
		fmt.Fprintf(out, "<a href=\"%s\">files, page %d</a> ", l, i+1)
	}
	io.WriteString(out, "</p>\n")
}

// count writes n with its noun, one or other.
func count(n int, one, other string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, other)
}

func countsText(c corpus.Counts) string {
	var parts []string
	for _, k := range c.Sorted() {
		parts = append(parts, fmt.Sprintf("%s %d", k, c[k]))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// barChart draws the findings by code, most first, as an SVG bar chart
// with each bar's code and count written beside it.
func barChart(c corpus.Counts) string {
	codes := c.Sorted()
	if len(codes) > 20 {
		codes = codes[:20]
	}
	if len(codes) == 0 {
		return ""
	}
	most := c[codes[0]]
	const rowH, labelW, barW = 22, 220, 420
	var b strings.Builder
	fmt.Fprintf(&b, "<svg class=\"chart\" role=\"img\" aria-label=\"findings by code\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">", labelW+barW+80, rowH*len(codes)+4, labelW+barW+80, rowH*len(codes)+4)
	for i, code := range codes {
		w := max(1, c[code]*barW/max(most, 1))
		y := i*rowH + 2
		fmt.Fprintf(&b, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"bar\"/><text x=\"%d\" y=\"%d\">%d</text>",
			labelW-6, y+15, html.EscapeString(code), labelW, y+3, w, rowH-6, labelW+w+6, y+15, c[code])
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// contractsTable is the contracts by level and strain, shaded by count
// and with the count written in each cell.
func contractsTable(c corpus.Contracts) string {
	most := 1
	for _, row := range c {
		for _, n := range row {
			most = max(most, n)
		}
	}
	var b strings.Builder
	b.WriteString("<table class=\"contracts\"><caption>Contracts by level and strain</caption><thead><tr><th scope=\"col\">Level</th><th scope=\"col\">♣</th><th scope=\"col\">♦</th><th scope=\"col\">♥</th><th scope=\"col\">♠</th><th scope=\"col\">NT</th></tr></thead><tbody>")
	for level, row := range c {
		fmt.Fprintf(&b, "<tr><th scope=\"row\">%d</th>", level+1)
		for _, n := range row {
			fmt.Fprintf(&b, "<td style=\"background: rgba(40, 90, 160, %.2f)\">%d</td>", 0.08+0.6*float64(n)/float64(most), n)
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>\n")
	return b.String()
}
