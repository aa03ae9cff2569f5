package format_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/format"
)

var update = flag.Bool("update", false, "write the golden files")

// TestSourceGolden formats each file of testdata and compares the text, or
// the refusal, with its .golden file; the text formats to itself.
func TestSourceGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, file := range files {
		if strings.HasSuffix(file, ".golden") {
			continue
		}
		n++
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got, err := format.Source(src, filepath.Base(file))
			if err != nil {
				if !format.IsRefused(err) {
					t.Fatalf("Source: %v", err)
				}
				got = []byte("refused: " + err.Error() + "\n")
			} else if again, err := format.Source(got, filepath.Base(file)); err != nil || !bytes.Equal(again, got) {
				t.Errorf("formatting the formatted text changes it (%v)", err)
			}
			golden := file + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("differs from %s (run go test -update to accept):\n%s", golden, got)
			}
		})
	}
	if n < 5 {
		t.Fatalf("only %d inputs in testdata", n)
	}
}

// FuzzSource: whatever the input, Source does not panic, and text it
// formats formats to itself, as `bridgekit fmt` run twice changes nothing.
func FuzzSource(f *testing.F) {
	for _, glob := range []string{"testdata/*.*", "../convert/testdata/*.input", "../parser/testdata/pbn/*.pbn", "../parser/testdata/lin/*.input"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			if data, err := os.ReadFile(file); err == nil && !strings.HasSuffix(file, ".golden") {
				f.Add(data, strings.HasSuffix(file, ".lin") || strings.HasSuffix(file, ".input") && bytes.Contains(data, []byte("|")))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, lin bool) {
		name := "fuzz.pbn"
		if lin {
			name = "fuzz.lin"
		}
		once, err := format.Source(data, name)
		if err != nil {
			return
		}
		twice, err := format.Source(once, name)
		if err != nil {
			t.Fatalf("the formatted text is refused: %v", err)
		}
		if !bytes.Equal(once, twice) {
			t.Fatalf("not idempotent:\n%q\n%q", once, twice)
		}
	})
}
