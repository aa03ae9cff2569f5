package lin

import (
	"bytes"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
)

// readLINRecords reads src with Records or, apart, with RecordsApart into
// a (nil: memory of their own), then checks the records last to first:
// into ca if it is not nil, else half of them in goroutines of their own.
func readLINRecords(src []byte, filename string, maxRecord int, apart bool, a, ca *Arena) ([]*Record, diag.List) {
	lr := NewReader(bytes.NewReader(src), filename)
	lr.maxRecord = maxRecord
	lr.UseArena(a)
	records := lr.Records
	if apart {
		records = lr.RecordsApart
	}
	var recs []*Record
	var extra diag.List
	for rec, err := range records() {
		if err != nil {
			if d, ok := err.(*diag.Diagnostic); ok {
				extra.Add(*d)
			}
			continue
		}
		recs = append(recs, rec)
	}
	if apart {
		var wg sync.WaitGroup
		for i, rec := range slices.Backward(recs) {
			if ca != nil {
				rec.CheckInto(ca)
			} else if i%2 == 0 {
				wg.Go(rec.Check)
			} else {
				rec.Check()
			}
		}
		wg.Wait()
	}
	return recs, append(lr.Diagnostics(), extra...)
}

// checkLINApart fails unless the records RecordsApart gives, checked
// apart, are those Records gives; with a and ca, they are read into a
// and checked into ca.
func checkLINApart(t *testing.T, src []byte, filename string, maxRecord int, a, ca *Arena) {
	t.Helper()
	want, wantDiags := readLINRecords(src, filename, maxRecord, false, nil, nil)
	got, diags := readLINRecords(src, filename, maxRecord, true, a, ca)
	if len(got) != len(want) {
		t.Fatalf("%s: %d records apart, %d in order", filename, len(got), len(want))
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("%s: record %d checked apart differs from the record read in order", filename, i+1)
		}
	}
	if !reflect.DeepEqual(diags, wantDiags) {
		t.Fatalf("%s: diagnostics apart %v, in order %v", filename, diags, wantDiags)
	}
}

// TestLINRecordsApart reads the fixtures and the corpus both ways.
func TestLINRecordsApart(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/*.input")
	if testinput.HaveCorpus() {
		files = append(files, corpusLINFiles(t)...)
	}
	testinput.EachFile(t, files, func(src []byte, name string) { checkLINApart(t, src, name, maxLINRecord, nil, nil) })
}

// TestLINArena reads each fixture three times into one arena, with a
// Reset between: each time, every record is what a record read into
// memory of its own is, so that nothing of an earlier batch shows through
// memory used again.
func TestLINArena(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("testdata/*.input")
	var a, ca Arena
	testinput.EachFile(t, files, func(src []byte, name string) {
		for range 3 {
			checkLINApart(t, src, name, maxLINRecord, &a, &ca)
			a.Reset()
			ca.Reset()
		}
	})
}
