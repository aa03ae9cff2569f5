package convert

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/testinput"
	"github.com/bridgekit/bridgekit/parser"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"

	"github.com/bridgekit/bridgekit/auction"
)

// corpusFile returns the path of a corpus file, skipping the test when the
// corpus (or the file) is absent.
func corpusFile(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(testinput.CorpusDir(), filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus file %s absent", rel)
	}
	return p
}

// pbnBoards converts every game of a PBN text as a reader of a whole file
// does (header, follow-up games), and checks each board. It returns the
// boards and, per board, the converter's findings followed by Check's.
func pbnBoards(t testing.TB, name string, src []byte) ([]*record.Board, [][]diag.Diagnostic) {
	t.Helper()
	f := pbn.Parse(src, name)
	var boards []*record.Board
	var findings [][]diag.Diagnostic
	var prev *record.Board
	var c record.Checker
	for _, g := range f.Games {
		b, fs := FromPBN(g, PBNOptions{Header: f.Header, Previous: prev})
		fs = append(fs, c.Check(b)...)
		boards, findings, prev = append(boards, b), append(findings, fs), b
	}
	return boards, findings
}

// TestPBNFindings runs small PBN games through parser, converter and Check,
// one for each finding code, and checks code, severity, Law and place.
func TestPBNFindings(t *testing.T) {
	t.Parallel()
	const play = `[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Contract "7NT"]
[Declarer "N"]
`
	tests := []struct {
		name string
		pbn  string
		code string
		sev  diag.Severity
		law  int
		at   string
		msg  string
	}{
		{"insufficient bid", "[Dealer \"N\"]\n[Auction \"N\"]\n1NT 1S 2C AP\n",
			"insufficient-bid", diag.Error, 27, "3:5", "call 2 (E): 1S is insufficient after 1NT"},
		{"inadmissible double", "[Dealer \"N\"]\n[Auction \"N\"]\n1H Pass X AP\n",
			"inadmissible-double", diag.Error, 36, "3:9", "call 3 (S): X is inadmissible: 1H is his own side's bid"},
		{"inadmissible redouble", "[Dealer \"N\"]\n[Auction \"N\"]\n1H XX AP\n",
			"inadmissible-redouble", diag.Error, 36, "3:4", "call 2 (E): XX is inadmissible: 1H has not been doubled"},
		{"call after the auction", "[Dealer \"N\"]\n[Auction \"N\"]\n1H Pass Pass Pass\n2C\n",
			"call-after-auction", diag.Error, 39, "4:1", "call 5 (N): 2C comes after the auction has ended"},
		{"bid above seven", "[Dealer \"N\"]\n[Auction \"N\"]\n7NT 8C AP\n",
			"bid-above-seven", diag.Error, 38, "3:5", "call 2 (E): 8C is inadmissible: there is no bid above seven"},
		{"auction incomplete", "[Dealer \"N\"]\n[Auction \"N\"]\n1H Pass\n",
			"auction-incomplete", diag.Warning, 0, "3:4", "the auction stops after 2 calls, with S still to call"},
		{"auction start", "[Dealer \"E\"]\n[Auction \"N\"]\n1H AP\n",
			"auction-start", diag.Error, 0, "3:1", "the auction starts with N, but E is the dealer"},
		{"accepted insufficient bid", "[Dealer \"W\"]\n[Auction \"W\"]\n1D ^I 1C AP\n",
			"irregularity", diag.Info, 0, "3:4", "call 2 (N): insufficient 1C after 1D accepted (Law 27A)"},
		{"skipped turn", "[Dealer \"W\"]\n[Auction \"W\"]\n^S 1D AP\n",
			"irregularity", diag.Info, 0, "3:1", "call 1 (W): turn skipped"},
		{"contract without the double", "[Dealer \"N\"]\n[Contract \"4H\"]\n[Declarer \"N\"]\n[Auction \"N\"]\n4H X AP\n",
			"contract-mismatch", diag.Error, 0, "2:1", "the file's contract is 4H, the auction gives 4HX by N: the file leaves out the double"},
		{"declarer of omitted passes", "[Board \"2\"]\n[Dealer \"E\"]\n[Declarer \"W\"]\n[Contract \"1NT\"]\n[Auction \"E\"]\n1NT AP\n",
			"declarer-mismatch", diag.Error, 0, "3:1", "the auction seems to leave out 2 leading passes; replayed from W it gives W"},
		{"result", "[Dealer \"N\"]\n" + play + "[Result \"12\"]\n[Auction \"N\"]\n7NT AP\n[Play \"E\"]\n" +
			"ST S3 S2 SA\nHJ H8 H5 HA\nHT H7 H4 HK\nH9 H6 H3 HQ\nDJ D8 D5 DA\nDT D7 D4 DK\nD9 D6 D3 DQ\nCJ C8 C5 CA\nCT C7 C4 CK\nC9 C6 C3 CQ\nS9 S4 H2 SK\nS8 S5 D2 SQ\nS7 S6 C2 SJ\n",
			"result-mismatch", diag.Error, 0, "5:1", "the file's result is 12 tricks, the play gives 13"},
		{"revoke", "[Dealer \"N\"]\n" + play + "[Auction \"N\"]\n7NT AP\n[Play \"E\"]\nHJ D6 - -\n",
			"revoke", diag.Error, 61, "8:4", "trick 1 (S): D6 is a revoke: S holds hearts and must follow suit (Laws 44C, 61)"},
		{"card not in hand", "[Dealer \"N\"]\n" + play + "[Auction \"N\"]\n7NT AP\n[Play \"E\"]\nHJ SA - -\n",
			"play-illegal", diag.Error, 0, "8:4", "trick 1 (S): SA is in N's hand, not S's"},
		{"opening lead", "[Dealer \"N\"]\n" + play + "[Auction \"N\"]\n7NT AP\n[Play \"S\"]\nS3 - - -\n",
			"play-illegal", diag.Error, 41, "7:1", "the play starts with S, but E, on declarer N's left, makes the opening lead"},
		{"score", "[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Declarer \"N\"]\n[Contract \"4H\"]\n[Result \"10\"]\n[Score \"NS 620\"]\n",
			"score-mismatch", diag.Warning, 77, "6:1", "the file's score is NS 620; 4H by N with 10 tricks scores NS 420, vulnerability None"},
		{"rotated trick", "[Dealer \"N\"]\n" + play + "[Auction \"N\"]\n7NT AP\n[Play \"E\"]\nST S3 S2 SA\nHA HJ H8 H5\n",
			"play-rotated", diag.Warning, 0, "9:1", "trick 2 (from N) is written from the wrong seat"},
		{"deal", "[Deal \"N:AK... A... - -\"]\n",
			"deal-invalid", diag.Error, 0, "1:7", "the deal contradicts itself: SA"},
		{"unreadable deal", "[Deal \"N:AKZ... - - -\"]\n",
			"deal-invalid", diag.Error, 0, "1:7", "the deal cannot be read"},
		{"board dealer", "[Board \"1\"]\n[Dealer \"E\"]\n",
			"board-dealer", diag.Warning, 0, "2:1", "dealer E disagrees with board 1, which N deals"},
		{"board vulnerability", "[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"EW\"]\n",
			"board-vulnerability", diag.Warning, 0, "3:1", "vulnerability EW disagrees with board 2, which is NS"},
		{"unknown values", "[Dealer \"N\"]\n[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n",
			"unknown-value", diag.Info, 0, "2:1", `Declarer, Contract and Result are given as "?" (unknown)`},
		{"unreadable dealer", "[Dealer \"Black\"]\n",
			"unreadable-value", diag.Warning, 0, "1:9", `Dealer "Black" is not a dealer`},
		{"unreadable vulnerability, said once", "[Vulnerable \"zzz\"]\n",
			"unreadable-value", diag.Warning, 0, "1:13", `Vulnerable "zzz" is not a vulnerability (want None, NS, EW or All)`},
		{"unreadable call", "[Dealer \"N\"]\n[Auction \"N\"]\n1H relay\n",
			"unreadable-call", diag.Error, 0, "3:4", `call 2: "relay" is not a call`},
		{"unreadable card", "[Dealer \"N\"]\n" + play + "[Auction \"N\"]\n7NT AP\n[Play \"E\"]\nS1 - - -\n",
			"unreadable-card", diag.Error, 0, "8:1", `trick 1: "S1" is not a card`},
		{"calls under another tag", "[Dealer \"N\"]\n[Bidding \"N\"]\n1NT Pass { to play } 3NT AP\n",
			"unread-calls", diag.Warning, 0, "3:1", "the data after tag Bidding holds 4 calls (1NT Pass 3NT AP) that are not read"},
		{"cards under another tag", "[Dealer \"N\"]\n[PlayedCards \"E\"]\nST S3 S2 SA\nHJ H8 H5 HA\n",
			"unread-calls", diag.Warning, 0, "3:1", "the data after tag PlayedCards holds 8 cards (ST S3 S2 SA …) that are not read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, findings := pbnBoards(t, "t.pbn", []byte(tt.pbn))
			if len(findings) != 1 {
				t.Fatalf("got %d boards, want 1", len(findings))
			}
			var got []string
			for _, f := range findings[0] {
				if string(f.Code) == tt.code {
					if f.Severity != tt.sev || f.Law != tt.law || f.Pos.String() != tt.at || !strings.Contains(f.Message, tt.msg) {
						t.Errorf("got  %s (Law %d)\nwant %s: %s %s (Law %d): …%s…", f, f.Law, tt.at, tt.sev, tt.code, tt.law, tt.msg)
					}
					return
				}
				got = append(got, f.String())
			}
			t.Errorf("no %s finding; got %q", tt.code, got)
		})
	}
}

