package export

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/bridgekit/bridgekit/corpus"
)

// An Export is one run of export into a folder, for one shard (or the
// whole set). It replaces the export of that shard the folder holds, so
// that whatever moment a kill comes at, the folder holds the old export
// whole or the new one:
//
//   - The run holds the folder's lock for its shard (".bridgekit-export.lock",
//     ".bridgekit-export-s002of008.lock") from Begin to Commit or Abort:
//     two runs writing the same files would mix them.
//   - Its tables are written under temporary names
//     (".boards-r2-00000.parquet.bridgekit-PID-RANDOM.tmp"), which globs
//     and query engines pass over, and renamed at Commit to names that
//     carry the run's number, which no other run's files have.
//   - The summary ("summary.json", "summary-s002of008.json"), written last
//     and renamed into place, is the manifest: the files it lists are the
//     export. Until its rename the old summary lists the old files, which
//     are still there; after it the new one lists the new files.
//   - What a run leaves besides (temporary files, tables renamed before a
//     kill, the replaced export) is removed after the summary is renamed,
//     or by the next run: only regular files with the names export gives
//     this shard's files, never a user's file or another shard's.
type Export struct {
	// Boards and Findings are the run's tables.
	Boards   *Table[Board]
	Findings *Table[Finding]
	// Solved is the dd table, once AddSolved has made it; nil before.
	Solved *Table[Solved]

	root    *os.Root
	dir     string // the folder as the user named it, for messages
	shard   Shard
	format  Format
	perFile int
	run     int
	ours    *regexp.Regexp // the names of this shard's files
	unlock  func()
	parts   []*part // every file of the run's tables, in the order begun
	notes   []string
	done    bool
}

// A part is one file of a table, written under a temporary name.
type part struct {
	x       *Export
	table   string
	final   string // its name once committed
	tmp     string
	f       *os.File // nil once closed
	rows    int
	bytes   int64
	err     error // the first write error, naming final
	renamed bool
}

