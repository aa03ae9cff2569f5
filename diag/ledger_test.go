package diag

import (
	"encoding/json"
	"testing"
)

func TestLedger(t *testing.T) {
	var l Ledger
	l.Agree(11902)
	l.Flag(99)
	l.Skip(CellUnreadable, 200)
	l.Skip(Excerpt, 139)
	l.Check(true)
	if got, want := l.Text(), "12,341: agreed 11,902, flagged 100, unchecked 339 — cell-unreadable 200, excerpt 139"; got != want {
		t.Errorf("Text() = %q, want %q", got, want)
	}
	data, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"stated":12341,"agreed":11902,"flagged":100,"unchecked":{"cell-unreadable":200,"excerpt":139}}`; string(data) != want {
		t.Errorf("JSON %s, want %s", data, want)
	}
	var back Ledger
	if err := json.Unmarshal(data, &back); err != nil || back != l {
		t.Errorf("read back %+v, %v", back, err)
	}
	for _, bad := range []string{`{"stated":5,"agreed":1,"flagged":0,"unchecked":{}}`, `{"stated":1,"agreed":0,"flagged":0,"unchecked":{"guess":1}}`} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("%s read as a ledger", bad)
		}
	}
	if r, ok := l.Most(); !ok || r != CellUnreadable {
		t.Errorf("Most() = %v, %v", r, ok)
	}
	for _, r := range Reasons() {
		if r.String() == "" || r.Explain() == "" || r.Explain() == r.String() {
			t.Errorf("reason %d has no name or words", r)
		}
	}
}
