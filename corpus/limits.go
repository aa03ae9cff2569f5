package corpus

import (
	"fmt"
	"io"
	"sync/atomic"
)

// Limits bound what one archive may cost, so that a hostile or broken archive
// ends in an error for that archive instead of an endless or exhausting run.
// A zero field takes its default.
type Limits struct {
	// MaxArchiveBytes caps the bytes decompressed from one archive named on
	// the command line or found in a directory, archives nested in it
	// included. Default 16 GiB: memory stays flat whatever the size, so the
	// cap only bounds the time a flat zip bomb (overlapping members) can take.
	MaxArchiveBytes int64
	// MaxRatio caps decompressed bytes per compressed byte of a member (zip)
	// or stream (gzip), checked once it has produced 1 MiB. Default 200.
	// Deflate reaches about 1030 on runs of one byte, the stuff of zip
	// bombs; bridge text compresses 4 to 15 times, and even text repeated
	// back to back (the same file copied a thousand times into a tar.gz)
	// stays near 130, since a deflate match covers at most 258 bytes.
	MaxRatio int64
	// MaxMembers caps the entries of one archive. Default 100,000, above a
	// complete vugraph archive; a zip's directory is held in memory, about
	// 250 bytes an entry.
	MaxMembers int
	// MaxDepth caps how deep archives nest: 1 reads no archive inside an
	// archive, 2 (the default) reads archives inside archives but not
	// further.
	MaxDepth int
	// MaxInMemory caps a zip that has to be read into memory because it
	// cannot be read in place: one compressed inside another archive, or
	// given on standard input. Default 32 MiB.
	MaxInMemory int64
	// ReadAhead is the size up to which a member of a tar archive is read
	// into memory during discovery, so that members can be worked on in
	// parallel; larger members are streamed and worked on one at a time.
	// Default 4 MiB.
	ReadAhead int64
}

// The defaults of Limits.
const (
	DefaultMaxArchiveBytes = 16 << 30
	DefaultMaxRatio        = 200
	DefaultMaxMembers      = 100_000
	DefaultMaxDepth        = 2
	DefaultMaxInMemory     = 32 << 20
	DefaultReadAhead       = 4 << 20
)

// ratioSlack is the output a member may produce before its ratio is checked.
const ratioSlack = 1 << 20

func (l Limits) withDefaults() Limits {
	def := func(v *int64, d int64) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.MaxArchiveBytes, DefaultMaxArchiveBytes)
	def(&l.MaxRatio, DefaultMaxRatio)
	def(&l.MaxInMemory, DefaultMaxInMemory)
	def(&l.ReadAhead, DefaultReadAhead)
	if l.MaxMembers <= 0 {
		l.MaxMembers = DefaultMaxMembers
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	return l
}

// A LimitError says that an input broke one of the Limits. Reading stops
// there; the rest of the run goes on.
type LimitError struct {
	Name string // the input, member or archive at fault
	Msg  string // which limit, in plain words
}

// Error returns "name: msg".
func (e *LimitError) Error() string { return e.Name + ": " + e.Msg }

// budget is the decompression allowance of one top-level archive, shared by
// its members (which zip lets us read concurrently) and nested archives.
type budget struct {
	archive string
	max     int64
	used    atomic.Int64
}

// spend records n more decompressed bytes read for member name.
func (b *budget) spend(name string, n int64) error {
	if b.used.Add(n) > b.max {
		return &LimitError{Name: name, Msg: fmt.Sprintf(
			"more than %s decompressed from %s, the limit for one archive", human(b.max), b.archive)}
	}
	return nil
}

// guard stops a decompressing reader at the budget of its archive and at the
// ratio limit. packed reports the compressed bytes consumed so far (or the
// member's compressed size); name is the member being read, which a tar
// stream advances as it goes.
type guard struct {
	r        io.Reader
	name     string
	b        *budget
	maxRatio int64
	packed   func() int64
	out      int64
	err      error
}

func (g *guard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	g.out += int64(n)
	if lerr := g.b.spend(g.name, int64(n)); lerr != nil {
		g.err = lerr
		return n, lerr
	}
	if packed := max(g.packed(), 1); g.out > ratioSlack && g.out > g.maxRatio*packed {
		g.err = &LimitError{Name: g.name, Msg: fmt.Sprintf(
			"expands more than %d times (%s from %s compressed), the limit that stops zip bombs",
			g.maxRatio, human(g.out), human(packed))}
		return n, g.err
	}
	return n, err
}

// counter counts the bytes read through it: the compressed side of a gzip
// stream, for the ratio check, and the bytes of an input, for its report.
type counter struct {
	r io.Reader
	n int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// human renders a byte count for messages: "512 B", "1.5 KiB", "16 GiB".
func human(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, i := float64(n)/unit, 0
	for v >= unit && i < 4 {
		v /= unit
		i++
	}
	s := fmt.Sprintf("%.1f", v)
	if len(s) > 2 && s[len(s)-2:] == ".0" {
		s = s[:len(s)-2]
	}
	return s + " " + [...]string{"KiB", "MiB", "GiB", "TiB", "PiB"}[i]
}
