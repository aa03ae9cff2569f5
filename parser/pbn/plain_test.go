package pbn_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/convert"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser/pbn"
)

// comparePlain reads src game by game twice, with Parse and with
// ParsePlain falling back to Parse, and fails t when a game ParsePlain
// reads differs from Parse's in any field, before or after its
// inheritance is resolved, or converts to another board or other
// findings. It returns the games and those ParsePlain read, and the
// bytes of the text of each.
func comparePlain(t *testing.T, src []byte, name string, a *pbn.Arena) (games, plain, size, plainSize int) {
	t.Helper()
	slowP, fastP := pbn.NewParser(name), pbn.NewParser(name)
	fastP.UseArena(a) // as the audit reads, into memory used again
	var slowRes, fastRes pbn.Resolver
	var slowPrev, fastPrev convert.PBNOptions // the header and the board before
	for text, err := range pbn.NewReader(bytes.NewReader(src), name).GameTexts() {
		if err != nil {
			t.Fatal(err)
		}
		games++
		size += len(text.Source)
		slow := slowP.Parse(text)
		fast, ok := fastP.ParsePlain(text)
		if !ok {
			fast = fastP.Parse(text)
		} else {
			plain++
			plainSize += len(text.Source)
			if !reflect.DeepEqual(fast, slow) {
				t.Fatalf("%s game %d: ParsePlain differs from Parse\nplain: %s\nparse: %s", name, text.Index, dumpGame(fast), dumpGame(slow))
			}
		}
		slowRes.Resolve(slow)
		fastRes.Resolve(fast)
		if ok && !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%s game %d: resolved, ParsePlain's game differs from Parse's\nplain: %s\nparse: %s", name, text.Index, dumpGame(fast), dumpGame(slow))
		}
		slowPrev.Header, fastPrev.Header = slowRes.Header(), fastRes.Header()
		sb, sf := convert.FromPBN(slow, slowPrev)
		fb, ff := convert.FromPBN(fast, fastPrev)
		if !reflect.DeepEqual(fb, sb) || !reflect.DeepEqual(ff, sf) {
			t.Fatalf("%s game %d: the boards differ\nplain: %+v %v\nparse: %+v %v", name, text.Index, fb, ff, sb, sf)
		}
		slowPrev.Previous, fastPrev.Previous = sb, fb
	}
	return games, plain, size, plainSize
}

// dumpGame shows a game's tags and sections, for a failure.
func dumpGame(g *pbn.Game) string {
	var b strings.Builder
	b.WriteString(fmtAny(*g))
	for _, tag := range g.Tags {
		b.WriteString("\n  tag " + fmtAny(*tag))
		if s := tag.Section; s != nil {
			b.WriteString("\n    section " + fmtAny(*s))
		}
	}
	return b.String()
}

func fmtAny(v any) string { return strings.ReplaceAll(fmt.Sprintf("%+v", v), "\n", `\n`) }

// TestPlainFixtures compares ParsePlain with Parse over every PBN file of
// the repository and of the shared corpus, when it is there, and logs the
// share of each's games read plain.
func TestPlainFixtures(t *testing.T) {
	dirs := []string{filepath.Join("..", "..")}
	if testinput.HaveCorpus() {
		dirs = append(dirs, testinput.CorpusDir())
	}
	var a pbn.Arena
	for _, dir := range dirs {
		var files []string
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != dir {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".pbn") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		games, plain, bytes, plainBytes := 0, 0, 0, 0
		testinput.EachFile(t, files, func(src []byte, name string) {
			g, p, b, pb := comparePlain(t, src, name, &a)
			games, plain, bytes, plainBytes = games+g, plain+p, bytes+b, plainBytes+pb
			a.Reset()
		})
		t.Logf("%s: %d files, %d games, %d read plain (%.1f%%; %.1f%% of the games' text)", dir, len(files), games, plain,
			100*float64(plain)/float64(max(games, 1)), 100*float64(plainBytes)/float64(max(bytes, 1)))
	}
}

// FuzzPlain compares ParsePlain with Parse on arbitrary input.
func FuzzPlain(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.pbn")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(b)
		}
	}
	for _, s := range []string{
		"[Event \"x\"]\n[Auction \"N\"]\n1C Pass 1NT AP\n[Play \"E\"]\nSK S2 - SA\n*\n",
		"[Auction \"N\"]\n1C* 2H *", "[Auction \"W\"]\n- - 1 NT all pass", "[Play \"N\"]\nsk - * CA",
		"[Deal \"N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85\"]\n[Board \"#\"]\n",
		"[Event \"a\" ]\n[Site  \"b\"]\n[ Date \"c\"]\n[Board \"1\"]\n\n[Event \"a\"]\n[Board \"2\"]\n",
		"{lead}\n% line\n[Event \"x\"] {one} {two\nlines}\n% PBN 2.1\n[Site \"y\"] ; to the end\r\n[Board \"1\"]\n",
		"[Event \"x\"]\n[Auction \"N\"] {before}\n1C {after} Pass\n% in\n[Play \"E\"]\n{open\n",
		"[Auction \"N\"]\n1C =1= Pass=2= 2C\n[Note \"1:a\"] {on it}\n[Note \"2: b \"]\n[Play \"E\"]\nSK =1= *\n[Note \"1:x\"]\n",
		"[Auction \"N\"]\n1C =1= 1D =3=\n[Note \"1:a\"]\n[Note \"1:b\"]\n[Note \"33:c\"]\n[Event \"\"]\n[Note \"2:d\"]\n",
		"[Auction \"N\"]\n1C =2=\n[Note \"1:a\"]\n", "[Auction \"N\"]\n1C =1=\n[Note \"1:a\"]\n[Note \"2:b\"]\n",
	} {
		f.Add([]byte(s))
	}
	var a pbn.Arena
	f.Fuzz(func(t *testing.T, src []byte) {
		comparePlain(t, src, "fuzz.pbn", &a)
		a.Reset()
	})
}

// TestPlainReads lists games ParsePlain must read, not decline: what
// Parse reads of them is the same (FuzzPlain has them as seeds), and a
// game declined is read four times slower.
func TestPlainReads(t *testing.T) {
	for _, src := range []string{
		"[Event \"x\"]\n[Board \"1\"]\n",
		"{lead}\n% line\n[Event \"x\"] {one} {two\nlines}\n% PBN 2.1\n[Site \"y\"] ; to the end\r\n[Board \"1\"]\n",
		"[Auction \"N\"]\n1C =1= Pass=2= 2C\n[Note \"1:a\"] {on it}\n[Note \"2: b\"]\n[Play \"E\"]\nSK =1= *\n[Note \"1:x\"]\n",
	} {
		for text, err := range pbn.NewReader(strings.NewReader(src), "t.pbn").GameTexts() {
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := pbn.NewParser("t.pbn").ParsePlain(text); !ok {
				t.Errorf("declined: %q", text.Source)
			}
		}
	}
}
