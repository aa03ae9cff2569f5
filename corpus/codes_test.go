package corpus_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/bridgekit/bridgekit/corpus"
	"github.com/bridgekit/bridgekit/ddcheck"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/parser/pbn"
)

// unreachable are the codes of diag.Codes no file can produce, with why.
var unreachable = map[diag.Code]string{
	diag.NotACall: "a program's call value outside the 38 calls; text that is no call is unreadable-call",
	"lin-grammar": "the LIN grammar accepts every sequence of tokens the lexer makes; the code reports a grammar that ever does not",
	// Found only by audit --against, which holds a .bws against another
	// file (cmd/bridgekit/testdata/script/bws.txtar reports each).
	"reconcile-missing":  "audit --against only",
	"reconcile-extra":    "audit --against only",
	"reconcile-changed":  "audit --against only",
	diag.TooManyProblems: "the readers' own caps (100 errors a game, 64 reports a stretch of LIN junk) keep a file's reports outside its games below 1,000; this cap is the net behind them (diag's TestAddUpTo)",
}

// TestCodeTable reads every fixture of the repository (the readers',
// converters' and archive's testdata, the samples, and the files of the
// command-line scripts) with the readers and through Audit, and those of
// testdata/dd also with the double-dummy solver (audit --dd), and checks
// that every code reported is in diag.Codes with the severity the table
// gives it, and that every code in the table is reported by some fixture.
func TestCodeTable(t *testing.T) {
	t.Parallel()
	var files []string
	for _, glob := range []string{
		"../parser/*/testdata/*", "../convert/testdata/*.input", "../convert/testdata/*.pbn", "../convert/testdata/*.lin",
		"testdata/*", "testdata/*/*", "samples/*", "../cmd/bridgekit/testdata/script/*.txtar", "../scoring/testdata/*.pbn", "../scoring/testdata/*.lin", "../certify/testdata/*.pbn",
	} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	type input struct {
		name string
		data []byte
	}
	var inputs []input
	for _, f := range files {
		if st, err := os.Stat(f); err != nil || st.IsDir() || strings.HasSuffix(f, ".golden") || strings.HasSuffix(f, ".got") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(f, ".txtar") {
			inputs = append(inputs, input{f, data})
			continue
		}
		for _, m := range txtar.Parse(data).Files {
			inputs = append(inputs, input{f + "/" + m.Name, m.Data})
		}
	}
	if len(inputs) < 50 {
		t.Fatalf("only %d fixtures found", len(inputs))
	}
	// Inputs past the readers' limits, too large to keep as files.
	for name, text := range map[string]string{
		"tokens.pbn":   "[Board \"1\"]\n[Auction \"N\"]\n" + strings.Repeat("1C ", 3000) + "\n",
		"pairs.lin":    "md|1S,,,|" + strings.Repeat("mb|p|", 20001) + "\n",
		"problems.pbn": strings.Repeat("stray text\n", 1100) + "[Board \"1\"]\n",
		"bars.lin":     "md|1S,,,|" + strings.Repeat("| ", 70) + "\n",
		"binary.pbn":   "[Event \"x\"]\n\x00[Board \"1\"]\n",
		"large.pbn":    "[Event \"x\"]\n{" + strings.Repeat("x", 17<<20) + "}\n",
		"errors.pbn":   "[Board \"1\"]\n[Auction \"N\"]\n" + strings.Repeat("1C =9= ", 150) + "\n",
		"long.lin":     "md|1S,,,|nt|" + strings.Repeat("x", 17<<20) + "|\n",
		"lower.pbn":    "[myTag \"x\"]\n[Board \"1\"]\n",
		"rows.pbn":     "[Board \"1\"]\n[ScoreTable \"PairId_NS;PairId_EW\"]\n" + strings.Repeat("1 2\n", 5000),
		"lines.xml":    "<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>" + strings.Repeat("<TRAVELLER_LINE/>", 4100) + "</BOARD></EVENT></USEBIO>",
		"handset.xml": "<USEBIO><EVENT>" + strings.Repeat("<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><SCORE>1</SCORE></TRAVELLER_LINE></BOARD>", 40000) +
			"<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER></BOARD></HANDSET></EVENT></USEBIO>",
	} {
		inputs = append(inputs, input{name, []byte(text)})
	}
	seen := map[diag.Code]string{}
	check := func(name string, d diag.Diagnostic) {
		info, ok := d.Code.Info()
		switch {
		case !ok:
			t.Errorf("%s: code %q is not in diag.Codes: %s", name, d.Code, d)
		case info.Severity != d.Severity && !info.Varies:
			t.Errorf("%s: %s is a %s in diag.Codes, reported as a %s: %s", name, d.Code, info.Severity, d.Severity, d)
		}
		if _, ok := seen[d.Code]; !ok {
			seen[d.Code] = name
		}
	}
	dir := t.TempDir()
	for i, in := range inputs {
		for _, d := range readerDiagnostics(in.name, in.data) {
			check(in.name, d)
		}
		name := filepath.Join(dir, fmt.Sprintf("%03d-%s", i, strings.NewReplacer("/", "_", "..", "_").Replace(in.name)))
		if err := os.WriteFile(name, in.data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, err := corpus.Audit(context.Background(), corpus.Inputs([]string{dir}, nil, corpus.Options{}), corpus.AuditOptions{},
		func(p *corpus.Part) {
			for f := range p.All() {
				check(f.File, f)
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	// An index of deals that fills: a small one, and many distinct deals.
	deals := filepath.Join(dir, "deals.pbn")
	if err := os.WriteFile(deals, []byte(randomDeals(5000)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = corpus.Audit(context.Background(), corpus.Inputs([]string{deals}, nil, corpus.Options{}), corpus.AuditOptions{DuplicateIndexSize: 64 << 10},
		func(p *corpus.Part) {
			for f := range p.All() {
				check(f.File, f)
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	// The codes of audit --dd: the fixtures of testdata/dd solved, and
	// one deal no solver finishes within a nanosecond.
	for _, run := range []struct {
		files  string
		budget time.Duration
	}{{"testdata/dd/tables.pbn", time.Minute}, {"testdata/dd/budget.pbn", time.Nanosecond}} {
		opts := corpus.AuditOptions{DD: ddcheck.New(ddcheck.Options{Budget: run.budget})}
		_, err = corpus.Audit(context.Background(), corpus.Inputs([]string{run.files}, nil, corpus.Options{}), opts,
			func(p *corpus.Part) {
				for f := range p.All() {
					check(f.File, f)
				}
			})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"failing.pbn", "failing.lin"} {
		head := strings.Repeat("md|1SAKQJHT98D765C432,ST98H765D432CAKQJ,S765H432DAKQJCT98,|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n", 2000)
		p := corpus.Process(name, io.MultiReader(strings.NewReader(head), iotest.ErrReader(errors.New("disk failed"))), corpus.AuditOptions{})
		for f := range p.All() {
			check(f.File, f)
		}
	}
	for _, c := range diag.Codes {
		if _, ok := seen[c.Code]; !ok && unreachable[c.Code] == "" {
			t.Errorf("no fixture reports %s (%s)", c.Code, c.Summary)
		}
	}
	var extra []string
	for c := range seen {
		if unreachable[c] != "" {
			extra = append(extra, string(c))
		}
	}
	if len(extra) > 0 {
		slices.Sort(extra)
		t.Errorf("codes listed as unreachable are reported: %q", extra)
	}
}

// randomDeals returns a PBN text of n boards with distinct random deals.
func randomDeals(n int) string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	cards := []byte("23456789TJQKA")
	for i := range n {
		var deck []int
		for c := range 52 {
			deck = append(deck, c)
		}
		r.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		fmt.Fprintf(&b, "[Event \"Deals\"]\n[Board \"%d\"]\n[Deal \"N:", i+1)
		for h := range 4 {
			if h > 0 {
				b.WriteByte(' ')
			}
			for suit := 3; suit >= 0; suit-- {
				if suit < 3 {
					b.WriteByte('.')
				}
				for rank := 12; rank >= 0; rank-- {
					if slices.Contains(deck[13*h:13*h+13], 13*suit+rank) {
						b.WriteByte(cards[rank])
					}
				}
			}
		}
		b.WriteString("\"]\n\n")
	}
	return b.String()
}

// readerDiagnostics reads data with the reader of its format and returns
// all it reports, the quiet notes an audit leaves out included.
func readerDiagnostics(name string, data []byte) diag.List {
	var out diag.List
	switch parser.Detect(name, data) {
	case parser.PBN:
		rd := pbn.NewReader(bytes.NewReader(data), name)
		for g := range rd.Games() {
			if g != nil {
				out = append(out, g.Diagnostics...)
			}
		}
		out = append(out, rd.Diagnostics()...)
	case parser.LIN, parser.HTML:
		rd := lin.NewReader(bytes.NewReader(data), name)
		for rec := range rd.Records() {
			if rec != nil {
				out = append(out, rec.Diagnostics...)
			}
		}
		out = append(out, rd.Diagnostics()...)
	}
	return out
}
