package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/gob"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/export"
	"github.com/bridgekit/bridgekit/internal/safewrite"
)

func init() {
	register.DoFn7x1[context.Context, fileio.ReadableFile, func(int, []byte), func(int, []byte), func(string), func(int, []byte), func(int, []byte), error](&auditFn{})
	register.DoFn4x1[int, func(*[]byte) bool, func(int, []byte), func(Summary), error](&repeatsFn{})
	register.Emitter1[Summary]()
	register.Emitter2[int, []byte]()
	register.Emitter1[string]()
	register.DoFn3x1[context.Context, int, func(*[]byte) bool, error](&writeShardFn{})
	register.Iter1[[]byte]()
	register.Function2x1[Summary, Summary, Summary](mergeSummaries)
	register.Function2x1[int, func(*[]byte) bool, Summary](dealBucket)
	register.Function1x1[string, Summary](fileSummary)
	register.DoFn2x1[context.Context, Summary, error](&writeReportFn{})
	beam.RegisterType(reflect.TypeOf((*Summary)(nil)).Elem())
}

// Summary is what the pipeline's report adds up: the audit's report of
// the inputs, findings by file, and across the whole archive the deals
// seen more than once, which no one machine's index could hold, and the
// duplicate-deal findings they make.
type Summary struct {
	Report   corpus.Report  `json:"report"`
	ByFile   map[string]int `json:"findings_by_file"`
	Repeated int            `json:"repeated_deals"` // distinct deals seen at two places or more
}

// Pipeline builds the pipeline: match the files of glob, audit each with
// corpus and convert as bridgekit does, write the boards and findings as
// shards Parquet files in out, and the report, out/report.json.
func Pipeline(s beam.Scope, glob, out string, shards int) {
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, glob), fileio.ReadUncompressed())
	boards, findings, summaries, deals, sightings := beam.ParDo5(s, &auditFn{Shards: shards}, files)
	dupFindings, dupSummaries := beam.ParDo2(s, &repeatsFn{Shards: shards}, beam.GroupByKey(s, sightings))
	beam.ParDo0(s.Scope("boards"), &writeShardFn{Out: out, Table: "boards", Shards: shards}, beam.GroupByKey(s, boards))
	beam.ParDo0(s.Scope("findings"), &writeShardFn{Out: out, Table: "findings", Shards: shards},
		beam.GroupByKey(s, beam.Flatten(s, findings, dupFindings)))

	perFile := beam.ParDo(s, fileSummary, summaries)
	repeated := beam.ParDo(s, dealBucket, beam.GroupByKey(s, deals))
	all := beam.Combine(s, mergeSummaries, beam.Flatten(s, perFile, repeated, dupSummaries))
	beam.ParDo0(s, &writeReportFn{Out: out}, all)
}

// auditFn audits one file: it emits its board and finding rows, as a
// Parquet fragment keyed by the shard of the file, a line per file for
// the report (the file's report as JSON), its distinct deals as hashes by
// bucket, and its boards' sightings by bucket of their deal and of their
// board (see repeatsFn).
type auditFn struct {
	Shards int
}

func (fn *auditFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, board, finding func(int, []byte), summary func(string), deal, sighting func(int, []byte)) error {
	name := f.Metadata.Path
	in := corpus.NewInput(name, f.Metadata.Size, func() (io.ReadCloser, error) { return f.Open(ctx) })
	// A large file is read in batches on every core, as the command does.
	var rows []export.Board
	var fs []export.Finding
	var keys []string
	var sights []corpus.Sighting
	opts := corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true, RunOptions: corpus.RunOptions{Jobs: runtime.GOMAXPROCS(0)}}
	rep, err := corpus.Audit(ctx, func(yield func(*corpus.Input, error) bool) { yield(in, nil) }, opts, func(p *corpus.Part) {
		for _, pb := range p.Boards {
			if pb.Board != nil && pb.Board.Deal.Full() {
				keys = append(keys, corpus.DealKey(pb.Board.Deal))
			}
		}
		sights = append(sights, p.Sightings()...)
		part := export.BoardRows(p)
		fs = append(fs, export.Finish(p, part)...)
		rows = append(rows, part...)
	})
	if err != nil {
		return err
	}
	shard := shardOf(name, fn.Shards)
	// A file's rows go as one element a table, a Parquet fragment: an
	// element a row cost the shuffle four times the audit, and JSON twice
	// what Parquet costs to write and read.
	if len(rows) > 0 {
		b, err := fragment(rows)
		if err != nil {
			return err
		}
		board(shard, b)
	}
	if len(fs) > 0 {
		b, err := fragment(fs)
		if err != nil {
			return err
		}
		finding(shard, b)
	}
	data, _ := json.Marshal(rep)
	summary(name + "\t" + string(data))
	// The file's distinct deals, as 64-bit hashes of their keys, one
	// element a bucket: each bucket is counted on one worker, so that no
	// one holds every deal of the archive.
	slices.Sort(keys)
	keys = slices.Compact(keys)
	buckets := map[int][]byte{}
	for _, k := range keys {
		v := hash64(k)
		b := int(v % dealBuckets)
		buckets[b] = binary.LittleEndian.AppendUint64(buckets[b], v)
	}
	for b, hashes := range buckets {
		deal(b, hashes)
	}
	return emitSightings(sights, sighting)
}

