package convert

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/lin"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"

	"github.com/bridgekit/bridgekit/auction"
)

// linBoards converts every record of a LIN text as a reader of a whole
// file does, and checks each board. It returns the boards and, per board,
// the converter's findings followed by Check's.
func linBoards(t testing.TB, name string, src []byte) ([]*record.Board, [][]diag.Diagnostic) {
	t.Helper()
	recs, _ := lin.Parse(src, name)
	c := NewLINConverter(name)
	var boards []*record.Board
	var findings [][]diag.Diagnostic
	var ch record.Checker
	for _, r := range recs {
		b, fs := c.Convert(r)
		if b == nil {
			continue
		}
		boards, findings = append(boards, b), append(findings, append(fs, ch.Check(b)...))
	}
	return boards, findings
}

// placeOf returns "line:col" of the first needle in src.
func placeOf(src, needle string) string {
	i := strings.Index(src, needle)
	if i < 0 {
		return "not found: " + needle
	}
	line := strings.Count(src[:i], "\n") + 1
	col := i - strings.LastIndex(src[:i], "\n")
	return fmt.Sprintf("%d:%d", line, col)
}

// testLINDeal deals North the top of every suit (see the auction tests): md
// with North (3) dealing, hands S, W, N, East derived.
const testLINDeal = "md|3S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|"

// TestLINFindings runs small LIN records through parser, converter and
// Check, and checks code, severity, Law and place: for an auction finding
// the mb pair.
func TestLINFindings(t *testing.T) {
	t.Parallel()
	const head = "pn|Sue,Wes,Nat,Ed|st||" + testLINDeal + "rh||ah|Board 1|sv|o|"
	tests := []struct {
		name   string
		lin    string
		code   string
		sev    diag.Severity
		law    int
		needle string // the text the finding points at
		msg    string
	}{
		{"insufficient bid", head + "mb|1N|mb|1S|mb|2C|mb|p|mb|p|mb|p|",
			"insufficient-bid", diag.Error, 27, "mb|1S", "call 2 (E): 1S is insufficient after 1NT"},
		{"inadmissible double", head + "mb|1H|mb|p|mb|d|mb|p|mb|p|",
			"inadmissible-double", diag.Error, 36, "mb|d", "call 3 (S): X is inadmissible"},
		{"call after the auction", head + "mb|p|mb|p|mb|p|mb|p|mb|1C|",
			"call-after-auction", diag.Error, 39, "mb|1C", "call 5 (N): 1C comes after the auction has ended"},
		{"auction incomplete", head + "mb|1H|mb|p|",
			"auction-incomplete", diag.Warning, 0, "mb|p", "with S still to call"},
		{"unreadable call", head + "mb|1H|mb|zz|",
			"unreadable-call", diag.Error, 0, "mb|zz", `call 2: "zz" is not a call`},
		{"revoke", head + "mb|7N|mb|p|mb|p|mb|p|pc|HJ|pc|D6|",
			"revoke", diag.Error, 61, "pc|D6", "trick 1 (S): D6 is a revoke"},
		{"impossible claim", head + "mb|7N|mb|p|mb|p|mb|p|pc|ST|pc|S3|pc|S2|pc|SA|mc|0|",
			"claim-impossible", diag.Error, 68, "mc|0", "a claim of 0 tricks is impossible"},
		{"unreadable claim", head + "mb|7N|mb|p|mb|p|mb|p|mc|14|",
			"unreadable-value", diag.Warning, 0, "14|", `mc "14": not a number of tricks`},
		{"unreadable card", head + "mb|7N|mb|p|mb|p|mb|p|pc|S1|",
			"unreadable-card", diag.Error, 0, "pc|S1", `card 1: "S1" is not a card`},
		{"board dealer", "pn|Sue,Wes,Nat,Ed|" + testLINDeal + "ah|Board 2|sv|n|",
			"board-dealer", diag.Warning, 0, "md|", "dealer N disagrees with board 2, which E deals"},
		{"board vulnerability", head[:len(head)-5] + "sv|b|",
			"board-vulnerability", diag.Warning, 0, "sv|b", "vulnerability All disagrees with board 1, which is None"},
		{"deal", "md|3SAK,SA,,|",
			"deal-invalid", diag.Error, 0, "3SAK", "the deal contradicts itself"},
		{"unknown label", head + "xy|1|mb|p|",
			"unknown-tag", diag.Info, 0, "xy|", "label xy is not known to LIN readers; kept as written"},
		{"contract against rs", "vg|Test,Seg,I,1,1,A,0,B,0|rs|4HN=,|pn|Sue,Wes,Nat,Ed,S2,W2,N2,E2|pg||\nqx|o1|" + testLINDeal + "sv|o|mb|4H|mb|d|mb|p|mb|p|mb|p|",
			"contract-mismatch", diag.Error, 0, "4HN=", "the file's contract is 4H, the auction gives 4HX by N: the file leaves out the double"},
		{"declarer against rs", "vg|Test,Seg,I,1,1,A,0,B,0|rs|4HN=,3NS-1|pg||\nqx|c1|" + testLINDeal + "sv|o|mb|3N|mb|p|mb|p|mb|p|",
			"declarer-mismatch", diag.Error, 0, "3NS-1", "the file's declarer is S, the auction gives 3NT by N"},
		{"result against rs", "vg|Test,Seg,I,1,1,A,0,B,0|rs|7NN-1,|pg||\nqx|o1|" + testLINDeal + "sv|o|mb|7N|mb|p|mb|p|mb|p|pc|ST|mc|13|",
			"result-mismatch", diag.Error, 0, "7NN-1", "the file's result is 12 tricks, the claim gives 13"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, findings := linBoards(t, "t.lin", []byte(tt.lin))
			if len(findings) != 1 {
				t.Fatalf("got %d boards, want 1", len(findings))
			}
			want := placeOf(tt.lin, tt.needle)
			var got []string
			for _, f := range findings[0] {
				if string(f.Code) == tt.code {
					if f.Severity != tt.sev || f.Law != tt.law || f.Pos.String() != want || !strings.Contains(f.Message, tt.msg) {
						t.Errorf("got  %s (Law %d)\nwant %s: %s %s (Law %d): …%s…", f, f.Law, want, tt.sev, tt.code, tt.law, tt.msg)
					}
					return
				}
				got = append(got, f.String())
			}
			t.Errorf("no %s finding; got %q", tt.code, got)
		})
	}
}