// TestPBNProseNotCalls: prose after a tag that names a call or two is not
// taken for an auction.
func TestPBNProseNotCalls(t *testing.T) {
	t.Parallel()
	src := "[Event \"Club\"]\nWe bid 1NT and Pass was the last call, then X from East.\n[Analysis \"\"]\n; 1NT 3NT\nA fine slam in 6S, made with an overtrick.\n"
	_, findings := pbnBoards(t, "t.pbn", []byte(src))
	for _, f := range findings[0] {
		if f.Code == diag.UnreadCalls {
			t.Errorf("prose taken for calls: %s", f)
		}
	}
}

// TestPBNRulesDeclarer replays the declarer examples of RULES.md written as
// PBN, Russian included.
func TestPBNRulesDeclarer(t *testing.T) {
	t.Parallel()
	tests := []struct{ dealer, calls, want string }{
		{"N", "1H 1NT 2H X XX Pass Pass Pass", "2HXX by N"},
		{"S", "1NT X XX 2H Pass Pass Pass", "2H by E"},
		{"N", "1H 1S 2H AP", "2H by N"},
		{"С", "1Ч 1П 2Ч контра реконтра пас пас пас", "2HXX by N"},
		{"W", "Pass Pass Pass Pass", "Pass"},
	}
	for _, tt := range tests {
		src := fmt.Sprintf("[Dealer %q]\n[Auction %q]\n%s\n", tt.dealer, tt.dealer, tt.calls)
		boards, findings := pbnBoards(t, "t.pbn", []byte(src))
		b := boards[0]
		if len(findings[0]) != 0 || !b.Replayed.Complete || b.Replayed.Contract.Describe() != tt.want {
			t.Errorf("%s %q: replayed %q (complete %v), findings %v; want %q", tt.dealer, tt.calls, b.Replayed.Contract.Describe(), b.Replayed.Complete, findings[0], tt.want)
		}
	}
}

