package corpus

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBWSInPlace audits a .bws on disk, read in place (pread), and the
// same bytes from a stream, read from memory: the same boards and bytes.
func TestBWSInPlace(t *testing.T) {
	data, err := os.ReadFile("../parser/bws/testdata/findings.bws")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "session.bws")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var parts []*Part
	rep, err := Audit(context.Background(), Inputs([]string{path}, nil, Options{}), AuditOptions{AllFindings: true}, func(p *Part) { parts = append(parts, p) })
	if err != nil {
		t.Fatal(err)
	}
	if rep.Bytes != int64(len(data)) || rep.Boards != 6 || rep.Formats["bws"] != 1 {
		t.Errorf("on disk: %d bytes, %d boards, formats %v; want %d, 6, bws 1", rep.Bytes, rep.Boards, rep.Formats, len(data))
	}
	streamed := Process("session.bws", struct{ io.Reader }{bytes.NewReader(data)}, AuditOptions{})
	if streamed.Err != nil || len(streamed.Boards) != 6 || streamed.Report.Bytes != int64(len(data)) {
		t.Errorf("streamed: err %v, %d boards, %d bytes", streamed.Err, len(streamed.Boards), streamed.Report.Bytes)
	}
	var a, b []string
	for _, p := range parts {
		for d := range p.All() {
			a = append(a, strings.TrimPrefix(d.String(), path))
		}
	}
	for d := range streamed.All() {
		b = append(b, strings.TrimPrefix(d.String(), "session.bws"))
	}
	if strings.Join(a, "\n") != strings.Join(b, "\n") || len(a) == 0 {
		t.Errorf("findings differ:\non disk:\n%s\nstreamed:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// TestBWSStreamLimit refuses a streamed .bws larger than it holds in
// memory, naming the input.
func TestBWSStreamLimit(t *testing.T) {
	data, err := os.ReadFile("../parser/bws/testdata/mitchell.bws")
	if err != nil {
		t.Fatal(err)
	}
	defer func(n int64) { bwsStreamLimit = n }(bwsStreamLimit)
	bwsStreamLimit = int64(len(data) - 1)
	p := Process("big.bws", struct{ io.Reader }{bytes.NewReader(data)}, AuditOptions{})
	if p.Err == nil || !strings.Contains(p.Err.Error(), "big.bws: a .bws database read from a stream") || len(p.Boards) != 0 {
		t.Errorf("err %v, %d boards", p.Err, len(p.Boards))
	}
	bwsStreamLimit = int64(len(data))
	if p := Process("big.bws", struct{ io.Reader }{bytes.NewReader(data)}, AuditOptions{}); p.Err != nil || len(p.Boards) != 6 {
		t.Errorf("at the limit: err %v, %d boards", p.Err, len(p.Boards))
	}
}
