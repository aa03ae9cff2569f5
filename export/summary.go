package export

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/bridgekit/bridgekit/corpus"
)

// A Summary is what an export's summary.json holds: the run's report, as
// stats --format json prints it, and under "export" the manifest of the
// files that are the export. A reader that follows the manifest reads
// one export whole, whatever runs were killed in the folder.
type Summary struct {
	corpus.Report
	Export *Manifest `json:"export"` // nil in a summary export did not write
}

// A Manifest says which files are an export.
type Manifest struct {
	Schema string                 `json:"schema"` // SchemaVersion
	Format Format                 `json:"format"`
	Run    int                    `json:"run"`    // the run's number, in its files' names
	Tables map[string][]TableFile `json:"tables"` // "boards", "findings" → their files in order
}

// A TableFile is one file of a table.
type TableFile struct {
	Name  string `json:"name"` // in the folder of the summary
	Rows  int    `json:"rows"`
	Bytes int64  `json:"bytes"`
}

// names returns the set of the manifest's file names.
func (m *Manifest) names() map[string]bool {
	set := map[string]bool{}
	for _, files := range m.Tables {
		for _, f := range files {
			set[f.Name] = true
		}
	}
	return set
}

// MaxSummary is the most bytes of a summary a reader takes: far more than
// any export writes, and little enough to hold in memory.
const MaxSummary = 64 << 20

var (
	errNotRegular = errors.New("not a regular file")
	errTooLarge   = fmt.Errorf("larger than %d MiB, more than a summary holds", MaxSummary>>20)
)

// ReadSummary reads the summary at path, as export --merge does. Only a
// regular file, or a link to one, of at most MaxSummary bytes is read: a
// device or a FIFO is refused, and a FIFO is never opened, since opening
// one waits for a writer. The errors name path.
func ReadSummary(path string) (*Summary, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: not read: %w", path, unwrapPath(err))
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not read: %w", path, errNotRegular)
	}
	// The name may have become a FIFO since: opened without waiting, it
	// is refused below.
	f, err := os.OpenFile(path, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: not read: %w", path, unwrapPath(err))
	}
	defer f.Close()
	s, err := decodeSummary(f)
	if err != nil {
		return nil, fmt.Errorf("%s: not read: %w", path, err)
	}
	return s, nil
}

// decodeSummary reads a summary from f, which must be a regular file of
// at most MaxSummary bytes.
func decodeSummary(f *os.File) (*Summary, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, unwrapPath(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, errNotRegular
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxSummary+1))
	if err != nil {
		return nil, unwrapPath(err)
	}
	if len(data) > MaxSummary {
		return nil, errTooLarge
	}
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("unreadable JSON: %w", err)
	}
	return &s, nil
}
