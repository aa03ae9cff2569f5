package bws_test

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead reads arbitrary bytes as a .bws: it must end, without a panic,
// with what it read or a finding, and every unit must hold only its own
// board's rows.
func FuzzRead(f *testing.F) {
	names, _ := filepath.Glob("testdata/*.bws")
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file := read(data)
		for _, u := range file.Units() {
			for _, r := range u.Results {
				if r.Board != u.Board || r.Section != u.Section {
					t.Fatalf("unit of board %d holds %s, of board %d", u.Board, r.At, r.Board)
				}
			}
			_ = u.Size()
		}
	})
}