func hash64(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

// sightingBuckets is how many groups the sightings of the archive are
// gathered in, for each of the two kinds of repeat: a worker holds the
// sightings of one group.
const sightingBuckets = 64

// emitSightings emits a file's sightings, one element a bucket: each in
// the bucket of its deal (key below sightingBuckets) and, where it names
// a board, in that of its board (key sightingBuckets and above).
func emitSightings(sights []corpus.Sighting, emit func(int, []byte)) error {
	buckets := map[int][]corpus.Sighting{}
	for _, s := range sights {
		k := int(hash64(s.Deal) % sightingBuckets)
		buckets[k] = append(buckets[k], s)
		if b := corpus.BoardKey(s.Place); b != "" {
			k := sightingBuckets + int(hash64(b)%sightingBuckets)
			buckets[k] = append(buckets[k], s)
		}
	}
	for k, list := range buckets {
		var b bytes.Buffer
		if err := gob.NewEncoder(&b).Encode(list); err != nil {
			return err
		}
		emit(k, b.Bytes())
	}
	return nil
}

// repeatsFn finds the repeats among the sightings of one bucket, as
// Audit's index finds them in one place (corpus.Repeats): in a deal's
// bucket the same deal seen again, in a board's the same board seen with
// another deal. It emits each file's duplicate-deal findings as a Parquet
// fragment keyed by the file's shard, and their count for the report.
type repeatsFn struct {
	Shards int
}

func (fn *repeatsFn) ProcessElement(key int, blobs func(*[]byte) bool, finding func(int, []byte), summary func(Summary)) error {
	groups := map[string][]corpus.Sighting{}
	kind, group := corpus.SameDeal, func(s corpus.Sighting) string { return s.Deal }
	if key >= sightingBuckets {
		kind, group = corpus.BoardConflict, func(s corpus.Sighting) string { return corpus.BoardKey(s.Place) }
	}
	var b []byte
	for blobs(&b) {
		var list []corpus.Sighting
		if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&list); err != nil {
			return err
		}
		for _, s := range list {
			k := group(s)
			groups[k] = append(groups[k], s)
		}
	}
	byFile := map[string][]export.Finding{}
	var sum Summary
	for _, g := range groups {
		for _, f := range corpus.Repeats(g, kind) {
			byFile[f.File] = append(byFile[f.File], export.FindingRow(f))
			sum.Report.AddFinding(f)
			if sum.ByFile == nil {
				sum.ByFile = map[string]int{}
			}
			sum.ByFile[f.File]++
		}
	}
	for file, rows := range byFile {
		data, err := fragment(rows)
		if err != nil {
			return err
		}
		finding(shardOf(file, fn.Shards), data)
	}
	if sum.ByFile != nil {
		summary(sum)
	}
	return nil
}

// dealBuckets is how many groups the deals of the archive are counted in.
const dealBuckets = 16

// dealBucket counts the deals of one bucket: each hash once a file, so a
// hash seen twice is a deal in two files.
func dealBucket(_ int, files func(*[]byte) bool) Summary {
	seen := map[uint64]uint8{}
	var b []byte
	for files(&b) {
		for i := 0; i+8 <= len(b); i += 8 {
			v := binary.LittleEndian.Uint64(b[i:])
			seen[v] = min(seen[v]+1, 2)
		}
	}
	s := Summary{Report: corpus.Report{Deals: len(seen)}}
	for _, n := range seen {
		if n > 1 {
			s.Repeated++
		}
	}
	return s
}

// fragment writes rows as a Parquet file in memory, the fastest zstd: the
// shuffle's form of a file's rows.
func fragment[T any](rows []T) ([]byte, error) {
	var b bytes.Buffer
	w := parquet.NewGenericWriter[T](&b, parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}))
	if _, err := w.Write(rows); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// shardOf is the shard of a file, as export --shard chooses it.
func shardOf(name string, n int) int {
	for i := range n {
		if (export.Shard{I: i, N: n}).Holds(name) {
			return i
		}
	}
	return 0
}

// fileSummary is a file's part of the report.
func fileSummary(line string) Summary {
	name, rep, _ := strings.Cut(line, "\t")
	var s Summary
	json.Unmarshal([]byte(rep), &s.Report)
	s.ByFile = map[string]int{name: s.Report.Findings()}
	return s
}

func mergeSummaries(a, b Summary) Summary {
	a.Report.Merge(&b.Report)
	a.Repeated += b.Repeated
	for k, v := range b.ByFile {
		if a.ByFile == nil {
			a.ByFile = map[string]int{}
		}
		a.ByFile[k] += v
	}
	return a
}

// writeShardFn writes one shard of a table as one Parquet file, its rows
// in the order of their files and games, so that runs give the same file.
type writeShardFn struct {
	Out, Table string
	Shards     int
}

