package corpus

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/bridgekit/bridgekit/parser"

	"github.com/ulikunitz/xz"
)

// container is the kind of archive a file is, or plain for none.
type container uint8

const (
	plain container = iota
	zipped
	gzipped
	tarred
	bzipped
	xzipped
)

func (c container) String() string {
	return [...]string{"plain", "zip", "gzip", "tar", "bzip2", "xz"}[c]
}

// compressedExts are the extensions of compressed streams, with the kind
// each promises; the tar ones say that a tar is inside.
var compressedExts = []struct {
	ext  string
	kind container
	tar  bool
}{
	{".tar.gz", gzipped, true}, {".tgz", gzipped, true}, {".gz", gzipped, false},
	{".tar.bz2", bzipped, true}, {".tbz2", bzipped, true}, {".tbz", bzipped, true}, {".bz2", bzipped, false},
	{".tar.xz", xzipped, true}, {".txz", xzipped, true}, {".xz", xzipped, false},
}

// ArchiveExt returns the extension that makes name an archive's (".zip",
// ".tar", ".tar.gz", ".tgz", ".tar.bz2", ".xz", …, as written), or "".
func ArchiveExt(name string) string {
	if ext, _, _ := compressedExt(name); ext != "" {
		return name[len(name)-len(ext):]
	}
	lower := strings.ToLower(name)
	for _, ext := range []string{".zip", ".tar"} {
		if strings.HasSuffix(lower, ext) {
			return name[len(name)-len(ext):]
		}
	}
	return ""
}

// compressedExt returns the compressed-stream extension name ends with, if
// any.
func compressedExt(name string) (ext string, kind container, tar bool) {
	lower := strings.ToLower(name)
	for _, e := range compressedExts {
		if strings.HasSuffix(lower, e.ext) {
			return e.ext, e.kind, e.tar
		}
	}
	return "", plain, false
}

