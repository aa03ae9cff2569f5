// Package sarif writes findings as a SARIF 2.1.0 log (OASIS Static
// Analysis Results Interchange Format), the form code-scanning services
// and editors read annotations in: one run, bridgekit as its tool with
// every code of diag.Codes as a rule, and each finding a result at its
// physical location.
//
// The log is written as the findings come, in bounded memory: the head
// (the tool and its rules) first, each result as it is given, the tail on
// Close.
package sarif

import (
	"bufio"
	"io"
	"net/url"
	"path/filepath"
	"strconv"

	"github.com/bridgekit/bridgekit/diag"
)

// Schema is the address of the SARIF 2.1.0 schema a log names.
const Schema = "https://json.schemastore.org/sarif-2.1.0.json"

// A Location is where a result is: the file's URI, relative to the
// working directory where it can be, and its region. End is the position
// just past the span, zero when it is not known.
type Location struct {
	URI        string
	Start, End diag.Pos
}

// URI returns the URI of a file name as a log gives it: a relative path,
// with slashes and percent-escapes, relative to dir when the name is
// absolute and lies below it.
func URI(name, dir string) string {
	if filepath.IsAbs(name) && dir != "" {
		if rel, err := filepath.Rel(dir, name); err == nil && filepath.IsLocal(rel) {
			name = rel
		}
	}
	return (&url.URL{Path: filepath.ToSlash(name)}).EscapedPath()
}

// A Writer writes one SARIF log.
type Writer struct {
	w       *bufio.Writer
	results int
	rule    map[diag.Code]int
	buf     []byte
}

// NewWriter writes the head of a log, naming the tool and its version,
// to w, and returns the writer of its results.
func NewWriter(w io.Writer, version string) *Writer {
	sw := &Writer{w: bufio.NewWriter(w), rule: make(map[diag.Code]int, len(diag.Codes))}
	b := append(sw.buf[:0], `{"$schema":`...)
	b = diag.AppendJSONString(b, Schema)
	b = append(b, `,"version":"2.1.0","runs":[{"tool":{"driver":{"name":"bridgekit","version":`...)
	b = diag.AppendJSONString(b, version)
	b = append(b, `,"informationUri":"https://github.com/bridgekit/bridgekit","rules":[`...)
	for i, c := range diag.Codes {
		sw.rule[c.Code] = i
		if i > 0 {
			b = append(b, ',')
		}
		b = appendRule(b, c)
	}
	b = append(b, `]}},"columnKind":"unicodeCodePoints","originalUriBaseIds":{"%SRCROOT%":{"description":{"text":"the working directory"}}},"results":[`...)
	sw.buf = b
	sw.w.Write(b)
	return sw
}

// appendRule appends the reporting descriptor of a code.
func appendRule(b []byte, c diag.CodeInfo) []byte {
	b = append(b, `{"id":`...)
	b = diag.AppendJSONString(b, string(c.Code))
	b = append(b, `,"shortDescription":{"text":`...)
	b = diag.AppendJSONString(b, c.Summary)
	b = append(b, `},"help":{"text":`...)
	b = diag.AppendJSONString(b, help(c))
	b = append(b, `},"defaultConfiguration":{"level":`...)
	b = diag.AppendJSONString(b, level(c.Severity))
	b = append(b, `},"properties":{"source":`...)
	b = diag.AppendJSONString(b, c.Source.String())
	if c.Law != 0 {
		b = strconv.AppendInt(append(b, `,"law":`...), int64(c.Law), 10)
	}
	return append(b, `}}`...)
}

// help is a rule's help text: what it reports and what it cites.
func help(c diag.CodeInfo) string {
	switch {
	case c.Law != 0:
		return c.Summary + " (Law " + strconv.Itoa(c.Law) + " of the Laws of Duplicate Bridge)"
	case c.Source == diag.Export:
		return c.Summary + " (PBN 2.1, section 3: the export format)"
	}
	return c.Summary
}

// level is SARIF's level of a severity.
func level(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	}
	return "note"
}

// A Fix is a change that answers a result: Text in place of the text
// from Start to End (empty for an insertion) of the result's file.
type Fix struct {
	Description string
	Start, End  diag.Pos
	Text        string
}

// Result writes one finding, at loc.
func (sw *Writer) Result(f diag.Diagnostic, loc Location) { sw.result(f, loc, nil) }