// TestFromLINMapping checks a single-board record with alerts,
// explanations, commentary, a claim and an unknown label.
func TestFromLINMapping(t *testing.T) {
	t.Parallel()
	src := "pn|Sue,Wes,Nat,Ed|st||" + testLINDeal + "rh||ah|Board 1|sv|o|nt|before|" +
		"mb|1N!|an|15-17|mb|p|nt|after pass|mb|2C!|an|Stayman|an|4-card major|mb|p|mb|2D|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||" +
		"pc|S7|nt|lead|nt|again|pc|S3|nt|follow|pc|S2|pc|SA|nt|on the ace|pg||zz|3.53|mc|13|pg||"
	boards, findings := linBoards(t, "m.lin", []byte(src))
	b := boards[0]
	for _, f := range findings[0] {
		t.Errorf("unexpected finding %s", f)
	}
	calls := b.Auction.Calls
	checks := []struct {
		what      string
		got, want any
	}{
		{"source", fmt.Sprint(b.Source.File, " ", b.Source.Format, " ", b.Source.Game), "m.lin lin 1"},
		{"players", fmt.Sprint(b.Player(auction.North), b.Player(auction.East), b.Player(auction.South), b.Player(auction.West)), "NatEdSueWes"},
		{"player tag", b.Players[auction.North].Name, "pn"},
		{"number", b.Number, 1},
		{"dealer", fmt.Sprint(b.Dealer, " ", b.DealerKnown), "N true"},
		{"vulnerable", fmt.Sprint(b.Vulnerable, " ", b.VulnerableKnown), "None true"},
		{"deal", b.Deal.PBN(auction.North), "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"},
		{"auction comment", b.Auction.Comments[0].Text, "before"},
		{"calls", callTexts(calls), "1N p 2C p 2D p 3N p p p"},
		{"alerts", fmt.Sprint(calls[0].Alert, calls[1].Alert, calls[2].Alert), "true false true"},
		{"notes", fmt.Sprint(calls[0].Note, calls[2].Note, len(b.Auction.Notes)), "1 2 2"},
		{"note text", b.Auction.Note(2).Text, "Stayman\n4-card major"},
		{"call comment", calls[1].Comments[0].Text, "after pass"},
		{"call place", calls[2].Loc.String(), placeOf(src, "mb|2C!")},
		{"replayed", b.Replayed.Contract.Describe(), "3NT by N"},
		{"play", cardTexts(b.Play.Cards), "E:S7 S:S3 W:S2 N:SA"},
		{"card comment", b.Play.Cards[3].Comments[0].Text, "on the ace"},
		// A second comment on a card must not write over the next card's.
		{"card comments", commentTexts(b.Play.Cards[0].Comments, b.Play.Cards[1].Comments, b.Play.Cards[2].Comments), "[lead again] [follow] []"},
		{"claim", fmt.Sprint(b.Play.Claim, b.Play.Claimed), "13 true"},
		{"result", b.ResultText(), "13"},
		{"extras", fmt.Sprint(b.LIN.Extras), fmt.Sprint([]record.LINPair{
			{Label: "st", Loc: b.LIN.Extras[0].Loc},
			{Label: "rh", Loc: b.LIN.Extras[1].Loc},
			{Label: "zz", Value: "3.53", Loc: b.LIN.Extras[2].Loc, Calls: 10, Cards: 4},
		})},
	}
	for _, c := range checks {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
		}
	}
}