// containerOf recognises an archive by its first bytes.
func containerOf(head []byte) container {
	switch {
	case bytes.HasPrefix(head, []byte("PK\x03\x04")), bytes.HasPrefix(head, []byte("PK\x05\x06")):
		return zipped
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return gzipped
	case len(head) >= 4 && string(head[:3]) == "BZh" && '1' <= head[3] && head[3] <= '9':
		return bzipped
	case bytes.HasPrefix(head, []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		return xzipped
	case len(head) >= 262 && string(head[257:262]) == "ustar":
		return tarred
	}
	return plain
}

// containerExt is the kind of archive a name promises.
func containerExt(name string) container {
	lower := strings.ToLower(name)
	if _, kind, _ := compressedExt(name); kind != plain {
		return kind
	}
	switch {
	case strings.HasSuffix(lower, ".zip"):
		return zipped
	case strings.HasSuffix(lower, ".tar"):
		return tarred
	}
	return plain
}

// isCompressedTarName reports whether a name says a tar is compressed
// inside (.tar.gz, .tgz, .tar.bz2, .tar.xz, …).
func isCompressedTarName(name string) bool {
	_, _, tar := compressedExt(name)
	return tar
}

// hiddenPath reports whether any element of an archive member's path is hidden.
func hiddenPath(name string) bool {
	for el := range strings.SplitSeq(name, "/") {
		if hidden(el) {
			return true
		}
	}
	return false
}

// A blob is content discovery looks into to decide what it is: a file, a
// member, a stream. Its first bytes are in head; the rest comes from rest
// when the source can be read only once, else from ra (random access, held
// open by pin) or from open.
type blob struct {
	name, archive string
	size          int64 // -1 when unknown
	depth         int   // archives the blob is inside
	b             *budget
	head          []byte
	rest          io.Reader
	ra            io.ReaderAt
	pin           *sharedFile
	open          func() (io.ReadCloser, error)
	unpacked      bool // the content of the compressed file called name, so x.pbn.gz is named like x.pbn
}

// kindName is the name whose extension tells what the blob should be.
func (bl *blob) kindName() string {
	if ext, _, tar := compressedExt(bl.name); bl.unpacked && ext != "" && !tar {
		return bl.name[:len(bl.name)-len(ext)]
	}
	return bl.name
}

// reader returns the whole content for discovery to read, and what to call
// when done with it.
func (bl *blob) reader() (io.Reader, func(), error) {
	switch {
	case bl.rest != nil:
		return io.MultiReader(bytes.NewReader(bl.head), bl.rest), func() {}, nil
	case bl.ra != nil:
		return io.NewSectionReader(bl.ra, 0, bl.size), func() {}, nil
	}
	rc, err := bl.open()
	if err != nil {
		return nil, nil, err
	}
	return rc, func() { rc.Close() }, nil
}

// blob decides what bl is, by its head and its name, and yields it, expands
// it, or skips it.
func (w *walker) blob(bl blob, explicit bool) {
	c, ext := containerOf(bl.head), containerExt(bl.kindName())
	switch {
	case c == plain && ext == tarred:
		c = tarred // tar formats older than POSIX have no magic
	case c == plain && ext != plain:
		w.fail(bl.name, errNotArchive(ext))
		return
	}
	if c == plain {
		w.record(bl, explicit)
		return
	}
	if bl.depth >= w.lim.MaxDepth {
		w.fail(bl.name, &LimitError{Name: bl.name, Msg: fmt.Sprintf(
			"an archive at nesting level %d, not read: archives are read down to level %d", bl.depth+1, w.lim.MaxDepth)})
		return
	}
	if bl.b == nil {
		bl.b = &budget{archive: bl.name, max: w.lim.MaxArchiveBytes}
	}
	switch c {
	case zipped:
		w.zipBlob(bl)
	case gzipped, bzipped, xzipped:
		w.compressedBlob(bl, c, explicit)
	case tarred:
		r, done, err := bl.reader()
		if err != nil {
			w.fail(bl.name, err)
			return
		}
		w.tar(bl.name, r, bl.depth+1, bl.b, nil)
		done()
	}
}

// record yields bl as an input if it is one: named on the command line,
// named .pbn or .lin, or sniffed as a record. A source that can be read only
// once makes a Streamed input.
func (w *walker) record(bl blob, explicit bool) {
	if !explicit && !isRecordName(bl.kindName()) && parser.Sniff(bl.head) == parser.Unknown {
		return
	}
	if bl.rest == nil {
		w.emit(&Input{Name: bl.name, Archive: bl.archive, Size: bl.size, open: bl.open})
		return
	}
	r, _, _ := bl.reader()
	w.emit(streamInput(bl.name, bl.archive, bl.size, r))
}

// zipBlob reads a zip in place when it can (a file, or a member stored
// without compression) and otherwise into memory, up to Limits.MaxInMemory.
func (w *walker) zipBlob(bl blob) {
	ra, size, pin := bl.ra, bl.size, bl.pin
	if ra == nil {
		tooBig := &LimitError{Name: bl.name, Msg: fmt.Sprintf(
			"a zip that has to be read into memory (it is compressed inside another archive, or on standard input) is larger than %s; unpack it first",
			human(w.lim.MaxInMemory))}
		if bl.size > w.lim.MaxInMemory {
			w.fail(bl.name, tooBig)
			return
		}
		r, done, err := bl.reader()
		if err != nil {
			w.fail(bl.name, err)
			return
		}
		data, err := io.ReadAll(io.LimitReader(r, w.lim.MaxInMemory+1))
		done()
		switch {
		case err != nil:
			w.fail(bl.name, err)
			return
		case int64(len(data)) > w.lim.MaxInMemory:
			w.fail(bl.name, tooBig)
			return
		}
		ra, size, pin = bytes.NewReader(data), int64(len(data)), nil
	}
	w.zip(bl.name, ra, size, pin, bl.depth+1, bl.b)
}

// zip yields the members of a zip archive, which live at depth.
func (w *walker) zip(name string, ra io.ReaderAt, size int64, pin *sharedFile, depth int, b *budget) {
	tooMany := func(n uint64) {
		w.fail(name, &LimitError{Name: name, Msg: fmt.Sprintf(
			"holds %d members, more than the limit of %d", n, w.lim.MaxMembers)})
	}
	if n, ok := zipEntries(ra, size); ok && n > uint64(w.lim.MaxMembers) {
		tooMany(n)
		return
	}
	zr, err := zip.NewReader(ra, size)
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) { // nothing is written to disk
		w.fail(name, fmt.Errorf("unreadable zip archive: %w", err))
		return
	}
	if len(zr.File) > w.lim.MaxMembers {
		tooMany(uint64(len(zr.File)))
		return
	}
	for _, f := range zr.File {
		if w.stopped {
			return
		}
		if strings.HasSuffix(f.Name, "/") || f.Mode().IsDir() || hiddenPath(f.Name) {
			continue
		}
		mname := name + "!" + f.Name
		bl := blob{
			name: mname, archive: name, size: int64(f.UncompressedSize64), depth: depth, b: b, pin: pin,
			open: w.zipMember(f, mname, pin, b),
		}
		if isRecordName(f.Name) {
			w.emit(&Input{Name: mname, Archive: name, Size: bl.size, open: bl.open})
			continue
		}
		if f.Method == zip.Store {
			if off, err := f.DataOffset(); err == nil {
				bl.ra = io.NewSectionReader(ra, off, int64(f.CompressedSize64))
			}
		}
		r, done, err := bl.reader()
		if err == nil {
			bl.head, err = readHeadOf(r, bl.size)
			done()
		}
		if err != nil {
			w.fail(mname, err)
			continue
		}
		w.blob(bl, false)
	}
}