// Begin starts a run of export into the folder dir, creating it if
// needed: it takes the folder's lock for the shard, reads the export the
// folder holds (whose summary must be one export wrote: a user's
// summary.json is not replaced), and removes what earlier runs left that
// no summary lists. perFile is the most rows of a file; 0 is
// DefaultRowsPerFile.
func Begin(dir string, format Format, perFile int, shard Shard) (*Export, error) {
	if perFile <= 0 {
		perFile = DefaultRowsPerFile
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	x := &Export{root: root, dir: dir, shard: shard, format: format, perFile: perFile, ours: namePattern(shard.Suffix())}
	lock := ".bridgekit-export" + shard.Suffix() + ".lock"
	if x.unlock, err = lockFolder(root, lock); err != nil {
		root.Close()
		if errors.Is(err, errBusy) {
			of := ""
			if shard.N > 1 {
				of = fmt.Sprintf(" of shard %d/%d", shard.I, shard.N)
			}
			return nil, fmt.Errorf("another export%s is writing to this folder (it holds %s)", of, x.Path(lock))
		}
		return nil, fmt.Errorf("locking %s: %w", x.Path(lock), unwrapPath(err))
	}
	old, err := x.current()
	if err != nil {
		x.release()
		return nil, err
	}
	x.run = 1
	var keep map[string]bool
	if old != nil {
		x.run = old.Run + 1
		keep = old.names()
	}
	x.sweep(keep)
	x.Boards = &Table[Board]{x: x, name: "boards"}
	x.Findings = &Table[Finding]{x: x, name: "findings"}
	return x, nil
}

// AddSolved adds the dd table to the run: what the double-dummy solver
// computed of each board (export --dd), written as Solved.
func (x *Export) AddSolved() {
	x.Solved = &Table[Solved]{x: x, name: "dd"}
}

// Path returns the name of the file name of the folder, for messages.
func (x *Export) Path(name string) string { return filepath.Join(x.dir, name) }

// Notes says what the run could not tidy: files of earlier runs it could
// not remove, which the next run removes. None is an error.
func (x *Export) Notes() []string { return x.notes }

func (x *Export) summaryName() string { return "summary" + x.shard.Suffix() + ".json" }

// namePattern matches the names of the files export writes for a shard
// (suffix "" or "-s002of008") but its lock: tables of any run, their
// temporary files, and the summary's.
func namePattern(suffix string) *regexp.Regexp {
	s := regexp.QuoteMeta(suffix)
	table := `(?:boards|findings|dd)` + s + `-r[0-9]+-[0-9]{5,}\.(?:parquet|jsonl)`
	temp := `\.bridgekit-[0-9]+-[0-9a-f]{8}\.tmp`
	return regexp.MustCompile(`^(?:` + table + `|\.` + table + temp + `|\.summary` + s + `\.json` + temp + `)$`)
}

// tempName returns a temporary name for the file name, as every write of
// bridgekit names one: ".NAME.bridgekit-PID-RANDOM.tmp".
func tempName(name string) string {
	var r [4]byte
	rand.Read(r[:])
	return "." + name + ".bridgekit-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(r[:]) + ".tmp"
}

// current returns the manifest of the export the folder holds for the
// shard, nil when it holds none. A summary export did not write, or one
// it cannot read, is an error: the run would replace it.
func (x *Export) current() (*Manifest, error) {
	name := x.summaryName()
	refuse := func(why string) error {
		return fmt.Errorf("%s is not the summary of an export (%s): export does not replace it (remove it or choose another --out)", x.Path(name), why)
	}
	fi, err := x.root.Lstat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("%s: %w", x.Path(name), unwrapPath(err))
	case fi.Mode()&fs.ModeSymlink != 0:
		return nil, refuse("it is a symbolic link")
	case !fi.Mode().IsRegular():
		return nil, refuse(errNotRegular.Error())
	}
	f, err := x.root.OpenFile(name, os.O_RDONLY|openNonblock, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", x.Path(name), unwrapPath(err))
	}
	defer f.Close()
	s, err := decodeSummary(f)
	switch {
	case err != nil:
		return nil, refuse(err.Error())
	case s.Export == nil:
		return nil, refuse("it lists no tables")
	case s.Export.Run < 1 || s.Export.Run >= 1<<31:
		return nil, refuse(fmt.Sprintf("its run number %d is not one export gives", s.Export.Run))
	}
	return s.Export, nil
}

// sweep removes the files of this shard's runs that keep does not name:
// the tables of the export replaced, of a run killed before its summary,
// and temporary files. Only regular files are removed.
func (x *Export) sweep(keep map[string]bool) {
	d, err := x.root.Open(".")
	if err != nil {
		x.notes = append(x.notes, fmt.Sprintf("%s: not tidied: %v", x.dir, unwrapPath(err)))
		return
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		x.notes = append(x.notes, fmt.Sprintf("%s: not tidied: %v", x.dir, unwrapPath(err)))
	}
	for _, n := range names {
		if keep[n] || !x.ours.MatchString(n) {
			continue
		}
		if fi, err := x.root.Lstat(n); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if err := x.root.Remove(n); err != nil && !errors.Is(err, fs.ErrNotExist) {
			x.notes = append(x.notes, fmt.Sprintf("%s, left by an earlier run, is still there: %v", x.Path(n), unwrapPath(err)))
		}
	}
}

// newPart starts the file number seq of table under a temporary name.
func (x *Export) newPart(table string, seq int) (*part, error) {
	final := fmt.Sprintf("%s%s-r%d-%05d.%s", table, x.shard.Suffix(), x.run, seq, x.format)
	tmp := tempName(final)
	f, err := x.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, x.writeError(final, err)
	}
	p := &part{x: x, table: table, final: final, tmp: tmp, f: f}
	x.parts = append(x.parts, p)
	return p, nil
}

// writeError names the file name in err, in place of a temporary name.
func (x *Export) writeError(name string, err error) error {
	return fmt.Errorf("writing %s: %w", x.Path(name), unwrapPath(err))
}