// TestFromPBNMapping checks that a game with every kind of content lands
// in the Board's fields with its place and attachment.
func TestFromPBNMapping(t *testing.T) {
	t.Parallel()
	src := `% PBN 2.1
%Creator: test
{start of game}
[Event "##Club night"]
[Site "Here"]
[Board "01"]
[West "Wright"] {about West}
[North "Nash"]
[East "Eames"]
[South "Short"]
[Dealer "N"]
[Vulnerable "Both"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "IMP"]
[Declarer "N"]
[Contract "3NT"]
[Result "NS 10"]
[Room "Closed"]
[Annotator "A"]
[Hidden "EW"]
[Annotator "B"]
[Auction "W"]
- 1NT =1= Pass 3NT ! $5 {ok}
AP
[Note "1:15-17"]
[Play "E"]
ST S3 S2 SA
HJ H8 H5 HA
*
[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
N NT 13
S  S 13
[MyData "x"]
free text here
`
	boards, findings := pbnBoards(t, "m.pbn", []byte(src))
	b := boards[0]
	for _, f := range findings[0] {
		if f.Severity > diag.Info && f.Code != "board-vulnerability" {
			t.Errorf("unexpected finding %s", f)
		}
	}
	checks := []struct {
		what      string
		got, want any
	}{
		{"source", b.Source, record.Source{File: "m.pbn", Format: record.FormatPBN, Game: 1, Loc: b.Source.Loc, Text: b.Source.Text}},
		{"source text", fmt.Sprint(b.Source.TextAt(b.DealTag.ValueSpan.Offset, b.DealTag.ValueSpan.End)), `"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"true`},
		{"escapes", len(b.Escapes), 2},
		{"creator escape", b.Escapes[1].Text, "Creator: test"},
		{"leading comment", b.Leading[0].Text, "start of game"},
		{"event", b.Event.Value, "Club night"},
		{"event raw", b.Event.Raw, "##Club night"},
		{"board", b.BoardTag.Value + fmt.Sprint(b.Number), "011"},
		{"west", b.Player(auction.West), "Wright"},
		{"west comment", b.Players[auction.West].Comments[0].Text, "about West"},
		{"west loc", b.Players[auction.West].Loc.String(), "7:1"},
		{"dealer", b.Dealer, auction.North},
		{"vulnerable", b.Vulnerable, auction.VulAll},
		{"deal", b.Deal.PBN(auction.North), "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"},
		{"room", b.Room, record.Closed},
		{"scoring", b.Scoring.Value, "IMP"},
		{"tags", tagNames(b.Tags), "Annotator Hidden Annotator MyData"},
		{"unknown section data", strings.TrimSpace(b.Tags[3].Data), "free text here"},
		{"file contract", b.File.Contract.Describe(), "3NT by N"},
		{"file result", b.File.Tricks, 10},
		{"auction first", b.Auction.First, auction.North},
		{"calls", callTexts(b.Auction.Calls), "1NT Pass 3NT AP AP AP"},
		{"note ref", b.Auction.Calls[0].Note, 1},
		{"note", b.Auction.Note(1).Text, "15-17"},
		{"suffix", b.Auction.Calls[2].Suffix + fmt.Sprint(b.Auction.Calls[2].NAGs), "![5]"},
		{"call comment", b.Auction.Calls[2].Comments[0].Text, "ok"},
		{"call loc", b.Auction.Calls[2].Loc.String(), "23:16"},
		{"replayed", b.Replayed.Contract.Describe(), "3NT by N"},
		{"play order", cardTexts(b.Play.Cards), "E:ST S:S3 W:S2 N:SA N:HA E:HJ S:H8 W:H5"},
		{"play trick", b.Play.Cards[5].Trick, 1},
		{"play end", b.Play.End, "*"},
		{"table", fmt.Sprintf("%d %s %d %d %c %d %s", len(b.Tables), b.Tables[0].Tag.Name, len(b.Tables[0].Columns), b.Tables[0].Columns[1].Width, b.Tables[0].Columns[1].Align, len(b.Tables[0].Rows), b.Tables[0].Rows[1][1].Text),
			"1 OptimumResultTable 3 2 R 2 S"},
		{"final", b.ContractText() + " " + b.DeclarerText() + " " + b.ResultText(), "3NT N 10"},
	}
	for _, c := range checks {
		if fmt.Sprint(c.got) != fmt.Sprint(c.want) {
			t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
		}
	}
}

