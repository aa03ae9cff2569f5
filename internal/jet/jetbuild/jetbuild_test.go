package jetbuild

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bridgekit/bridgekit/internal/jet"
)

// TestRoundTrip reads back with package jet what Bytes writes, over more
// rows than one page holds.
func TestRoundTrip(t *testing.T) {
	db := &DB{}
	a := db.Table("A", Column{"ID", jet.TypeLong}, Column{"Name", jet.TypeText}, Column{"N", jet.TypeInt},
		Column{"Gone", jet.TypeBool}, Column{"Note", jet.TypeText}, Column{"When", jet.TypeDateTime})
	when := time.Date(2026, 1, 15, 19, 30, 0, 0, time.UTC)
	var want []string
	for i := range 300 {
		name := any(fmt.Sprintf("row %d", i))
		if i%7 == 0 {
			name = nil
		}
		a.Add(i, name, -i, i%2 == 0, "é", when)
		want = append(want, fmt.Sprintf("%v", []any{int32(i), name, int16(-i), i%2 == 0, "é", when}))
	}
	db.Table("Empty", Column{"X", jet.TypeInt})
	b := db.Bytes()
	d, err := jet.Open(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(d.Tables(), " "); got != "A Empty" {
		t.Fatalf("tables %s, want A Empty", got)
	}
	tab, err := d.Table("A")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	rows := tab.Rows()
	for rows.Next() {
		got = append(got, fmt.Sprintf("%v", rows.Row()))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows differ: got %d, first %q; want %d, first %q", len(got), got[0], len(want), want[0])
	}
}
