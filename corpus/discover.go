package corpus

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/parser"
)

// Options configure Inputs. The zero value is ready to use.
type Options struct {
	Limits
	// MaxOpenFiles caps the files held open at once by discovery and by
	// readers returned from Input.Open, which wait for a free slot. Default
	// 64; values below 2 are raised to 2, because discovery may hold one
	// archive open while a reader needs another file.
	MaxOpenFiles int
}

// DefaultMaxOpenFiles is the default of Options.MaxOpenFiles.
const DefaultMaxOpenFiles = 64

// Inputs yields the record files named by paths, in a deterministic order:
// the paths in the order given; in a directory, entries in lexical order,
// depth first (filepath.WalkDir); in an archive, members in the order the
// archive stores them. An error is yielded for a path or member that cannot
// be read, and the iteration goes on with the next one.
//
// A path may be:
//
//   - a file, taken whatever its name; an archive by content (zip, tar,
//     or a tar or a single file compressed with gzip, bzip2 or xz) is read
//     as one;
//   - a directory, walked recursively (hidden files and directories, whose
//     name starts with ".", are skipped; symbolic links to directories are
//     not followed);
//   - "-" for stdin, which may itself be an archive;
//   - a BBO handviewer URL (http:// or https:// with a lin= parameter), a
//     "lin=…" string, or LIN text such as "pn|…|md|…|" (when no file has that
//     name): the LIN it carries becomes an input named "<url>" or "<lin>"
//     ("<url 2>" … when there are several). Nothing is fetched.
//
// Inside a directory or an archive, a file is taken when it looks like a
// bridge record or an archive: by extension for .pbn and .lin (any case),
// by content for every other name (.txt, .html, .htm, none, …): Sniff must
// find PBN, LIN or an HTML page with LIN, or the file must start like a zip,
// tar, gzip, bzip2 or xz archive. A file or member named as one (.zip, .tar,
// .gz, .tgz, .bz2, .tbz2, .xz, .txz, …) that is not such an archive is an
// error. Archives are read in place, never unpacked to
// disk, and nest up to Limits.MaxDepth levels.
func Inputs(paths []string, stdin io.Reader, opts Options) iter.Seq2[*Input, error] {
	opts.Limits = opts.Limits.withDefaults()
	if opts.MaxOpenFiles <= 0 {
		opts.MaxOpenFiles = DefaultMaxOpenFiles
	}
	opts.MaxOpenFiles = max(opts.MaxOpenFiles, 2)
	return func(yield func(*Input, error) bool) {
		w := &walker{
			lim:   opts.Limits,
			fds:   make(fdLimiter, opts.MaxOpenFiles),
			stdin: stdin,
			yield: yield,
		}
		names := linkNames(paths)
		for i, p := range paths {
			if w.stopped {
				return
			}
			w.arg(p, names[i])
		}
	}
}

// walker carries one iteration of Inputs.
type walker struct {
	lim       Limits
	fds       fdLimiter
	stdin     io.Reader
	stdinRead bool
	yield     func(*Input, error) bool
	stopped   bool
	walking   string // the folder being walked, for Input.Dir
}

func (w *walker) emit(in *Input) {
	if w.stopped {
		return
	}
	if in.Archive == "" && !in.streamed {
		in.Dir = w.walking
	}
	if !w.yield(in, nil) {
		w.stopped = true
	}
	// A streamed input's source moves on once yield returns.
	in.expired.Store(true)
}

func (w *walker) fail(name string, err error) {
	if w.stopped {
		return
	}
	if !w.yield(nil, inputError(name, err)) {
		w.stopped = true
	}
}

// arg handles one command-line path; link is its display name if it is a
// handviewer link or LIN text rather than a path.
func (w *walker) arg(p, link string) {
	switch {
	case p == "-":
		w.stdinArg()
	case link != "":
		data, err := linkLIN(p)
		if err != nil {
			w.fail(link, err)
			return
		}
		w.emit(memInput(link, "", data))
	default:
		info, err := os.Stat(p)
		switch {
		case err != nil:
			w.fail(p, err)
		case info.IsDir():
			w.dir(p)
		case info.Mode().IsRegular():
			w.file(p, info, true)
		default:
			// A pipe or device, such as bash's <(…): read it as a stream.
			f, err := openFile(w.fds, p)
			if err != nil {
				w.fail(p, err)
				return
			}
			w.stream(p, f)
			f.Close()
		}
	}
}

func (w *walker) stdinArg() {
	const name = "<stdin>"
	switch {
	case w.stdin == nil:
		w.fail(name, errors.New("no standard input to read"))
	case w.stdinRead:
		w.fail(name, errors.New(`"-" given more than once; standard input can be read only once`))
	default:
		w.stdinRead = true
		w.stream(name, w.stdin)
	}
}

// stream reads a source that can be read only once: its head decides
// whether it is an archive or a record.
func (w *walker) stream(name string, r io.Reader) {
	head, err := readHead(r)
	if err != nil {
		w.fail(name, err)
		return
	}
	w.blob(blob{name: name, size: -1, head: head, rest: r}, true)
}