// TestLINPavlicek reads an rpbridge.net record: % lines, the whole auction
// in one mb and whole tricks in one pc.
func TestLINPavlicek(t *testing.T) {
	t.Parallel()
	src := "% LIN 12345\n% www.rpbridge.net Richard Pavlicek\npn|Sue,Wes,Nat,Ed|" + testLINDeal + "ah|Board 1|sv|0|pf|y|mb|1SP2SPPP|pc|S7S3S2SA|pc|SKS8|\n"
	boards, findings := linBoards(t, "rp.lin", []byte(src))
	b := boards[0]
	if got := callTexts(b.Auction.Calls); got != "1S P 2S P P P" {
		t.Errorf("calls %q", got)
	}
	if got := b.Auction.Calls[1].Loc.String(); got != placeOf(src, "P2SP") {
		t.Errorf("second call at %s, want its place in the mb value %s", got, placeOf(src, "P2SP"))
	}
	if len(b.Escapes) != 2 || b.Escapes[1].Text != " www.rpbridge.net Richard Pavlicek" {
		t.Errorf("escapes %+v", b.Escapes)
	}
	if got := cardTexts(b.Play.Cards); got != "E:S7 S:S3 W:S2 N:SA N:SK E:S8" {
		t.Errorf("cards %q", got)
	}
	if len(b.LIN.Extras) != 1 || b.LIN.Extras[0].Label != "pf" {
		t.Errorf("extras %v", b.LIN.Extras)
	}
	if len(findings[0]) != 0 {
		t.Errorf("findings %v", findings[0])
	}
}