func tagNames(tags []record.Tag) string {
	var s []string
	for _, t := range tags {
		s = append(s, t.Name)
	}
	return strings.Join(s, " ")
}

func callTexts(calls []record.AuctionCall) string {
	var s []string
	for _, c := range calls {
		s = append(s, c.Text)
	}
	return strings.Join(s, " ")
}

func cardTexts(cards []record.PlayedCard) string {
	var s []string
	for _, c := range cards {
		s = append(s, c.Seat.String()+":"+c.Text)
	}
	return strings.Join(s, " ")
}

// TestPBNFollowUp checks that a follow-up game that gives neither Board nor
// Deal takes them from the game before, as in rpbridge.net files.
func TestPBNFollowUp(t *testing.T) {
	t.Parallel()
	src := "[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"Both\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n[Auction \"S\"]\nPass\n\n" +
		"[West \"Nunes\"]\n[Auction \"S\"]\n1C AP\n\n[Event \"Other\"]\n"
	boards, _ := pbnBoards(t, "f.pbn", []byte(src))
	if len(boards) != 3 {
		t.Fatalf("got %d boards, want 3", len(boards))
	}
	b := boards[1]
	if b.Number != 7 || !b.DealerKnown || b.Dealer != auction.South || b.Vulnerable != auction.VulAll || !b.Deal.Full() {
		t.Errorf("follow-up board: number %d dealer %v %v vul %v full deal %v", b.Number, b.Dealer, b.DealerKnown, b.Vulnerable, b.Deal.Full())
	}
	if b.DealTag.Loc.Line != 4 {
		t.Errorf("carried Deal tag at %v, want the first game's line 4", b.DealTag.Loc)
	}
	if c := boards[2]; c.Number != 0 || c.Deal.Full() {
		t.Errorf("a game without auction or play takes nothing: number %d", c.Number)
	}
}

// TestRPBridge checks the corpus's rpbridge.net archive: 7,632 games whose
// auctions leave out the leading passes and whose contracts often leave out
// the double. Most declarer mismatches must come out explained.
func TestRPBridge(t *testing.T) {
	t.Parallel()
	path := corpusFile(t, "endplay/example3.pbn")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	boards, findings := pbnBoards(t, path, src)
	counts := map[string]int{}
	explained, doubles, shifted := 0, 0, 0
	for i, fs := range findings {
		for _, f := range fs {
			counts[string(f.Code)]++
			switch {
			case f.Code == "declarer-mismatch" && strings.Contains(f.Message, "leading pass"):
				explained++
			case f.Code == "contract-mismatch" && strings.Contains(f.Message, "leaves out the double"):
				doubles++
			}
		}
		if boards[i].Replayed.Shift > 0 {
			shifted++
		}
	}
	t.Logf("findings by code: %v; %d explained by leading passes, %d by a missing double, %d shifted", counts, explained, doubles, shifted)
	if len(boards) != 7632 {
		t.Errorf("got %d boards, want 7632", len(boards))
	}
	if n := counts["declarer-mismatch"]; n < 3500 || n > 3900 {
		t.Errorf("%d declarer mismatches, want about 3,650", n)
	}
	if n := counts["contract-mismatch"]; n < 280 || n > 400 {
		t.Errorf("%d contract mismatches, want about 300", n)
	}
	if explained*10 < counts["declarer-mismatch"]*9 {
		t.Errorf("only %d of %d declarer mismatches explained as omitted leading passes", explained, counts["declarer-mismatch"])
	}
	if doubles*10 < counts["contract-mismatch"]*8 {
		t.Errorf("only %d of %d contract mismatches explained as a missing double", doubles, counts["contract-mismatch"])
	}
	if counts["play-illegal"] != 0 || counts["play-rotated"] < 3000 {
		t.Errorf("%d play-illegal, %d play-rotated: want every trick read, turned where written from the wrong seat", counts["play-illegal"], counts["play-rotated"])
	}
	if shifted*10 < explained*8 {
		t.Errorf("only %d of %d explained boards corroborated by the opening lead", shifted, explained)
	}
}

// corpusFiles returns the corpus files of the given extension, skipping
// the test when the corpus is absent.
func corpusFiles(t testing.TB, ext string) []string {
	t.Helper()
	testinput.NeedCorpus(t)
	return corpusFilesOf(t, ext)
}

// corpusFilesOf returns the corpus files of the given extension, none when
// the corpus is absent.
func corpusFilesOf(t testing.TB, ext string) []string {
	t.Helper()
	if !testinput.HaveCorpus() {
		return nil
	}
	var files []string
	err := filepath.WalkDir(testinput.CorpusDir(), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ext) {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// roundTripFiles returns the repository's own inputs in the format of ext
// (the converters' fixtures and the samples), and the corpus files too
// when the corpus is there: round trips run in every clone.
func roundTripFiles(t testing.TB, ext string) []string {
	t.Helper()
	var files []string
	for _, glob := range []string{"testdata/*.input", "../corpus/samples/*"} {
		m, _ := filepath.Glob(glob)
		for _, f := range m {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if "."+parser.Detect(f, data).String() == ext {
				files = append(files, f)
			}
		}
	}
	if len(files) == 0 {
		t.Fatalf("no %s fixtures", ext)
	}
	return append(files, corpusFilesOf(t, ext)...)
}

// TestCorpusPBN converts and checks every game of every PBN file of the
// corpus, streaming, and counts boards against the reader's games.
func TestCorpusPBN(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t, ".pbn")
	games, boards := 0, 0
	codes := map[string]int{}
	var c record.Checker
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		r := pbn.NewReader(f, path)
		var prev *record.Board
		for g, err := range r.Games() {
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			games++
			b, fs := FromPBN(g, PBNOptions{Header: r.Header(), Previous: prev})
			fs = append(fs, c.Check(b)...)
			if b.Source.Game != g.Index || b.Source.File != path {
				t.Errorf("%s game %d: board source %+v", path, g.Index, b.Source)
			}
			for _, x := range fs {
				codes[string(x.Code)]++
				if !x.Pos.IsValid() {
					t.Errorf("%s game %d: finding without a place: %s", path, g.Index, x)
				}
			}
			boards++
			prev = b
		}
		f.Close()
	}
	t.Logf("%d files, %d games, %d boards; findings: %v", len(files), games, boards, codes)
	if boards != games {
		t.Errorf("%d boards from %d games", boards, games)
	}
	if len(files) != 142 || games < 42000 {
		t.Errorf("%d files and %d games, want the corpus's 142 files and some 42,000 games", len(files), games)
	}
	if n := codes["play-illegal"]; n > 10 {
		t.Errorf("%d play-illegal findings: tricks are misread", n)
	}
}

// FuzzFromPBN reads, converts and checks any text: nothing may panic, and
// every finding has a place in the text.
func FuzzFromPBN(f *testing.F) {
	f.Add([]byte("[Dealer \"N\"]\n[Auction \"N\"]\n1NT 1S 2C AP\n"))
	f.Add([]byte("[Board \"2\"]\n[Dealer \"E\"]\n[Declarer \"W\"]\n[Contract \"1NTR\"]\n[Result \"NS 9\"]\n[Auction \"E\"]\n- ^S 1NT ^I 1C * \n"))
	f.Add([]byte("[Deal \"N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432\"]\n[Contract \"7NT\"]\n[Declarer \"N\"]\n[Auction \"N\"]\n7NT AP\n[Play \"E\"]\nST S3 S2 SA\n^L HA HJ - +\n*\n\n[Auction \"S\"]\nPass\n"))
	f.Add([]byte("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 13\n[X \"y\"]\ndata {c}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		boards, findings := pbnBoards(t, "f.pbn", src)
		for i, fs := range findings {
			for _, x := range fs {
				if !x.Pos.IsValid() && boards[i].Source.Loc.IsValid() {
					t.Errorf("finding without a place: %s", x)
				}
			}
			boards[i].ContractText()
			boards[i].DeclarerText()
			boards[i].ResultText()
		}
		intoUsed(t, "f.pbn", pbn.Parse(src, "f.pbn"))
	})
}

// BenchmarkFromPBN converts and checks the games of the rpbridge.net
// archive (1.9 MB, 7,632 games), read beforehand: the cost of the mapping
// and the replay, apart from the reader's.
func BenchmarkFromPBN(b *testing.B) {
	path := corpusFile(b, "endplay/example3.pbn")
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	f := pbn.Parse(src, path)
	var c record.Checker
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		var prev *record.Board
		for _, g := range f.Games {
			prev, _ = FromPBN(g, PBNOptions{Header: f.Header, Previous: prev})
			c.Check(prev)
		}
	}
}