// FixResult writes one finding, at loc, with the fix that answers it.
func (sw *Writer) FixResult(f diag.Diagnostic, loc Location, fix Fix) { sw.result(f, loc, &fix) }

func (sw *Writer) result(f diag.Diagnostic, loc Location, fix *Fix) {
	b := sw.buf[:0]
	if sw.results > 0 {
		b = append(b, ',')
	}
	sw.results++
	b = append(b, `{"ruleId":`...)
	b = diag.AppendJSONString(b, string(f.Code))
	if i, ok := sw.rule[f.Code]; ok {
		b = strconv.AppendInt(append(b, `,"ruleIndex":`...), int64(i), 10)
	}
	b = append(b, `,"level":`...)
	b = diag.AppendJSONString(b, level(f.Severity))
	b = append(b, `,"message":{"text":`...)
	b = diag.AppendJSONString(b, f.Message)
	b = append(b, `},"locations":[{"physicalLocation":{"artifactLocation":{"uri":`...)
	b = diag.AppendJSONString(b, loc.URI)
	b = append(b, `,"uriBaseId":"%SRCROOT%"}`...)
	if loc.Start.IsValid() {
		b = strconv.AppendInt(append(b, `,"region":{"startLine":`...), int64(loc.Start.Line), 10)
		b = strconv.AppendInt(append(b, `,"startColumn":`...), int64(max(loc.Start.Col, 1)), 10)
		if loc.End.IsValid() && (loc.End.Line > loc.Start.Line || loc.End.Line == loc.Start.Line && loc.End.Col > loc.Start.Col) {
			b = strconv.AppendInt(append(b, `,"endLine":`...), int64(loc.End.Line), 10)
			b = strconv.AppendInt(append(b, `,"endColumn":`...), int64(max(loc.End.Col, 1)), 10)
		}
		b = append(b, '}')
	}
	b = append(b, `}`...)
	if f.Game > 0 || f.Board > 0 || f.Pair > 0 {
		// The board, for a reader of the log: a logical location.
		b = append(b, `,"logicalLocations":[{"kind":"object","name":`...)
		b = diag.AppendJSONString(b, boardName(f))
		b = append(b, `}]`...)
	}
	b = append(b, `}]`...)
	if fix != nil {
		b = append(b, `,"fixes":[{"description":{"text":`...)
		b = diag.AppendJSONString(b, fix.Description)
		b = append(b, `},"artifactChanges":[{"artifactLocation":{"uri":`...)
		b = diag.AppendJSONString(b, loc.URI)
		b = append(b, `,"uriBaseId":"%SRCROOT%"},"replacements":[{"deletedRegion":{"startLine":`...)
		b = strconv.AppendInt(b, int64(fix.Start.Line), 10)
		b = strconv.AppendInt(append(b, `,"startColumn":`...), int64(max(fix.Start.Col, 1)), 10)
		b = strconv.AppendInt(append(b, `,"endLine":`...), int64(fix.End.Line), 10)
		b = strconv.AppendInt(append(b, `,"endColumn":`...), int64(max(fix.End.Col, 1)), 10)
		b = append(b, `},"insertedContent":{"text":`...)
		b = diag.AppendJSONString(b, fix.Text)
		b = append(b, `}}]}]}]`...)
	}
	b = append(b, `,"properties":{"game":`...)
	b = strconv.AppendInt(b, int64(f.Game), 10)
	b = strconv.AppendInt(append(b, `,"board":`...), int64(f.Board), 10)
	if f.Law != 0 {
		b = strconv.AppendInt(append(b, `,"law":`...), int64(f.Law), 10)
	}
	b = append(b, `}}`...)
	sw.buf = b
	sw.w.Write(b)
}

// boardName names a finding's game and board: "game 3, board 7".
func boardName(f diag.Diagnostic) string {
	s := "game " + strconv.Itoa(f.Game)
	if f.Board > 0 {
		s += ", board " + strconv.Itoa(f.Board)
	}
	if f.Label != "" {
		s += " (" + f.Label + ")"
	}
	return s
}

// Close writes the tail of the log and flushes it; it returns the first
// write error.
func (sw *Writer) Close() error {
	sw.w.WriteString("]}]}\n")
	return sw.w.Flush()
}
