package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/zstd"

	"bridgekit/corpus"
	"bridgekit/export"
)

func init() {
	register.DoFn5x1[context.Context, fileio.ReadableFile, func(int, []byte), func(int, []byte), func(string), error](&auditFn{})
	register.Emitter2[int, []byte]()
	register.Emitter1[string]()
	register.DoFn3x1[context.Context, int, func(*[]byte) bool, error](&writeShardFn{})
	register.Iter1[[]byte]()
	register.Function2x1[Summary, Summary, Summary](mergeSummaries)
	register.Function2x0[string, func(string, int)](dealOf)
	register.Emitter2[string, int]()
	register.Function2x1[int, int, int](add)
	register.Function2x1[string, int, Summary](dealSummary)
	register.Function1x1[string, Summary](fileSummary)
	register.DoFn2x1[context.Context, Summary, error](&writeReportFn{})
	beam.RegisterType(reflect.TypeOf((*Summary)(nil)).Elem())
}

// Summary is what the pipeline's report adds up: the audit's report of
// the inputs, findings by file, and across the whole archive the deals
// seen more than once, which no one machine's index could hold.
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
	boards, findings, summaries := beam.ParDo3(s, &auditFn{Shards: shards}, files)
	beam.ParDo0(s.Scope("boards"), &writeShardFn{Out: out, Table: "boards", Shards: shards}, beam.GroupByKey(s, boards))
	beam.ParDo0(s.Scope("findings"), &writeShardFn{Out: out, Table: "findings", Shards: shards}, beam.GroupByKey(s, findings))

	perFile := beam.ParDo(s, fileSummary, summaries)
	deals := beam.CombinePerKey(s, add, beam.ParDo(s, dealOf, summaries))
	repeated := beam.ParDo(s, dealSummary, deals)
	all := beam.Combine(s, mergeSummaries, beam.Flatten(s, perFile, repeated))
	beam.ParDo0(s, &writeReportFn{Out: out}, all)
}

// auditFn audits one file: it emits its board and finding rows, as a
// Parquet fragment keyed by the shard of the file, and a line per file
// for the report:
// the file's report as JSON, then its distinct deal keys.
type auditFn struct {
	Shards int
}

func (fn *auditFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, board, finding func(int, []byte), summary func(string)) error {
	rc, err := f.Open(ctx)
	if err != nil {
		return err
	}
	defer rc.Close()
	name := f.Metadata.Path
	p := corpus.Process(name, rc, corpus.AuditOptions{Boards: true, AllFindings: true, SkipDuplicates: true})
	shard := shardOf(name, fn.Shards)
	var keys []string
	for _, pb := range p.Boards {
		if pb.Board != nil && pb.Board.Deal.Full() {
			keys = append(keys, corpus.DealKey(pb.Board.Deal))
		}
	}
	// A file's rows go as one element a table, a Parquet
	// fragment: an element a row cost the shuffle four times the audit,
	// and JSON twice what Parquet costs to write and read.
	rows := export.BoardRows(p)
	fs := export.Finish(p, rows)
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
	rep, _ := json.Marshal(&p.Report)
	slices.Sort(keys)
	keys = slices.Compact(keys)
	summary(name + "\t" + string(rep) + "\t" + strings.Join(keys, "\t"))
	return nil
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
	name, rest, _ := strings.Cut(line, "\t")
	rep, _, _ := strings.Cut(rest, "\t")
	var s Summary
	json.Unmarshal([]byte(rep), &s.Report)
	s.ByFile = map[string]int{name: s.Report.Findings()}
	return s
}

// dealOf emits each distinct deal of a file once.
func dealOf(line string, emit func(string, int)) {
	f := strings.Split(line, "\t")
	for _, k := range f[2:] {
		if k != "" {
			emit(k, 1)
		}
	}
}

func add(a, b int) int { return a + b }

// dealSummary counts a deal: one distinct deal, repeated when more than
// one file holds it.
func dealSummary(_ string, files int) Summary {
	s := Summary{Report: corpus.Report{Deals: 1}}
	if files > 1 {
		s.Repeated = 1
	}
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
	var data [][]byte
	var b []byte
	for rows(&b) {
		data = append(data, slices.Clone(b))
	}
	name := join(fn.Out, fmt.Sprintf("%s-%05d.parquet", fn.Table, shard))
	if fn.Table == "boards" {
		return writeRows(ctx, name, fn.Table, data, func(a, b *export.Board) int {
			return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Game, b.Game))
		})
	}
	return writeRows(ctx, name, fn.Table, data, func(a, b *export.Finding) int {
		return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Game, b.Game), cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Col, b.Col), strings.Compare(a.Code, b.Code), strings.Compare(a.Message, b.Message))
	})
}

// writeRows writes the rows of the files' fragments as the Parquet file
// name, sorted.
func writeRows[T any](ctx context.Context, name, table string, data [][]byte, order func(a, b *T) int) error {
	var rows []T
	for _, d := range data {
		rs, err := parquet.Read[T](bytes.NewReader(d), int64(len(d)))
		if err != nil {
			return err
		}
		rows = append(rows, rs...)
	}
	slices.SortFunc(rows, func(a, b T) int { return order(&a, &b) })
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[T](&buf, parquet.Compression(&zstd.Codec{Level: zstd.SpeedFastest}),
		parquet.KeyValueMetadata("bridgekit.schema", table+"/"+export.SchemaVersion))
	if _, err := w.Write(rows); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return writeFile(ctx, name, &buf)
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
	return writeFile(ctx, join(fn.Out, "report.json"), bytes.NewReader(append(data, '\n')))
}

// join joins a directory of any filesystem Beam knows and a name.
func join(dir, name string) string {
	if strings.Contains(dir, "://") {
		return strings.TrimSuffix(dir, "/") + "/" + name
	}
	return path.Join(dir, name)
}

// writeFile writes r to name on its filesystem.
func writeFile(ctx context.Context, name string, r io.Reader) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