// An rpbridge.net game: the auction leaves out the two passes before West
// opened, so the Declarer tag and the replay disagree, and the opening lead
// says which is right.
func ExampleFromPBN() {
	src := `[Board "2"]
[Dealer "E"]
[Declarer "W"]
[Contract "1NT"]
[Auction "E"]
1NT AP
[Play "N"]
`
	f := pbn.Parse([]byte(src), "rp.pbn")
	b, _ := FromPBN(f.Games[0], PBNOptions{Header: f.Header})
	for _, x := range record.Check(b) {
		fmt.Println(x)
	}
	fmt.Println(b.ContractText(), b.DeclarerText())
	// Output:
	// 3:1: error declarer-mismatch: the file's declarer is W, the auction gives 1NT by E: the auction seems to leave out 2 leading passes; replayed from W it gives W, and so does the opening lead by N; or else W is dummy; E named no-trump first for the side
	// 1NT W
}

// TestPBNKeepsEverything checks that what PBN's import rules ignore is
// kept: a repeated tag, a second auction, a Note outside a section.
func TestPBNKeepsEverything(t *testing.T) {
	t.Parallel()
	src := "[Event \"e\"]\n[Dealer \"N\"]\n[Dealer \"S\"]\n[Note \"1:stray\"]\n[Auction \"N\"]\n1H AP\n[Auction \"N\"]\n2H AP\n"
	boards, _ := pbnBoards(t, "k.pbn", []byte(src))
	b := boards[0]
	if b.Dealer != auction.North || callTexts(b.Auction.Calls) != "1H AP AP AP" {
		t.Errorf("dealer %s calls %q: the first tag and section must count", b.Dealer, callTexts(b.Auction.Calls))
	}
	var kept []string
	for _, tag := range b.Tags {
		kept = append(kept, tag.Name+"="+tag.Value+"|"+strings.TrimSpace(tag.Data))
	}
	if got, want := strings.Join(kept, " "), "Dealer=S| Note=1:stray| Auction=N|2H AP"; got != want {
		t.Errorf("kept tags %q, want %q", got, want)
	}
}