// zipMember returns the opener of a zip member: it holds the archive file
// open while the member is read, and guards the decompression.
func (w *walker) zipMember(f *zip.File, name string, pin *sharedFile, b *budget) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) {
		if err := pin.acquire(); err != nil {
			return nil, err
		}
		rc, err := f.Open()
		if err != nil {
			pin.release()
			return nil, fmt.Errorf("unreadable zip member: %w", err)
		}
		g := &guard{r: rc, name: name, b: b, maxRatio: w.lim.MaxRatio,
			packed: func() int64 { return int64(f.CompressedSize64) }}
		return &memberReader{Reader: g, closers: []io.Closer{rc}, pin: pin}, nil
	}
}

// memberReader closes what reading a member needed and frees its archive.
type memberReader struct {
	io.Reader
	closers []io.Closer
	pin     *sharedFile
	once    sync.Once
}

func (m *memberReader) Close() error {
	var err error
	m.once.Do(func() {
		for _, c := range m.closers {
			err = errors.Join(err, c.Close())
		}
		m.pin.release()
	})
	return err
}

// compressedBlob reads a compressed stream of the kind c (gzip, bzip2,
// xz): a tar inside it is expanded; anything else is one compressed file
// (x.pbn.gz), decompressed again each time its input is opened when the
// source allows that.
func (w *walker) compressedBlob(bl blob, c container, explicit bool) {
	r, done, err := bl.reader()
	if err != nil {
		w.fail(bl.name, err)
		return
	}
	defer done()
	g, closeGz, err := w.decompress(bl.name, r, c, bl.b)
	if err != nil {
		w.fail(bl.name, err)
		return
	}
	defer closeGz()
	head, err := readHead(g)
	if err != nil {
		w.fail(bl.name, err)
		return
	}
	if containerOf(head) == tarred || isCompressedTarName(bl.name) {
		w.tar(bl.name, io.MultiReader(bytes.NewReader(head), g), bl.depth+1, bl.b, g)
		return
	}
	single := blob{name: bl.name, archive: bl.archive, size: -1, depth: bl.depth + 1, b: bl.b, head: head, unpacked: true}
	if bl.open != nil {
		single.open = func() (io.ReadCloser, error) {
			rc, err := bl.open()
			if err != nil {
				return nil, err
			}
			g, closeGz, err := w.decompress(bl.name, rc, c, bl.b)
			if err != nil {
				rc.Close()
				return nil, err
			}
			return &memberReader{Reader: g, closers: []io.Closer{closer(closeGz), rc}}, nil
		}
	} else {
		single.rest = g
	}
	w.blob(single, explicit)
}

