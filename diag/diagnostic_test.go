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
		d := Diagnostic{File: file, Game: game, Board: board, Label: label, Span: Span{Pos: Pos{Pair: int32(pair), Line: int32(line), Col: int32(col)}},
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
		// JSON carries text as UTF-8: an invalid byte comes back as U+FFFD.
		var wantCode string
		quoted, _ := json.Marshal(code)
		json.Unmarshal(quoted, &wantCode)
		if back.Severity != d.Severity || back.Code != Code(wantCode) || int(back.Line) != line || int(back.Pair) != pair {
			t.Errorf("read back %+v from %s", back, want)
		}
	})
}

// TestAddUpTo: past the cap, one warning counts the rest of a file's
// reports.
func TestAddUpTo(t *testing.T) {
	t.Parallel()
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

func TestDiagnosticString(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		f    Diagnostic
		want string
	}{
		{Diagnostic{Span: Span{Pos: Pos{Line: 812, Col: 5}}, File: "events/2019/final.pbn", Game: 30, Board: 14, Severity: Error, Code: "insufficient-bid",
			Law: 27, Message: "call 7 (W): 2D is insufficient after 2H"},
			"events/2019/final.pbn:812:5: board 14: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)"},
		{Diagnostic{Span: Span{Pos: Pos{Line: 30, Col: 4}}, File: "r.pbn", Game: 1, Board: 1, Severity: Error, Code: "revoke",
			Law: 61, Message: "H8 is a revoke: S holds spades and must follow suit (Laws 44C, 61)"},
			"r.pbn:30:4: board 1: error revoke: H8 is a revoke: S holds spades and must follow suit (Laws 44C, 61)"},
		{Diagnostic{File: "r.pbn", Game: 1, Board: 1, Severity: Info, Code: "note", Law: 27, Message: "see (Law 16) above"},
			"r.pbn: board 1: info note: see (Law 16) above (Law 27)"},
		{Diagnostic{Span: Span{Pos: Pos{Line: 1}}, File: "a.lin", Game: 3, Severity: Warning, Code: "auction-incomplete", Message: "the auction stops after 3 calls"},
			"a.lin:1: game 3: warning auction-incomplete: the auction stops after 3 calls"},
		{Diagnostic{File: "<stdin>", Severity: Info, Code: "encoding", Message: "read as Windows-1252: not valid UTF-8"},
			"<stdin>: info encoding: read as Windows-1252: not valid UTF-8"},
		{Diagnostic{Span: Span{Pos: Pos{Pair: 38, Line: 3, Col: 211}}, File: "m.lin", Game: 2, Board: 14, Severity: Error, Code: "insufficient-bid", Law: 27, Message: "call 7 (W): 2D is insufficient after 2H"},
			"m.lin:3:211: board 14: pair 38: error insufficient-bid: call 7 (W): 2D is insufficient after 2H (Law 27)"},
		{Diagnostic{Span: Span{Pos: Pos{Pair: 2}}, File: "n.lin", Game: 4, Severity: Warning, Message: "no code"},
			"n.lin: game 4: pair 2: warning: no code"},
		{Diagnostic{Span: Span{Pos: Pos{Pair: 1, Line: 2, Col: 1}}, File: "t.lin", Game: 1, Label: "Twój cel:", Severity: Error, Code: "lin-junk", Message: "skipped"},
			`t.lin:2:1: board "Twój cel:": pair 1: error lin-junk: skipped`},
		{Diagnostic{File: "t.pbn", Game: 1, Label: "3-2", Severity: Info, Code: "x", Message: "m"},
			"t.pbn: board 3-2: info x: m"},
	} {
		if got := tc.f.String(); got != tc.want {
			t.Errorf("got  %s\nwant %s", got, tc.want)
		}
	}
}

func TestDiagnosticJSON(t *testing.T) {
	t.Parallel()
	f := Diagnostic{Span: Span{Pos: Pos{Line: 40, Col: 9}}, File: "x.pbn", Game: 2, Board: 5, Severity: Error, Code: "inadmissible-double",
		Law: 36, Message: "call 3 (E): X doubles partner's bid"}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"file":"x.pbn","game":2,"board":5,"line":40,"col":9,"severity":"error","code":"inadmissible-double","law":36,"message":"call 3 (E): X doubles partner's bid"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	f.Law = 0
	if b, _ := json.Marshal(f); bytes.Contains(b, []byte(`"law"`)) {
		t.Errorf("law written where none applies: %s", b)
	}
}
