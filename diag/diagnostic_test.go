package diag

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzDiagnosticJSON checks that AppendJSON writes what encoding/json
// writes for the documented fields, byte for byte.
func FuzzDiagnosticJSON(f *testing.F) {
	f.Add("a.pbn", 1, 2, "", 0, 3, 4, uint8(2), "insufficient-bid", 27, "call 7 (W): 2D is insufficient after 2H")
	f.Add("x<&>\"\\.lin", -1, 0, "3-2", 5, 0, 0, uint8(0), "", 0, "tab\there\nnew \b\f\x01 \u2028\u2029 é \xff\xfe Ч")
	f.Fuzz(func(t *testing.T, file string, game, board int, label string, pair, line, col int, sev uint8, code string, law int, msg string) {
		d := Diagnostic{File: file, Game: game, Board: board, Label: label, Span: Span{Pos: Pos{Pair: pair, Line: line, Col: col}},
			Severity: Severity(sev % 3), Code: Code(code), Law: law, Message: msg}
		want, err := json.Marshal(struct {
			File     string `json:"file"`
			Game     int    `json:"game"`
			Board    int    `json:"board"`
			Label    string `json:"label,omitempty"`
			Pair     int    `json:"pair,omitempty"`
			Line     int    `json:"line"`
			Col      int    `json:"col"`
			Severity string `json:"severity"`
			Code     string `json:"code"`
			Law      int    `json:"law,omitempty"`
			Message  string `json:"message"`
		}{file, game, board, label, pair, line, col, d.Severity.String(), code, law, msg})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.AppendJSON(nil); !bytes.Equal(got, want) {
			t.Errorf("AppendJSON:\n got %s\nwant %s", got, want)
		}
		var back Diagnostic
		if err := json.Unmarshal(want, &back); err != nil {
			t.Fatal(err)
		}
		if back.Severity != d.Severity || back.Code != d.Code || back.Line != line || back.Pair != pair {
			t.Errorf("read back %+v from %s", back, want)
		}
	})
}

// TestAddUpTo: past the cap, one warning counts the rest of a file's
// reports.
func TestAddUpTo(t *testing.T) {
	var l List
	for range 1000 + 5 {
		l.AddUpTo(1000, Diagnostic{Severity: Error, Code: Syntax, Message: "x"})
	}
	if len(l) != 1000+1 {
		t.Fatalf("%d reports kept", len(l))
	}
	if last := l[len(l)-1]; last.Code != TooManyProblems || last.Message != "5 more problems in this file are not listed" {
		t.Errorf("last report %s: %s", last.Code, last.Message)
	}
}
