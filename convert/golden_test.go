package convert

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bridgekit/auction"
)

var update = flag.Bool("update", false, "rewrite the golden files of the writers in testdata")

// goldenWriters are the writers the golden tests run, by the extension of
// their golden files.
var goldenWriters = []struct {
	ext   string
	write func(t *testing.T, data []byte, name string) []byte
}{
	{".pbn.golden", func(t *testing.T, data []byte, name string) []byte {
		out, _ := normalize(t, data, name, PBNWriterOptions{})
		return out
	}},
	{".lin.golden", func(t *testing.T, data []byte, name string) []byte {
		return writeLIN(t, readBoards(t, data, name), nil, LINWriterOptions{})
	}},
	{".jsonl.golden", func(t *testing.T, data []byte, name string) []byte {
		return writeJSON(t, readBoards(t, data, name))
	}},
}

// TestGolden writes the boards of each testdata/*.input with every writer
// and compares the output with the golden file, which -update rewrites.
// A mismatch leaves the output beside the golden file as *.got. The PBN
// golden file must normalize to itself.
func TestGolden(t *testing.T) {
	inputs, _ := filepath.Glob("testdata/*.input")
	if len(inputs) == 0 {
		t.Fatal("no testdata/*.input")
	}
	for _, in := range inputs {
		data, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		base := strings.TrimSuffix(in, ".input")
		name := filepath.Base(in)
		for _, gw := range goldenWriters {
			t.Run(filepath.Base(base)+gw.ext, func(t *testing.T) {
				got := gw.write(t, data, name)
				golden := base + gw.ext
				if *update {
					if err := os.WriteFile(golden, got, 0o644); err != nil {
						t.Fatal(err)
					}
					return
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (run go test -update)", err)
				}
				if !bytes.Equal(got, want) {
					os.WriteFile(golden+".got", got, 0o644)
					t.Errorf("output differs from %s at %s", golden, firstDiff(want, got))
				}
			})
		}
		t.Run(filepath.Base(base)+".pbn.golden/idempotent", func(t *testing.T) {
			golden, err := os.ReadFile(base + ".pbn.golden")
			if err != nil {
				t.Skip(err)
			}
			if again, _ := normalize(t, golden, name, PBNWriterOptions{}); !bytes.Equal(again, golden) {
				t.Errorf("normalizing %s.pbn.golden changes it at %s", base, firstDiff(golden, again))
			}
		})
	}
}

// TestCanonical: testdata/canonical.pbn shows the house style; normalizing
// it gives it back byte for byte.
func TestCanonical(t *testing.T) {
	data, err := os.ReadFile("testdata/canonical.pbn")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := normalize(t, data, "canonical.pbn", PBNWriterOptions{}); !bytes.Equal(got, data) {
		t.Errorf("normalizing canonical.pbn changes it at %s", firstDiff(data, got))
	}
}

// readBoards reads the boards of a test input, replayed.
func readBoards(t *testing.T, data []byte, name string) []*auction.Board {
	t.Helper()
	return readPBN(data, name)
}

func writeJSON(t *testing.T, boards []*auction.Board) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewJSONWriter(&buf)
	for _, b := range boards {
		if err := w.WriteBoard(b); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
