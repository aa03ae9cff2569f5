package convert

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

var update = flag.Bool("update", false, "rewrite the golden files of the writers in testdata")

// goldenWriters are the writers the golden tests run, by the extension of
// their golden files.
var goldenWriters = []struct {
	ext   string
	write func(t *testing.T, data []byte, name string) []byte
}{
	{".pbn.golden", func(t *testing.T, data []byte, name string) []byte {
		if isLIN(data) {
			return writePBN(t, readBoards(t, data, name), PBNWriterOptions{})
		}
		out, _ := normalize(t, data, name, PBNWriterOptions{})
		return out
	}},
	{".lin.golden", func(t *testing.T, data []byte, name string) []byte {
		if isLIN(data) {
			boards, trailing := readLIN(data, name)
			return writeLIN(t, boards, trailing, LINWriterOptions{})
		}
		return writeLIN(t, readBoards(t, data, name), nil, LINWriterOptions{})
	}},
	{".jsonl.golden", func(t *testing.T, data []byte, name string) []byte {
		return writeJSON(t, readBoards(t, data, name))
	}},
}

// TestGolden writes the boards of each testdata/*.input with every writer
// and compares the output with the golden file, which -update rewrites.
// A mismatch leaves the output beside the golden file as *.got. The PBN
// golden file must normalize to itself, and the LIN golden file read and
// written again must give itself.
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
		t.Run(filepath.Base(base)+".lin.golden/stable", func(t *testing.T) {
			golden, err := os.ReadFile(base + ".lin.golden")
			if err != nil {
				t.Skip(err)
			}
			boards, trailing := readLIN(golden, name)
			if again := writeLIN(t, boards, trailing, LINWriterOptions{}); !bytes.Equal(again, golden) {
				t.Errorf("writing what %s.lin.golden reads as changes it at %s", base, firstDiff(golden, again))
			}
		})
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
	t.Parallel()
	data, err := os.ReadFile("testdata/canonical.pbn")
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := normalize(t, data, "canonical.pbn", PBNWriterOptions{}); !bytes.Equal(got, data) {
		t.Errorf("normalizing canonical.pbn changes it at %s", firstDiff(data, got))
	}
}

// TestCanonicalLIN: testdata/canonical.lin is the LIN the LIN writer makes
// of canonical.pbn, in BBO's layout; reading it and writing it again gives
// it back byte for byte. -update rewrites it.
func TestCanonicalLIN(t *testing.T) {
	pbn, err := os.ReadFile("testdata/canonical.pbn")
	if err != nil {
		t.Fatal(err)
	}
	got := writeLIN(t, readBoards(t, pbn, "canonical.pbn"), nil, LINWriterOptions{})
	if *update {
		if err := os.WriteFile("testdata/canonical.lin", got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/canonical.lin")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("canonical.pbn written as LIN differs from canonical.lin at %s", firstDiff(want, got))
	}
	boards, trailing := readLIN(want, "canonical.lin")
	if again := writeLIN(t, boards, trailing, LINWriterOptions{}); !bytes.Equal(again, want) {
		t.Errorf("canonical.lin read and written again differs at %s", firstDiff(want, again))
	}
}

// readBoards reads the boards of a test input, replayed: LIN when its first
// line that is not a % line holds a LIN pair, else PBN.
func readBoards(t *testing.T, data []byte, name string) []*record.Board {
	t.Helper()
	if isLIN(data) {
		boards, _ := readLIN(data, name)
		return boards
	}
	return readPBN(data, name)
}

// isLIN reports whether a test input is LIN.
func isLIN(data []byte) bool {
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" && line[0] != '%' {
			return len(line) > 2 && line[2] == '|'
		}
	}
	return false
}

func writeJSON(t testing.TB, boards []*record.Board) []byte {
	t.Helper()
	var buf bytes.Buffer
	jw := NewJSONWriter(&buf)
	// The rooms of a team-match board get their imps, as the CLI gives
	// them: from an index of the run's rooms.
	rooms := scoring.NewRoomIndex()
	rooms.AddFile("")
	for i, b := range boards {
		if e, ok := scoring.EntryOf(b, ""); ok {
			rooms.Add(e, i+1, i)
		}
	}
	for i, b := range boards {
		here, other, _ := rooms.OtherOf(b, "", "", i+1)
		var err error
		if imps, ok := here.IMPs(other); ok {
			err = jw.WriteRoom(b, imps)
		} else {
			err = jw.WriteBoard(b)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return buf.Bytes()
}
