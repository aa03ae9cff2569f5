package pbn

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/bridgekit/bridgekit/internal/testinput"
)

func readAllPBN(t *testing.T, r io.Reader) ([]*Game, *Reader, error) {
	t.Helper()
	pr := NewReader(r, "t.pbn")
	var games []*Game
	for g, err := range pr.Games() {
		if err != nil {
			return games, pr, err
		}
		games = append(games, g)
	}
	return games, pr, nil
}

func TestPBNEmptyAndHeaderOnly(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "\n\n  \n", "% PBN 2.1\n% EXPORT\n", "% PBN 2.1\r\n\r\n%Creator: x"} {
		f := Parse([]byte(in), "t.pbn")
		if len(f.Games) != 0 || f.Trailer != nil {
			t.Errorf("%q: %d games, trailer %v", in, len(f.Games), f.Trailer)
		}
		if want := strings.Count(in, "%"); len(f.Header) != want {
			t.Errorf("%q: header %v, want %d lines", in, f.Header, want)
		}
		if len(f.Diagnostics) != 1 || f.Diagnostics[0].Code != "encoding" {
			t.Errorf("%q: diagnostics %v", in, f.Diagnostics)
		}
	}
	if v := Version(Parse([]byte("% PBN 2.1\n% EXPORT\n"), "t.pbn").Header); v != "2.1" {
		t.Errorf("Version = %q, want 2.1", v)
	}
}

func TestPBNTrailer(t *testing.T) {
	t.Parallel()
	f := Parse([]byte("[Event \"x\"]\n\n{ the end }\n% bye\nprose"), "t.pbn")
	if len(f.Games) != 1 || f.Trailer == nil {
		t.Fatalf("%d games, trailer %v", len(f.Games), f.Trailer)
	}
	tr := f.Trailer
	if tr.Index != 0 || len(tr.Leading) != 1 || len(tr.Escapes) != 1 || len(tr.Prose) != 1 || tr.Pos.Line != 3 {
		t.Errorf("trailer: %+v", tr)
	}
	if len(f.Diagnostics) != 2 || f.Diagnostics[1].Code != "prose-outside-tag" || f.Diagnostics[1].Game != 0 {
		t.Errorf("file diagnostics %v, want the prose reported", f.Diagnostics)
	}
}

// TestPBNTruncated cuts a real game at every byte: each prefix reads
// without panic, and a prefix cut inside a tag value, a tag pair or a comment
// gives an error at the right place.
func TestPBNTruncated(t *testing.T) {
	t.Parallel()
	src := "[Event \"Cut\"]\n[Auction \"N\"]\n1C {short} 1D =1=\n[Note \"1:x\"]\n[Play \"W\"]\nSK H3"
	for i := range len(src) {
		f := Parse([]byte(src[:i]), "t.pbn")
		for _, g := range f.Games {
			if g.End.Offset != i {
				t.Errorf("prefix %d: game ends at %d", i, g.End.Offset)
			}
		}
	}
	for _, tt := range []struct {
		cut, code, at string
	}{
		{`[Event "Cu`, "unterminated-string", "1:8"},
		{`[Event "Cut"`, "tag-unclosed", "1:13"},
		{"[Event \"Cut\"]\n[Auction \"N\"]\n1C {sho", "unterminated-comment", "3:4"},
	} {
		g := Parse([]byte(tt.cut), "t.pbn").Games[0]
		if !g.Incomplete || len(g.Diagnostics) == 0 || string(g.Diagnostics[0].Code) != tt.code || g.Diagnostics[0].Pos.String() != tt.at {
			t.Errorf("%q: %v, want %s at %s", tt.cut, g.Diagnostics, tt.code, tt.at)
		}
	}
}

// TestPBNUnterminatedCommentResync: a comment never closed ends at its
// first semi-empty line, so that the games after it are still read.
func TestPBNUnterminatedCommentResync(t *testing.T) {
	t.Parallel()
	src := "[Event \"1\"]\n{ never closed\n\n[Event \"2\"]\n\n[Event \"3\"]\n"
	f := Parse([]byte(src), "t.pbn")
	if len(f.Games) != 3 {
		t.Fatalf("%d games, want 3", len(f.Games))
	}
	if d := f.Games[0].Diagnostics; len(d) != 1 || d[0].Code != "unterminated-comment" || !f.Games[0].Incomplete {
		t.Errorf("game 1: %v", d)
	}
	if f.Games[2].Value("Event") != "3" || f.Games[2].Pos.Line != 6 {
		t.Errorf("game 3: %q at %s", f.Games[2].Value("Event"), f.Games[2].Pos)
	}
}

func TestPBNBinaryJunk(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	junk := make([]byte, 1<<20)
	for i := range junk {
		junk[i] = byte(rng.Uint32())
	}
	games, r, err := readAllPBN(t, bytes.NewReader(junk))
	if err != nil {
		t.Fatal(err)
	}
	errs := r.Diagnostics().Errors()
	for _, g := range games {
		errs = append(errs, g.Diagnostics.Errors()...)
	}
	if len(errs) == 0 {
		t.Errorf("%d games and no error from 1 MiB of random bytes", len(games))
	}
}

