package main

import (
	"bufio"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/safewrite"
	"github.com/bridgekit/bridgekit/internal/sarif"

	"github.com/urfave/cli/v2"
)

// findingFormats are the forms audit writes findings in.
var findingFormats = []string{"text", "json", "sarif", "github"}

// findingsOut writes the findings an audit lists in one form, to standard
// output or to a file of --output.
type findingsOut struct {
	format string
	path   string // "" for standard output
	w      *bufio.Writer
	file   *safewrite.File
	caret  bool // --show-source: the line of each finding under it
	wd     string
	log    *sarif.Writer
	line   []byte
	err    error // the first write error; nothing more is written after it
}

// parseOutput reads an --output value, FORMAT=PATH.
func parseOutput(v string) (format, path string, err error) {
	format, path, ok := strings.Cut(v, "=")
	if !ok || path == "" || !validFormat(format) {
		return "", "", usageError("--output %q: want FORMAT=PATH, FORMAT one of %s", v, strings.Join(findingFormats, ", "))
	}
	return format, path, nil
}

func validFormat(f string) bool {
	for _, g := range findingFormats {
		if f == g {
			return true
		}
	}
	return false
}

// openOutput starts an output; w is standard output when path is "".
func openOutput(format, path string, stdout *bufio.Writer, wd string) (*findingsOut, error) {
	o := &findingsOut{format: format, path: path, w: stdout, wd: wd}
	if path != "" {
		f, err := safewrite.Create(path, 0o644)
		if err != nil {
			return nil, cli.Exit(fmt.Sprintf("--output %s: %v", path, err), exitError)
		}
		o.file, o.w = f, bufio.NewWriter(f)
	}
	return o, nil
}

// begin writes what comes before the findings: a SARIF log's head. It is
// called with the first part, so that a usage error found on the way
// there writes nothing.
func (o *findingsOut) begin() {
	if o.format == "sarif" && o.log == nil {
		o.log = sarif.NewWriter(o.w, version())
	}
}

// write writes one finding of part p.
func (o *findingsOut) write(p *corpus.Part, f diag.Diagnostic, src *sourceLines) {
	if o.err != nil {
		return
	}
	b := o.line[:0]
	switch o.format {
	case "sarif":
		loc := sarif.Location{URI: sarif.URI(f.File, o.wd), Start: f.Pos}
		if p.Input != nil {
			loc.End = src.end(p.Input, f)
		}
		o.log.Result(f, loc)
		return
	case "json":
		b = append(f.AppendJSON(b), '\n')
	case "github":
		var end diag.Pos
		if p.Input != nil {
			end = src.end(p.Input, f)
		}
		b = appendGitHub(b, f, end, o.wd)
	default:
		b = append(f.AppendText(b), '\n')
		if o.caret && p.Input != nil {
			b = src.appendCaret(b, p.Input, f)
		}
	}
	o.line = b
	_, o.err = o.w.Write(b)
}

// finish ends the output and puts a file in place; keep false drops the
// file (a run that did not complete).
func (o *findingsOut) finish(keep bool) error {
	if o.log != nil {
		o.err = cmpErr(o.err, o.log.Close())
	}
	if o.file == nil {
		if o.err != nil {
			return fmt.Errorf("writing standard output: %w", o.err)
		}
		return nil
	}
	o.err = cmpErr(o.err, o.w.Flush())
	if !keep || o.err != nil {
		o.file.Abort()
		if o.err != nil {
			return fmt.Errorf("--output %s: %w", o.path, o.err)
		}
		return nil
	}
	if err := o.file.Commit(); err != nil {
		return fmt.Errorf("--output %s: %w", o.path, err)
	}
	return nil
}

// cmpErr returns the first error that is not nil.
func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// appendGitHub appends a finding as a GitHub Actions workflow command,
// which the checks of a pull request show as an annotation on its line.
func appendGitHub(b []byte, f diag.Diagnostic, end diag.Pos, wd string) []byte {
	level := "notice"
	switch f.Severity {
	case diag.Error:
		level = "error"
	case diag.Warning:
		level = "warning"
	}
	name := f.File
	if filepath.IsAbs(name) && wd != "" {
		if rel, err := filepath.Rel(wd, name); err == nil && filepath.IsLocal(rel) {
			name = rel
		}
	}
	b = append(append(append(b, "::"...), level...), " file="...)
	b = appendGitHubProperty(b, filepath.ToSlash(name))
	if f.Line > 0 {
		b = strconv.AppendInt(append(b, ",line="...), int64(f.Line), 10)
		b = strconv.AppendInt(append(b, ",col="...), int64(max(f.Col, 1)), 10)
		if end.IsValid() && end.Line == f.Line && end.Col > f.Col {
			b = strconv.AppendInt(append(b, ",endLine="...), int64(end.Line), 10)
			b = strconv.AppendInt(append(b, ",endColumn="...), int64(end.Col), 10)
		}
	}
	b = appendGitHubProperty(append(b, ",title="...), "bridgekit "+string(f.Code))
	b = append(b, "::"...)
	where := ""
	if f.Board > 0 {
		where = "board " + strconv.Itoa(f.Board) + ": "
	}
	b = appendGitHubData(b, where+f.Message)
	if f.Law != 0 {
		b = appendGitHubData(b, " (Law "+strconv.Itoa(f.Law)+")")
	}
	return append(b, '\n')
}

// appendGitHubData appends the message of a workflow command, escaped as
// the runner unescapes it.
func appendGitHubData(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '%':
			b = append(b, "%25"...)
		case '\r':
			b = append(b, "%0D"...)
		case '\n':
			b = append(b, "%0A"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendGitHubProperty appends a property value of a workflow command,
// where a colon and a comma are escaped too.
func appendGitHubProperty(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ':':
			b = append(b, "%3A"...)
		case ',':
			b = append(b, "%2C"...)
		default:
			b = appendGitHubData(b, s[i:i+1])
		}
	}
	return b
}