// TestLINVugraph reads the 2010 USBF semifinal segment: 15 boards in two
// rooms, the header's event and results carried to every board.
func TestLINVugraph(t *testing.T) {
	t.Parallel()
	path := corpusFile(t, "bridge-bots/usbf_sf_14502.lin")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	boards, findings := linBoards(t, path, src)
	if len(boards) != 30 {
		t.Fatalf("got %d boards, want 30 (boards 46-60, open and closed)", len(boards))
	}
	rooms := map[record.Room]int{}
	comments := 0
	for i, b := range boards {
		rooms[b.Room]++
		if want := 46 + i/2; b.Number != want {
			t.Errorf("board %d: number %d, want %d", i+1, b.Number, want)
		}
		if b.Event.Value != "2010 USBF SF A" || b.Scoring.Value != "IMP" || b.LIN.Vugraph == nil || b.LIN.Vugraph != boards[0].LIN.Vugraph {
			t.Errorf("%s %s: event %q scoring %q, header shared %v", b.Label(), b.Room, b.Event.Value, b.Scoring.Value, b.LIN.Vugraph == boards[0].LIN.Vugraph)
		}
		if b.LIN.Result.Value == "" || !b.File.ContractKnown {
			t.Errorf("%s %s: no rs result", b.Label(), b.Room)
		}
		if !b.Replayed.Complete || !b.Replayed.Legal || !b.Replayed.TricksKnown {
			t.Errorf("%s %s: replay %+v", b.Label(), b.Room, b.Replayed)
		}
		for _, f := range findings[i] {
			if f.Severity == diag.Error {
				t.Errorf("%s %s: %s", b.Label(), b.Room, f)
			}
		}
		comments += len(b.Auction.Comments) + len(b.Leading)
		for _, c := range b.Auction.Calls {
			comments += len(c.Comments)
		}
		for _, c := range b.Play.Cards {
			comments += len(c.Comments)
		}
	}
	if rooms[record.Open] != 15 || rooms[record.Closed] != 15 {
		t.Errorf("rooms %v, want 15 open and 15 closed", rooms)
	}
	recs, _ := lin.Parse(src, path)
	want := 0
	for _, r := range recs {
		want += len(r.All("nt"))
	}
	if comments != want || want < 500 {
		t.Errorf("%d comments on the boards, want all %d nt pairs", comments, want)
	}
	b := boards[1]
	if b.Player(auction.South) != "Stansby" || b.Player(auction.North) != "Martel" || b.LIN.Result.Value != "4HE=" {
		t.Errorf("closed room of board 46: S %q N %q rs %q", b.Player(auction.South), b.Player(auction.North), b.LIN.Result.Value)
	}
}

// TestCorpusLIN converts and checks every record of every LIN file of the
// corpus: every board record gives a board.
func TestCorpusLIN(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t, ".lin")
	records, boards, headers := 0, 0, 0
	codes := map[string]int{}
	var ch record.Checker
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r := lin.NewReader(f, path)
		c := NewLINConverter(path)
		for rec, err := range r.Records() {
			if err != nil {
				continue // a problem of the reader, reported by it
			}
			records++
			b, fs := c.Convert(rec)
			switch {
			case b == nil && (rec.Kind == lin.Header || rec.Kind == lin.Notes):
				headers++
				continue
			case b == nil:
				t.Errorf("%s record %d (%s): no board", path, rec.Index, rec.Kind)
				continue
			}
			boards++
			for _, x := range append(fs, ch.Check(b)...) {
				codes[string(x.Code)]++
				if !x.Pos.IsValid() {
					t.Errorf("%s record %d: finding without a place: %s", path, rec.Index, x)
				}
			}
		}
		f.Close()
	}
	t.Logf("%d files, %d records: %d boards, %d headers and notes; findings: %v", len(files), records, boards, headers, codes)
	if boards+headers != records {
		t.Errorf("%d boards and %d headers from %d records", boards, headers, records)
	}
	if len(files) != 80 || boards != 172 {
		t.Errorf("%d files and %d boards, want the corpus's 80 files and 172 boards", len(files), boards)
	}
}

// FuzzFromLIN reads, converts and checks any text as LIN: nothing may
// panic.
func FuzzFromLIN(f *testing.F) {
	f.Add([]byte("pn|Sue,Wes,Nat,Ed|st||" + testLINDeal + "rh||ah|Board 1|sv|o|mb|1N!|an|15-17|mb|p|nt|x|mb|2C|mb|p|mb|p|mb|p|pc|S7|mc|9|"))
	f.Add([]byte("vg|Test,Seg,I,1,1,A,0,B,0|rs|4HN=,|pn|a,b,c,d,e,f,g,h|pg||\nqx|c1|" + testLINDeal + "sv|o|mb|4H|mb|d|mb|p|mb|p|mb|p|\nnt|between|pg||\nqx|o2|md|1,,,|"))
	f.Add([]byte("% LIN 1\npn|a,b,c,d|md|3SAK,SA,,|sv|0|pf|y|mb|1SP2SPPP|pc|S7S3S2SA|mc|14|zz|1|"))
	pages, _ := filepath.Glob(filepath.Join("..", "corpus", "testdata", "bbo", "*.html"))
	for _, p := range pages {
		if page, err := os.ReadFile(p); err == nil {
			f.Add(page) // a traveller page: its table's cells become a traveller
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		boards, _ := linBoards(t, "f.lin", src)
		for _, b := range boards {
			b.ContractText()
			b.ResultText()
		}
	})
}

