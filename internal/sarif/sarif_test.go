package sarif_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/sarif"
	"github.com/bridgekit/bridgekit/internal/sarif/sarifcheck"
)

// TestLog writes a log of findings of every kind of place, and checks it
// against the SARIF 2.1.0 schema and for what each result says.
func TestLog(t *testing.T) {
	var buf bytes.Buffer
	w := sarif.NewWriter(&buf, "v1.2.3 (test)")
	at := diag.Pos{Offset: 40, Line: 4, Col: 7}
	w.Result(diag.Diagnostic{File: "a b.pbn", Game: 1, Board: 1, Span: diag.Span{Pos: at, End: 50}, Severity: diag.Warning,
		Code: diag.ExportForm, Message: `export format: [Date "1/2/2026"] <&>`}, sarif.Location{URI: sarif.URI("a b.pbn", ""), Start: at, End: diag.Pos{Line: 4, Col: 17}})
	w.Result(diag.Diagnostic{File: "m.lin", Game: 2, Board: 7, Label: "7-1", Span: diag.Span{Pos: diag.Pos{Line: 1, Col: 3, Pair: 4}}, Severity: diag.Error,
		Code: diag.InsufficientBid, Law: 27, Message: "1C after 1S"}, sarif.Location{URI: "m.lin", Start: diag.Pos{Line: 1, Col: 3}})
	w.Result(diag.Diagnostic{File: "f.pbn", Severity: diag.Info, Code: diag.Encoding, Message: "UTF-8"}, sarif.Location{URI: "f.pbn"})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := sarifcheck.Validate(buf.Bytes()); err != nil {
		t.Fatalf("not valid SARIF 2.1.0: %v\n%s", err, buf.String())
	}
	if sarifcheck.Validate([]byte(`{"version":"2.1.0","runs":[{"tool":{"driver":{}}}]}`)) == nil {
		t.Fatal("the schema passes a driver without a name")
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Version string
					Rules   []struct{ ID string }
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex int
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           map[string]int
					}
				}
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != len(diag.Codes) || run.Tool.Driver.Version != "v1.2.3 (test)" {
		t.Errorf("%d rules, version %q", len(run.Tool.Driver.Rules), run.Tool.Driver.Version)
	}
	r := run.Results
	if len(r) != 3 || r[0].Level != "warning" || r[1].Level != "error" || r[2].Level != "note" {
		t.Fatalf("results %+v", r)
	}
	if got := run.Tool.Driver.Rules[r[1].RuleIndex].ID; got != "insufficient-bid" {
		t.Errorf("rule index of insufficient-bid names %q", got)
	}
	if loc := r[0].Locations[0].PhysicalLocation; loc.ArtifactLocation.URI != "a%20b.pbn" ||
		loc.Region["startLine"] != 4 || loc.Region["startColumn"] != 7 || loc.Region["endLine"] != 4 || loc.Region["endColumn"] != 17 {
		t.Errorf("location %+v", loc)
	}
	if !strings.Contains(r[0].Message.Text, `"1/2/2026"] <&>`) {
		t.Errorf("message %q", r[0].Message.Text)
	}
	if reg := r[2].Locations[0].PhysicalLocation.Region; reg != nil {
		t.Errorf("a finding about the whole file has a region: %v", reg)
	}
}

// TestURI: names relative to the working directory, slashes, escapes.
func TestURI(t *testing.T) {
	for _, c := range []struct{ name, dir, want string }{
		{"a.pbn", "/w", "a.pbn"},
		{"/w/sub/a b.pbn", "/w", "sub/a%20b.pbn"},
		{"/elsewhere/a.pbn", "/w", "/elsewhere/a.pbn"},
		{"x/100%.pbn", "", "x/100%25.pbn"},
	} {
		if got := sarif.URI(c.name, c.dir); got != c.want {
			t.Errorf("URI(%q, %q) = %q, want %q", c.name, c.dir, got, c.want)
		}
	}
}
