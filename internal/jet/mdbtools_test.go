package jet

import (
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The separators mdb-export is asked for: strings no fixture's text holds
// (one holds every character from U+0001 to U+00FF), so that fields need no
// quoting (-Q) and memos may hold line breaks.
const (
	exportField = "<F\x1f>"
	exportRow   = "<R\x1e>"
	exportNull  = "<N\x1d>"
	exportDate  = "%Y-%m-%d %H:%M:%S"
)

// TestMdbtools compares, for every fixture, the table names with
// mdb-tables' and every value of every row of every table with
// mdb-export's, the reference reader Debian packages as mdbtools.
// BRIDGEKIT_JET_FILES may name more databases to compare, separated by
// the system's list separator: files that cannot be kept in testdata.
func TestMdbtools(t *testing.T) {
	if _, err := exec.LookPath("mdb-export"); err != nil {
		t.Skip("mdb-export not found: install Debian's mdbtools to compare with it")
	}
	dir := t.TempDir()
	fixtures := loadFixtures(t)
	// The Bridgemate databases the BWS reader is tested on, written by
	// internal/jet/jetbuild: what mdb-export reads of them must be what
	// this package reads.
	bws, err := filepath.Glob("../../parser/bws/testdata/*.bws")
	if err != nil || len(bws) == 0 {
		t.Fatalf("no .bws fixtures in parser/bws/testdata (%v)", err)
	}
	for _, path := range append(bws, filepath.SplitList(os.Getenv("BRIDGEKIT_JET_FILES"))...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fixtures = append(fixtures, fixture{name: filepath.Base(path), data: data})
	}
	for _, fx := range fixtures {
		t.Run(fx.name, func(t *testing.T) {
			path := filepath.Join(dir, fx.name)
			if err := os.WriteFile(path, fx.data, 0o644); err != nil {
				t.Fatal(err)
			}
			db := openBytes(t, fx.data)
			out, err := exec.Command("mdb-tables", "-1", path).Output()
			if err != nil {
				t.Fatalf("mdb-tables: %v", err)
			}
			var want []string
			if len(out) > 0 {
				want = strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
			}
			if got := db.Tables(); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("tables: got %q, mdb-tables %q", got, want)
			}
			for _, name := range want {
				compareTable(t, db, path, name)
			}
		})
	}
}

func compareTable(t *testing.T, db *DB, path, name string) {
	out, err := exec.Command("mdb-export", "-H", "-Q", "-b", "hex",
		"-d", exportField, "-R", exportRow, "-0", exportNull,
		"-D", exportDate, "-T", exportDate, path, name).Output()
	if err != nil {
		t.Fatalf("mdb-export %s: %v", name, err)
	}
	var want [][]string
	for _, line := range strings.Split(string(out), exportRow) {
		if line != "" {
			want = append(want, strings.Split(line, exportField))
		}
	}
	tab, err := db.Table(name)
	if err != nil {
		t.Fatal(err)
	}
	cols := tab.Columns()
	rows := tab.Rows()
	i := 0
	for ; rows.Next(); i++ {
		if i >= len(want) {
			t.Errorf("%s: row %d: mdb-export has only %d rows", name, i, len(want))
			continue
		}
		got := rows.Row()
		if len(want[i]) != len(cols) {
			t.Fatalf("%s: row %d: mdb-export gives %d fields for %d columns", name, i, len(want[i]), len(cols))
		}
		for j, c := range cols {
			if c.Calculated {
				// Neither reads the values of a calculated column;
				// mdbtools prints its bytes as the column's type.
				continue
			}
			if msg := sameValue(c, got[j], want[i][j]); msg != "" {
				t.Errorf("%s: row %d, column %q (%s): %s", name, i, c.Name, c.Type, msg)
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if i != len(want) {
		t.Errorf("%s: %d rows read, mdb-export %d", name, i, len(want))
	}
}

// sameValue compares a value read with mdb-export's text for it and says
// how they differ, or returns "". The text is normalised to the flags
// above: booleans 0/1, dates to the second, binary in hex, floats
// compared as numbers at the precision mdb-export prints. Where mdbtools
// prints what it has not read right, the difference is accepted, said
// why below, and kept in the package documentation.
func sameValue(c Column, v any, s string) string {
	if s == exportNull {
		switch {
		case v == "" || fmt.Sprint(v) == "[]":
			// mdbtools prints a zero-length value, text or binary, as
			// a null: it does not tell the two apart.
			return ""
		case typeNames[c.Type] == "":
			// mdbtools prints a value of a type it does not know as a
			// null (ACE's extended date/time, 0x14, among them).
			return ""
		}
	}
	var got string
	switch v := v.(type) {
	case nil:
		got = exportNull
	case bool:
		got = "0"
		if v {
			got = "1"
		}
	case float32:
		return sameFloat(float64(v), s, 1e-6)
	case float64:
		return sameFloat(v, s, 1e-9)
	case time.Time:
		got = v.Round(time.Second).Format(time.DateTime)
		if s == "1900-01-00 00:00:00" && (v.Before(dateEpoch) || v.After(dateEpoch.AddDate(0, 0, 1e6))) {
			// mdbtools converts only dates from 1899-12-30 to a
			// million days later (in 4637) and prints others as an
			// impossible date.
			return ""
		}
	case []byte:
		got = strings.ToUpper(hex.EncodeToString(v))
		s = strings.ToUpper(s)
	case GUID:
		// Binary mode -b hex applies to GUIDs too: mdb-export prints
		// the hex of the GUID's text, which has a dash fewer than the
		// usual form (none between the last two groups).
		got = strings.ReplaceAll(v.String(), "-", "")
		if b, err := hex.DecodeString(s); err == nil {
			s = strings.ReplaceAll(string(b), "-", "")
		}
	case string:
		got = v
		if got != s && unconvertible(got) == s {
			return ""
		}
	default:
		got = fmt.Sprint(v)
	}
	if got != s {
		return fmt.Sprintf("got %q, mdb-export %q", got, s)
	}
	return ""
}

// unconvertible replaces in s what mdbtools cannot convert to UTF-8 by its
// "?": characters beyond the Basic Multilingual Plane (one "?" for each
// half of their UTF-16 surrogate pair), and the C1 control characters,
// which in Jet 3 text stand for bytes the code page leaves undefined.
func unconvertible(s string) string {
	var sb strings.Builder
	for _, r := range s {
		switch {
		case r > 0xffff:
			sb.WriteString("??")
		case r >= 0x80 && r < 0xa0:
			sb.WriteString("?")
		default:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

func sameFloat(v float64, s string, tol float64) string {
	w, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Sprintf("got %v, mdb-export %q", v, s)
	}
	if math.Abs(v-w) > tol*math.Max(1, math.Abs(w)) {
		return fmt.Sprintf("got %v, mdb-export %v", v, w)
	}
	return ""
}