// BenchmarkFromLIN converts and checks the records of a vugraph file, read
// beforehand.
func BenchmarkFromLIN(b *testing.B) {
	path := corpusFile(b, "bridge-bots/usbf_sf_14502.lin")
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	recs, _ := lin.Parse(src, path)
	var ch record.Checker
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		c := NewLINConverter(path)
		for _, r := range recs {
			if board, _ := c.Convert(r); board != nil {
				ch.Check(board)
			}
		}
	}
}

// TestLINPlayThroughPBN checks that a LIN play, which names no leader,
// comes out of the check with its opening leader set, so that the PBN
// writer puts the cards in the right columns and the PBN audits clean.
func TestLINPlayThroughPBN(t *testing.T) {
	t.Parallel()
	// North deals and declares 4H; East leads.
	src := "pn|Sue,Wes,Nat,Ed|st||" + testLINDeal + "rh||ah|Board 1|sv|o|mb|4H|mb|p|mb|p|mb|p|pg||pc|CJ|pc|C8|pc|C2|pc|CA|pg||mc|13|"
	boards, findings := linBoards(t, "lead.lin", []byte(src))
	if len(boards) != 1 || len(findings[0]) != 0 {
		t.Fatalf("%d boards, findings %v; want one clean board", len(boards), findings)
	}
	if got := boards[0].Play.First; got != auction.East {
		t.Fatalf("Play.First = %v, want E, on declarer N's left", got)
	}
	var out strings.Builder
	w := NewPBNWriter(&out, PBNWriterOptions{})
	if err := w.WriteBoard(boards[0]); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `[Play "E"]`) {
		t.Errorf("PBN play does not start with E:\n%s", out.String())
	}
	for _, g := range pbn.Parse([]byte(out.String()), "lead.pbn").Games {
		b, fs := FromPBN(g, PBNOptions{})
		if fs = append(fs, record.Check(b)...); len(fs) != 0 {
			t.Errorf("the PBN written from LIN audits with %v", fs)
		}
	}
}

// TestLINBoardNumber reads the board number and label from qx and ah
// together, in the forms BBO's vugraph files write them: a number from
// either is never lost to the other.
func TestLINBoardNumber(t *testing.T) {
	t.Parallel()
	tests := []struct {
		qx, ah string // "" for none
		number int
		label  string // as BoardLabel gives it: the number where it is one
	}{
		{"o3", "", 3, "3"},
		{"o3,BOARD 3", "", 3, "3"},
		{"", "Board 3", 3, "3"},
		{"o3", "Board 3", 3, "3"},
		{"c3,BOARD 3", "Board 3", 3, "3"},
		{"o3", "Board 3a", 3, "3a"},
		{"o3", "Deal three", 3, "Deal three"},
		{"o3", "Hand 2", 2, "Hand 2"},
	}
	for _, tt := range tests {
		src := testLINDeal + "sv|o|mb|p|mb|p|mb|p|mb|p|"
		if tt.ah != "" {
			src = "ah|" + tt.ah + "|" + src
		}
		if tt.qx != "" {
			src = "qx|" + tt.qx + "|" + src
		}
		boards, _ := linBoards(t, "n.lin", []byte(src))
		if len(boards) != 1 {
			t.Fatalf("%s: %d boards", src, len(boards))
		}
		if b := boards[0]; b.Number != tt.number || b.BoardLabel() != tt.label {
			t.Errorf("%s: board %d, label %q; want %d, %q", src, b.Number, b.BoardLabel(), tt.number, tt.label)
		}
	}
}

// commentTexts lists the texts of each list of comments.
func commentTexts(lists ...[]record.Comment) string {
	var out []string
	for _, l := range lists {
		var texts []string
		for _, c := range l {
			texts = append(texts, c.Text)
		}
		out = append(out, fmt.Sprint(texts))
	}
	return strings.Join(out, " ")
}
