package export

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/bridgekit/bridgekit/internal/safewrite"
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

// codec is zstd at its fastest level: bridge records compress well at
// any level (the tables are a twentieth of their JSON Lines), and the
// default level took a third of the writing time.
var codec = &zstd.Codec{Level: zstd.SpeedFastest}

// rowGroupRows is the most rows of a Parquet row group: the rows a
// writer holds in memory before writing them, a few megabytes of boards.
const rowGroupRows = 16 << 10

// A Table writes the rows of one table into numbered files of a
// directory: "boards-00000.parquet", "boards-00001.parquet" … (with a
// shard, "boards-s002of008-00000.parquet"). Its files are temporary until
// Commit, which makes them all appear; Abort removes them.
type Table[T any] struct {
	dir     *safewrite.Dir
	name    string // "boards", "findings"
	shard   string // "" or "-s002of008"
	format  Format
	perFile int

	seq   int
	rows  int // in the file being written
	total int
	done  []*safewrite.File
	file  *safewrite.File
	pq    *parquet.GenericWriter[T]
	js    *bufio.Writer
	enc   *json.Encoder
	err   error
}

// NewTable returns a Table named name writing in dir.
func NewTable[T any](dir *safewrite.Dir, name string, format Format, perFile int, shard Shard) *Table[T] {
	if perFile <= 0 {
		perFile = DefaultRowsPerFile
	}
	return &Table[T]{dir: dir, name: name, shard: shard.Suffix(), format: format, perFile: perFile}
}

// FileName is the name of the table's file number seq.
func (t *Table[T]) FileName(seq int) string {
	return fmt.Sprintf("%s%s-%05d.%s", t.name, t.shard, seq, t.format)
}

// Write writes rows, starting a new file each perFile rows.
func (t *Table[T]) Write(rows []T) error {
	for len(rows) > 0 && t.err == nil {
		if t.file == nil {
			t.open()
			if t.err != nil {
				break
			}
		}
		n := min(len(rows), t.perFile-t.rows)
		if t.pq != nil {
			_, t.err = t.pq.Write(rows[:n])
		} else {
			for i := range rows[:n] {
				if t.err = t.enc.Encode(&rows[i]); t.err != nil {
					break
				}
			}
		}
		t.rows, t.total, rows = t.rows+n, t.total+n, rows[n:]
		if t.rows == t.perFile {
			t.close()
		}
	}
	return t.err
}

// Rows is how many rows the table holds so far.
func (t *Table[T]) Rows() int { return t.total }

// CreateNew starts the file name in dir, to appear at its Commit, unless
// a file of that name is there already: export never replaces one.
func CreateNew(dir *safewrite.Dir, name string) (*safewrite.File, error) {
	if _, err := os.Lstat(dir.Path(name)); err == nil {
		return nil, fmt.Errorf("%s already exists: export does not replace it (remove it or choose another --out)", dir.Path(name))
	}
	return dir.Create(name, 0o644)
}

func (t *Table[T]) open() {
	t.file, t.err = CreateNew(t.dir, t.FileName(t.seq))
	if t.err != nil {
		return
	}
	t.seq++
	t.rows = 0
	switch t.format {
	case Parquet:
		t.pq = parquet.NewGenericWriter[T](t.file, parquet.Compression(codec),
			parquet.MaxRowsPerRowGroup(rowGroupRows),
			parquet.KeyValueMetadata("bridgekit.schema", t.name+"/"+SchemaVersion),
			parquet.CreatedBy("bridgekit", SchemaVersion, ""))
	default:
		t.js = bufio.NewWriterSize(t.file, 64<<10)
		t.enc = json.NewEncoder(t.js)
		t.enc.SetEscapeHTML(false)
	}
}

// close finishes the file being written.
func (t *Table[T]) close() {
	if t.file == nil {
		return
	}
	var err error
	if t.pq != nil {
		err = t.pq.Close()
	} else {
		err = t.js.Flush()
	}
	if t.err == nil {
		t.err = err
	}
	t.done = append(t.done, t.file)
	t.file, t.pq, t.js, t.enc = nil, nil, nil, nil
}

// Commit finishes the last file and makes every file of the table appear
// under its name. A table of no rows writes one empty file, so that a
// query over a shard finds its table.
func (t *Table[T]) Commit() error {
	if t.err == nil && t.total == 0 && len(t.done) == 0 {
		t.open()
	}
	t.close()
	if t.err != nil {
		t.Abort()
		return t.err
	}
	for _, f := range t.done {
		if err := f.Commit(); err != nil {
			t.Abort()
			return err
		}
	}
	t.done = nil
	return nil
}

// Abort removes the table's files not yet committed.
func (t *Table[T]) Abort() {
	if t.file != nil {
		t.done = append(t.done, t.file)
		t.file = nil
	}
	for _, f := range t.done {
		f.Abort()
	}
	t.done = nil
}