// dir walks root. Errors inside (an unreadable subdirectory) are reported
// and the walk goes on.
func (w *walker) dir(root string) {
	w.walking = root
	defer func() { w.walking = "" }()
	walk := root
	if fi, err := os.Lstat(root); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		// A link named on the command line is followed, as one named
		// with a trailing slash is: WalkDir does not follow its root.
		walk = root + string(filepath.Separator)
	}
	filepath.WalkDir(walk, func(p string, d fs.DirEntry, err error) error {
		if w.stopped {
			return fs.SkipAll
		}
		if err != nil {
			w.fail(p, err)
			return nil
		}
		if p == walk {
			return nil
		}
		if hidden(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		var info fs.FileInfo
		if d.Type()&fs.ModeSymlink != 0 {
			info, err = os.Stat(p)
		} else {
			info, err = d.Info()
		}
		if err != nil {
			w.fail(p, err)
			return nil
		}
		if info.Mode().IsRegular() {
			w.file(p, info, false)
		}
		return nil
	})
}

// file handles a regular file on disk; explicit says it was named on the
// command line, so that it is taken whatever its content.
func (w *walker) file(p string, info fs.FileInfo, explicit bool) {
	if isRecordName(p) {
		w.emit(&Input{Name: p, Size: info.Size(), open: func() (io.ReadCloser, error) {
			return openFile(w.fds, p)
		}})
		return
	}
	w.fds.acquire()
	f, err := os.Open(p)
	if err != nil {
		w.fds.release()
		w.fail(p, err)
		return
	}
	pin := &sharedFile{path: p, info: info, fds: w.fds, refs: 1, f: f}
	defer pin.release()
	head, err := readHeadOf(io.NewSectionReader(pin, 0, parser.SniffLen), info.Size())
	if err != nil {
		w.fail(p, err)
		return
	}
	w.blob(blob{
		name: p, size: info.Size(), head: head, ra: pin, pin: pin,
		open: func() (io.ReadCloser, error) { return openFile(w.fds, p) },
	}, explicit)
}

// isRecordName reports whether a name alone is enough to take a file:
// .pbn and .lin need no look at the content.
func isRecordName(name string) bool {
	if containerExt(name) != plain {
		return false
	}
	f := parser.FormatOf(name)
	return f == parser.PBN || f == parser.LIN
}

// hidden reports whether a file or directory name is hidden by convention:
// dot files (.git, .DS_Store, macOS "._x.pbn" resource forks) and the
// __MACOSX folder zip tools on macOS add.
func hidden(name string) bool {
	return name == "__MACOSX" || strings.HasPrefix(name, ".") && name != "." && name != ".."
}

// readHead reads up to SniffLen bytes: all of a short input.
func readHead(r io.Reader) ([]byte, error) { return readHeadOf(r, parser.SniffLen) }

// readHeadOf is readHead for content known to be size bytes long, which
// needs no more room than that.
func readHeadOf(r io.Reader, size int64) ([]byte, error) {
	head := make([]byte, min(max(size, 0), parser.SniffLen))
	n, err := io.ReadFull(r, head)
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		err = nil
	}
	return head[:n], err
}

// linkNames returns, for each path, the display name of the input it makes if
// it is a handviewer link or LIN text, and "" otherwise. Names are numbered
// when one kind occurs more than once.
func linkNames(paths []string) []string {
	kinds := make([]string, len(paths))
	count := map[string]int{}
	for i, p := range paths {
		switch {
		case isURL(p):
			kinds[i] = "url"
		case p != "-" && looksLikeLIN(p) && !exists(p):
			kinds[i] = "lin"
		default:
			continue
		}
		count[kinds[i]]++
	}
	names := make([]string, len(paths))
	seen := map[string]int{}
	for i, k := range kinds {
		if k == "" {
			continue
		}
		seen[k]++
		if count[k] == 1 {
			names[i] = "<" + k + ">"
		} else {
			names[i] = "<" + k + " " + strconv.Itoa(seen[k]) + ">"
		}
	}
	return names
}

func isURL(p string) bool {
	lower := strings.ToLower(p)
	return strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://")
}

func looksLikeLIN(p string) bool {
	return strings.HasPrefix(strings.ToLower(p), "lin=") || parser.StartsLIN([]byte(p))
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// linkLIN returns the LIN a link argument carries: the lin= parameter of a
// URL, percent-decoded; the rest of a "lin=…" string, decoded the same way;
// or LIN text as it is.
func linkLIN(p string) ([]byte, error) {
	var v string
	switch {
	case isURL(p):
		found := false
		if _, query, ok := strings.Cut(p, "?"); ok {
			for part := range strings.SplitSeq(query, "&") {
				if len(part) >= 4 && strings.EqualFold(part[:4], "lin=") {
					v, found = part[4:], true
					break
				}
			}
		}
		if !found {
			return nil, errors.New("the link has no lin= parameter; only handviewer links that carry the LIN are read, nothing is fetched")
		}
	case strings.HasPrefix(strings.ToLower(p), "lin="):
		v, _, _ = strings.Cut(p[4:], "&")
	default:
		return []byte(p), nil
	}
	data := unescape(v)
	if len(data) == 0 {
		return nil, errors.New("the lin= parameter is empty")
	}
	return data, nil
}

// unescape decodes %XX escapes and '+' (a space in a query string),
// leaving malformed escapes as they are: BBO links are often only partly
// encoded.
func unescape(s string) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			out = append(out, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		case c == '+':
			out = append(out, ' ')
		default:
			out = append(out, c)
		}
	}
	return out
}

func isHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// errNotArchive names what an archive-named file failed to be.
func errNotArchive(c container) error {
	return fmt.Errorf("not a %s archive, though its name says so", c)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