func TestPBNReadError(t *testing.T) {
	t.Parallel()
	boom := errors.New("disk on fire")
	in := io.MultiReader(strings.NewReader(strings.Repeat("[Event \"x\"]\n\n", 10000)), iotest.ErrReader(boom))
	games, _, err := readAllPBN(t, in)
	if !errors.Is(err, boom) || len(games) != 10000 {
		t.Errorf("%d games, error %v; want 10000 games, then the read error", len(games), err)
	}
	if _, _, err := readAllPBN(t, iotest.ErrReader(boom)); !errors.Is(err, boom) {
		t.Errorf("error %v, want the read error", err)
	}
}

// TestPBNGamesResume: stopping an iteration and starting another goes on
// with the next game.
func TestPBNGamesResume(t *testing.T) {
	t.Parallel()
	r := NewReader(strings.NewReader("[Board \"1\"]\n\n[Board \"2\"]\n\n[Board \"3\"]\n"), "t.pbn")
	var boards []string
	for g := range r.Games() {
		boards = append(boards, g.Value("Board"))
		break
	}
	for g := range r.Games() {
		boards = append(boards, g.Value("Board"))
	}
	if strings.Join(boards, ",") != "1,2,3" {
		t.Errorf("boards %v", boards)
	}
}

// TestPBNHugeLine reads a 100 MB line: the game it is in is reported and
// skipped, the next game is read, and memory stays far below the line's
// size.
func TestPBNHugeLine(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 100 MB")
	}
	in := testinput.NewRepeatReader("[Event \"", strings.Repeat("x", 1<<20), "\"]\n\n[Event \"next\"]\n", 100)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	games, _, err := readAllPBN(t, in)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(games) != 2 || games[1].Value("Event") != "next" {
		t.Fatalf("%d games", len(games))
	}
	g := games[0]
	if !g.Incomplete || len(g.Diagnostics) == 0 || g.Diagnostics[0].Code != "game-too-large" || g.Diagnostics[0].Pos.String() != "1:1" {
		t.Errorf("game 1: %v", g.Diagnostics)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("allocated %d MB to read a 100 MB line", alloc>>20)
	}
}

// TestPBNStreamingMemory reads 16 MB of games through a reader that holds
// none of them: the heap in use stays flat.
func TestPBNStreamingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 16 MB")
	}
	game := "[Event \"##Memory\"]\n[Site \"#\"]\n[Board \"1\"]\n[Dealer \"N\"]\n" +
		"[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n" +
		"[Auction \"N\"]\n1D 1S 3H =1= 4S\n4NT X Pass Pass\n5C X 5H X\nAP\n[Note \"1:weak\"]\n" +
		"[Play \"W\"]\nSK H3 S4 S3\nC5 C2 C6 CK\n*\n" +
		"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 4\nS NT 4\n\n"
	n := 16 << 20 / len(game)
	r := NewReader(testinput.NewRepeatReader("% PBN 2.1\n", game, "", n), "t.pbn")
	var peak uint64
	var ms runtime.MemStats
	count := 0
	for g, err := range r.Games() {
		if err != nil {
			t.Fatal(err)
		}
		if count++; count%(n/8) == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
		if g.Incomplete {
			t.Fatalf("game %d: %v", g.Index, g.Diagnostics)
		}
	}
	if count != n {
		t.Fatalf("%d games, want %d", count, n)
	}
	if peak > 32<<20 {
		t.Errorf("heap in use reached %d MB reading 16 MB", peak>>20)
	}
}

func TestPBNNamesAndLookups(t *testing.T) {
	t.Parallel()
	f := Parse([]byte("[Event \"##E\"]\n[Auction \"N\"]\n1C\n\n[Site \"#\"]\n[Event \"#\"]"), "t.pbn")
	g1, g2 := f.Games[0], f.Games[1]
	if got := g1.Section("Auction").Pos.String(); got != "3:1" {
		t.Errorf("Pos = %s", got)
	}
	if g1.Section("Play") != nil || g1.Tag("Play") != nil || g1.Value("Play") != "" {
		t.Error("a missing section or tag was found")
	}
	var got []string
	for _, s := range []interface{ String() string }{
		g1.Tag("Event").Inherit, g2.Tag("Event").Inherit, Written, FromDeclared,
		g1.Section("Auction").Kind, SectionPlay, SectionTable, SectionText,
		TokenWord, TokenFiller, TokenContinue, TokenEnd, TokenAllPass, TokenSkip,
	} {
		got = append(got, s.String())
	}
	want := "## # written inherited auction play table text word - + * AP ^S"
	if strings.Join(got, " ") != want {
		t.Errorf("names %q, want %q", strings.Join(got, " "), want)
	}
}