func (fn *writeShardFn) ProcessElement(ctx context.Context, shard int, rows func(*[]byte) bool) error {
	name := join(fn.Out, fmt.Sprintf("%s-%05d.parquet", fn.Table, shard))
	if fn.Table == "boards" {
		return writeRows(ctx, name, fn.Table, rows, func(a, b *export.Board) int {
			return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Game, b.Game))
		}, func(r *export.Board) string { return r.File })
	}
	return writeRows(ctx, name, fn.Table, rows, func(a, b *export.Finding) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Game, b.Game), cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Col, b.Col), strings.Compare(a.Code, b.Code), strings.Compare(a.Message, b.Message))
	}, func(r *export.Finding) string { return r.File })
}

// writeRows writes the rows of the files' fragments as the Parquet file
// name, sorted. A shard once held its fragments, all their rows decoded
// and the whole Parquet file written in memory at once; now it holds the
// fragments, compressed as the shuffle gave them, and decodes one file's
// rows at a time, in the order of the files (a file's rows are its
// audit's fragment and, for findings, its duplicate deals'), writing them out in row groups as it goes: a worker's memory
// is a shard's compressed rows and one file's rows (more --shards, less
// of it).
func writeRows[T any](ctx context.Context, name, table string, fragments func(*[]byte) bool, order func(a, b *T) int, file func(*T) string) error {
	type frag struct {
		file string
		data []byte
	}
	var frags []frag
	var b []byte
	for fragments(&b) {
		rows, err := parquet.Read[T](bytes.NewReader(b), int64(len(b)))
		if err != nil {
			return err
		}
		if len(rows) > 0 {
			frags = append(frags, frag{file(&rows[0]), slices.Clone(b)})
		}
	}
	slices.SortStableFunc(frags, func(a, b frag) int { return strings.Compare(a.file, b.file) })
	return writeFile(ctx, name, func(out io.Writer) error {
		w := parquet.NewGenericWriter[T](out, parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}),
			parquet.KeyValueMetadata("bridgekit.schema", table+"/"+export.SchemaVersion))
		// A file's findings may come in two fragments, the audit's
		// and its duplicate deals', written as one run of rows.
		for i := 0; i < len(frags); {
			var rows []T
			for j := i; i < len(frags) && frags[i].file == frags[j].file; i++ {
				more, err := parquet.Read[T](bytes.NewReader(frags[i].data), int64(len(frags[i].data)))
				if err != nil {
					return err
				}
				rows = append(rows, more...)
			}
			slices.SortFunc(rows, func(a, b T) int { return order(&a, &b) })
			if _, err := w.Write(rows); err != nil {
				return err
			}
			if err := w.Flush(); err != nil {
				return err
			}
		}
		return w.Close()
	})
}

// writeReportFn writes the report as out/report.json.
type writeReportFn struct {
	Out string
}

func (fn *writeReportFn) ProcessElement(ctx context.Context, s Summary) error {
	data, err := json.MarshalIndent(&s, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(ctx, join(fn.Out, "report.json"), func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}

// join joins a directory of any filesystem Beam knows and a name.
func join(dir, name string) string {
	if isRemote(dir) {
		return strings.TrimSuffix(dir, "/") + "/" + name
	}
	return path.Join(dir, name)
}

// isRemote reports whether name is on a filesystem other than the local
// one (gs://, s3://).
func isRemote(name string) bool { return strings.Contains(name, "://") }

// writeFile writes name on its filesystem with write. A local file is
// written whole or not at all, under a temporary name renamed over it
// once complete, and never through a link that leads out of its folder
// (safewrite); an object store's object is whole or absent as it is.
func writeFile(ctx context.Context, name string, write func(io.Writer) error) error {
	if !isRemote(name) {
		dir, err := safewrite.OpenDir(filepath.Dir(name))
		if err != nil {
			return err
		}
		defer dir.Close()
		f, err := dir.Create(filepath.Base(name), 0o644)
		if err != nil {
			return err
		}
		if err := write(f); err != nil {
			f.Abort()
			return err
		}
		return f.Commit()
	}
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	if err := write(w); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// CheckInput refuses a local folder as --input: the pipeline matches files
// by a glob, and a folder matched nothing, so the run reported nothing
// and succeeded.
func CheckInput(glob string) error {
	if isRemote(glob) {
		return nil
	}
	if fi, err := os.Stat(glob); err == nil && fi.IsDir() {
		return fmt.Errorf("--input %s is a folder: give the files as a glob, such as %s", glob, filepath.Join(glob, "*.pbn"))
	}
	return nil
}

// CheckOutput refuses an output folder that holds anything: shards of an
// earlier run with more --shards, or another program's files, would sit
// beside this run's and read as part of it. A folder not there yet is
// fine.
func CheckOutput(ctx context.Context, out string) error {
	fs, err := filesystem.New(ctx, join(out, "x"))
	if err != nil {
		return err
	}
	defer fs.Close()
	found, err := fs.List(ctx, join(out, "*"))
	if err != nil || len(found) == 0 {
		return nil // nothing there, or no folder yet
	}
	slices.Sort(found)
	return fmt.Errorf("--output %s is not empty (%d files, such as %s): name a new or empty folder, so that no file of an earlier run is taken for this one's", out, len(found), found[0])
}