// TestPBNRussian reads a game written with the Russian vocabulary of
// RULES.md: every value comes out in the Board's own terms.
func TestPBNRussian(t *testing.T) {
	t.Parallel()
	src := `[Board "3"]
[Dealer "Ю"]
[Vulnerable "В-З"]
[Deal "С:ТКДВ.ТКД.ТКД.ТКД 10987.В109.В109.В109 6543.876.876.876 2.5432.5432.5432"]
[Declarer "С"]
[Contract "2 Червы с реконтрой"]
[Result "8"]
[Auction "Ю"]
пас пас 1Ч 1П
2Ч контра реконтра пас
пас пас
`
	boards, findings := pbnBoards(t, "ru.pbn", []byte(src))
	b := boards[0]
	for _, f := range findings[0] {
		t.Errorf("unexpected finding %s", f)
	}
	got := fmt.Sprintf("%s %s %v %s %s %s", b.Dealer, b.Vulnerable, b.Deal.Full(), b.File.Contract.Describe(), b.Replayed.Contract.Describe(), b.ContractText())
	if want := "S EW true 2HXX by N 2HXX by N 2HXX"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestKnownPBNTag(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{
		"Event": true, "Hidden": true, "BCFlags": true, "DoubleDummyTricks": true,
		"OptimumResultTable": true, "MyOwnTable": true,
		"Movement": false, "Mood": false, "event": false, "": false,
	} {
		if got := KnownPBNTag(name); got != want {
			t.Errorf("KnownPBNTag(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestDealTwice: a card written twice in one hand is read once into the
// deal, kept apart on the board, reported with the deal's contradictions,
// and the deal's text is written as the file has it, not as read.
func TestDealTwice(t *testing.T) {
	boards := readPBN([]byte("[Board \"1\"]\n[Deal \"N:- - - ...22\"]\n"), "t.pbn")
	if len(boards) != 1 {
		t.Fatalf("%d boards", len(boards))
	}
	b := boards[0]
	if c, _ := auction.ParseCard("C2"); !b.DealTwice[auction.West].Has(c) {
		t.Fatalf("DealTwice %v, want C2 in West's hand", b.DealTwice)
	}
	found := record.Check(b)
	if !slices.ContainsFunc(found, func(d diag.Diagnostic) bool {
		return d.Code == diag.DealInvalid && strings.Contains(d.Message, "C2 is written twice in W's hand")
	}) {
		t.Errorf("findings %v, want deal-invalid naming C2 twice", found)
	}
	if got := pbnDealText(b); got != "N:- - - ...22" {
		t.Errorf("deal written %q, want the file's text", got)
	}
}