// Write writes b to the file, or returns its first error.
func (p *part) Write(b []byte) (int, error) {
	if p.err != nil {
		return 0, p.err
	}
	n, err := p.f.Write(b)
	p.bytes += int64(n)
	if err != nil {
		p.err = p.x.writeError(p.final, err)
	}
	return n, p.err
}

// close syncs and closes the file.
func (p *part) close() error {
	if p.f == nil {
		return p.err
	}
	err := p.f.Sync()
	if cerr := p.f.Close(); err == nil {
		err = cerr
	}
	p.f = nil
	if err != nil && p.err == nil {
		p.err = p.x.writeError(p.final, err)
	}
	return p.err
}

// Commit completes the run: it finishes the tables, renames their files
// to their names, writes the summary (report and manifest) and renames it
// into place, which makes the files the folder's export; then removes
// the export replaced and releases the folder. On an error before the
// summary's rename, the run is aborted: the folder's export is the old
// one.
func (x *Export) Commit(report *corpus.Report) error {
	if x.done {
		return errors.New("export: the run has ended")
	}
	if err := x.commit(report); err != nil {
		x.Abort()
		return err
	}
	x.done = true
	if err := syncDir(x.root); err != nil {
		x.notes = append(x.notes, fmt.Sprintf("%s: not synced: %v", x.dir, unwrapPath(err)))
	}
	x.sweep(x.manifest().names())
	x.release()
	return nil
}

func (x *Export) commit(report *corpus.Report) error {
	if err := x.Boards.finish(); err != nil {
		return err
	}
	if err := x.Findings.finish(); err != nil {
		return err
	}
	if x.Solved != nil {
		if err := x.Solved.finish(); err != nil {
			return err
		}
	}
	name := x.summaryName()
	data, err := json.MarshalIndent(Summary{Report: *report, Export: x.manifest()}, "", "  ")
	if err != nil {
		return err
	}
	data = append(data, '\n')
	if len(data) > MaxSummary {
		return fmt.Errorf("writing %s: %d bytes, more than a summary may hold (%d MiB): raise --rows-per-file", x.Path(name), len(data), MaxSummary>>20)
	}
	for _, p := range x.parts {
		if err := x.root.Rename(p.tmp, p.final); err != nil {
			return x.writeError(p.final, err)
		}
		p.renamed = true
	}
	// The tables' names must be on disk before the summary that lists
	// them, or a crash could keep the summary and lose them.
	if err := syncDir(x.root); err != nil {
		return fmt.Errorf("syncing %s: %w", x.dir, unwrapPath(err))
	}
	tmp := tempName(name)
	f, err := x.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return x.writeError(name, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = x.root.Rename(tmp, name)
	}
	if err != nil {
		x.root.Remove(tmp)
		return x.writeError(name, err)
	}
	return nil
}

// manifest lists the run's files.
func (x *Export) manifest() *Manifest {
	m := &Manifest{Schema: SchemaVersion, Format: x.format, Run: x.run, Tables: map[string][]TableFile{}}
	for _, p := range x.parts {
		m.Tables[p.table] = append(m.Tables[p.table], TableFile{Name: p.final, Rows: p.rows, Bytes: p.bytes})
	}
	return m
}

// Abort ends the run without changing the folder's export: the run's
// files are removed and the folder released. After Commit it does
// nothing.
func (x *Export) Abort() {
	if x.done {
		return
	}
	x.done = true
	for _, p := range x.parts {
		if p.f != nil {
			p.f.Close()
		}
		if p.renamed {
			x.root.Remove(p.final)
		} else {
			x.root.Remove(p.tmp)
		}
	}
	x.release()
}

func (x *Export) release() {
	x.unlock()
	x.root.Close()
}

// unwrapPath returns the cause of a *fs.PathError, whose path would be a
// temporary or relative name the user never gave.
func unwrapPath(err error) error {
	var perr *fs.PathError
	if errors.As(err, &perr) {
		return perr.Err
	}
	return err
}
