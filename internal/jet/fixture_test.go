package jet

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A fixture is a database of testdata, kept gzipped (Jet files are mostly
// unused page space and shrink twenty-fold).
type fixture struct {
	name string // file name without .gz
	data []byte
}

func loadFixtures(tb testing.TB) []fixture {
	tb.Helper()
	paths, err := filepath.Glob("testdata/*.gz")
	if err != nil || len(paths) == 0 {
		tb.Fatalf("no fixtures in testdata (%v)", err)
	}
	slices.Sort(paths)
	var fs []fixture
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			tb.Fatal(err)
		}
		zr, err := gzip.NewReader(f)
		if err != nil {
			tb.Fatalf("%s: %v", p, err)
		}
		data, err := io.ReadAll(zr)
		f.Close()
		if err != nil {
			tb.Fatalf("%s: %v", p, err)
		}
		fs = append(fs, fixture{name: filepath.Base(p[:len(p)-len(".gz")]), data: data})
	}
	return fs
}

func openBytes(tb testing.TB, data []byte) *DB {
	tb.Helper()
	db, err := Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		tb.Fatal(err)
	}
	return db
}

// readAll reads every row of every table, system tables included, and
// returns the first error.
func readAll(db *DB) (rows int, err error) {
	names := db.Tables()
	for _, e := range db.catalog {
		if e.system {
			names = append(names, e.name)
		}
	}
	for _, name := range names {
		t, err := db.Table(name)
		if err != nil {
			return rows, err
		}
		r := t.Rows()
		for r.Next() {
			rows++
		}
		if err := r.Err(); err != nil {
			return rows, err
		}
	}
	return rows, nil
}