// decompress returns a guarded reader of the stream of kind c that r
// carries, decompressed.
func (w *walker) decompress(name string, r io.Reader, c container, b *budget) (*guard, func(), error) {
	cnt := &counter{r: r}
	var zr io.Reader
	done := func() {}
	var err error
	switch c {
	case gzipped:
		var gz *gzip.Reader
		if gz, err = gzip.NewReader(cnt); err == nil {
			zr, done = gz, func() { gz.Close() }
		}
	case bzipped:
		zr = bzip2.NewReader(cnt)
	case xzipped:
		zr, err = xz.NewReader(cnt)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("unreadable %s stream: %w", c, err)
	}
	g := &guard{r: zr, name: name, b: b, maxRatio: w.lim.MaxRatio, packed: func() int64 { return cnt.n }}
	return g, done, nil
}

type closer func()

func (c closer) Close() error { c(); return nil }

// tar yields the members of a tar stream, which live at depth. g, when the
// stream is decompressed, is told which member is being read so that a limit
// error names it.
func (w *walker) tar(name string, r io.Reader, depth int, b *budget, g *guard) {
	tr := tar.NewReader(r)
	for members := 1; !w.stopped; members++ {
		if g != nil && g.err != nil {
			return // a streamed member met the limit; its reader has reported it
		}
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			var lerr *LimitError
			if !errors.As(err, &lerr) {
				err = fmt.Errorf("unreadable tar archive: %w", err)
			}
			w.fail(name, err)
			return
		}
		if members > w.lim.MaxMembers {
			w.fail(name, &LimitError{Name: name, Msg: fmt.Sprintf(
				"holds more than %d members, the limit; the members after that are not read", w.lim.MaxMembers)})
			return
		}
		mname := name + "!" + hdr.Name
		if g != nil {
			g.name = mname
		}
		if !hdr.FileInfo().Mode().IsRegular() || hiddenPath(hdr.Name) {
			continue
		}
		bl := blob{name: mname, archive: name, size: hdr.Size, depth: depth, b: b}
		if hdr.Size <= w.lim.ReadAhead {
			// Read small members ahead, in one allocation, so that they can
			// be worked on in parallel while the stream moves on.
			data := make([]byte, hdr.Size)
			if _, err := io.ReadFull(tr, data); err != nil {
				w.fail(mname, err)
				return
			}
			bl.head, bl.ra, bl.open = data[:min(len(data), parser.SniffLen)], bytes.NewReader(data), memOpener(data)
		} else {
			if bl.head, err = readHead(tr); err != nil {
				w.fail(mname, err)
				return
			}
			bl.rest = tr
		}
		w.blob(bl, false)
	}
}

// zipEntries returns the member count a zip's end-of-central-directory
// record declares (its zip64 form too), so that an absurd count is refused
// before archive/zip reads the whole directory into memory.
func zipEntries(ra io.ReaderAt, size int64) (uint64, bool) {
	const eocdLen = 22
	n := min(size, eocdLen+0xFFFF)
	buf := make([]byte, n)
	if _, err := ra.ReadAt(buf, size-n); err != nil && !errors.Is(err, io.EOF) {
		return 0, false
	}
	i := bytes.LastIndex(buf, []byte("PK\x05\x06"))
	if i < 0 || len(buf)-i < eocdLen {
		return 0, false
	}
	count := uint64(binary.LittleEndian.Uint16(buf[i+10:]))
	if i >= 20 && string(buf[i-20:i-16]) == "PK\x06\x07" {
		off := int64(binary.LittleEndian.Uint64(buf[i-20+8:]))
		rec := make([]byte, 56)
		if _, err := ra.ReadAt(rec, off); err == nil && string(rec[:4]) == "PK\x06\x06" {
			count = binary.LittleEndian.Uint64(rec[32:])
		}
	}
	return count, true
}
