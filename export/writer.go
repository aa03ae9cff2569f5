package export

import (
	"bufio"
	"encoding/json"
	"fmt"

	"github.com/parquet-go/parquet-go"
)

// Format is the file format of the tables.
type Format string

// The formats.
const (
	Parquet Format = "parquet"
	JSONL   Format = "jsonl"
)

// ParseFormat reads a --format value.
func ParseFormat(s string) (Format, error) {
	switch Format(s) {
	case Parquet, JSONL:
		return Format(s), nil
	}
	return "", fmt.Errorf("%q is not an export format (parquet, jsonl)", s)
}

// DefaultRowsPerFile is the most rows a file holds by default.
const DefaultRowsPerFile = 1 << 20

// MaxFiles is the most files a table of one run may have: the summary
// lists every file, and a reader takes a summary of at most MaxSummary
// bytes, which twice this many files keep well within.
const MaxFiles = 100_000

// codec is zstd at its fastest level: bridge records compress well at
// any level (the tables are a twentieth of their JSON Lines), and the
// default level took a third of the writing time.
var codec = &zstdCodec{}

// rowGroupRows is the most rows of a Parquet row group: the rows a
// writer holds in memory before writing them, a few megabytes of boards.
const rowGroupRows = 16 << 10

// A Table writes the rows of one table of a run into numbered files of
// at most the run's rows per file: "boards-r1-00000.parquet",
// "boards-r1-00001.parquet" … (with a shard,
// "boards-s002of008-r1-00000.parquet"). Each file is closed as soon as it
// is complete, so that a run holds one file of a table open whatever its
// number of files; the files appear at the run's Commit.
type Table[T any] struct {
	x    *Export
	name string // "boards", "findings"

	seq   int
	total int
	part  *part // the file being written
	pq    *parquet.GenericWriter[T]
	js    *bufio.Writer
	enc   *json.Encoder
	err   error
}

// Write writes rows, starting a new file each perFile rows. The first
// error, which names the file, ends the table: every later Write returns
// it.
func (t *Table[T]) Write(rows []T) error {
	for len(rows) > 0 && t.err == nil {
		if t.part == nil {
			t.open()
			if t.err != nil {
				break
			}
		}
		n := min(len(rows), t.x.perFile-t.part.rows)
		var err error
		if t.pq != nil {
			_, err = t.pq.Write(rows[:n])
		} else {
			for i := range rows[:n] {
				if err = t.enc.Encode(&rows[i]); err != nil {
					break
				}
			}
		}
		if err != nil {
			t.fail(err)
			break
		}
		t.part.rows += n
		t.total += n
		rows = rows[n:]
		if t.part.rows == t.x.perFile {
			t.close()
		}
	}
	return t.err
}

// Rows is how many rows the table holds so far.
func (t *Table[T]) Rows() int { return t.total }

func (t *Table[T]) open() {
	if t.seq == MaxFiles {
		t.err = fmt.Errorf("the %s table needs more than %d files: raise --rows-per-file", t.name, MaxFiles)
		return
	}
	t.part, t.err = t.x.newPart(t.name, t.seq)
	if t.err != nil {
		return
	}
	t.seq++
	switch t.x.format {
	case Parquet:
		t.pq = parquet.NewGenericWriter[T](t.part, parquet.Compression(codec),
			parquet.MaxRowsPerRowGroup(rowGroupRows),
			parquet.KeyValueMetadata("bridgekit.schema", t.name+"/"+SchemaVersion),
			parquet.CreatedBy("bridgekit", SchemaVersion, ""))
	default:
		t.js = bufio.NewWriterSize(t.part, 64<<10)
		t.enc = json.NewEncoder(t.js)
		t.enc.SetEscapeHTML(false)
	}
}

// fail keeps the first error of the file being written. A write error of
// the file itself is kept as the file gave it, which names the file; the
// encoders' own errors are given its name.
func (t *Table[T]) fail(err error) {
	switch {
	case t.err != nil:
	case t.part.err != nil:
		t.err = t.part.err
	default:
		t.err = fmt.Errorf("writing %s: %w", t.x.Path(t.part.final), err)
	}
}

// close finishes the file being written and closes it.
func (t *Table[T]) close() {
	if t.part == nil {
		return
	}
	var err error
	if t.pq != nil {
		err = t.pq.Close()
	} else {
		err = t.js.Flush()
	}
	if err != nil {
		t.fail(err)
	}
	if err := t.part.close(); err != nil && t.err == nil {
		t.err = err
	}
	t.part, t.pq, t.js, t.enc = nil, nil, nil, nil
}

// finish closes the last file. A table of no rows gets one empty file,
// so that a query over a shard finds its table.
func (t *Table[T]) finish() error {
	if t.err == nil && t.seq == 0 {
		t.open()
	}
	t.close()
	return t.err
}
