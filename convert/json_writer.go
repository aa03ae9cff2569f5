package convert

import (
	"bytes"
	"cmp"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/auction"
	"github.com/bridgekit/bridgekit/record"
	"github.com/bridgekit/bridgekit/scoring"
)

// JSONWriter writes boards as JSON Lines: one JSON object per board and
// line, with the schema the package documentation gives. Keys come in a
// fixed order and every key is always present (null or empty when the
// board has nothing for it), so that the output of two runs compares line
// by line.
//
// A JSONWriter must not be used concurrently. Create one with
// NewJSONWriter.
type JSONWriter struct {
	w     io.Writer
	check record.Checker
	buf   bytes.Buffer
	enc   *json.Encoder
	err   error // a write error of w; every later call returns it
}

// NewJSONWriter returns a writer of JSON Lines to w.
func NewJSONWriter(w io.Writer) *JSONWriter {
	jw := &JSONWriter{w: w}
	jw.enc = json.NewEncoder(&jw.buf)
	jw.enc.SetEscapeHTML(false)
	return jw
}

// WriteBoard writes b as one line. A board that has not been replayed is
// replayed first (record.Check). The error is a *WriteError naming the
// board.
func (jw *JSONWriter) WriteBoard(b *record.Board) error {
	return jw.write(b, nil)
}

// WriteRoom writes b as WriteBoard does, with its imps: what its
// North–South won against the other room of the team-match board, as a
// scoring.RoomIndex finds it (RoomRef.IMPs).
func (jw *JSONWriter) WriteRoom(b *record.Board, imps int) error {
	return jw.write(b, &imps)
}

// WriteSolved writes b as WriteRoom does (imps nil when there are none),
// with two keys more at the end of the line: "dd", the double-dummy table
// sol holds, by declarer and then strain ({"N": {"C": 9, "D": 7, "H": 8,
// "S": 10, "NT": 8}, "E": …}), and "par", its par for North–South with
// the contracts that give it ({"score": 420, "contracts": ["4S N"]}). Each
// is null when sol has no table, and par when the vulnerability or the
// dealer is not known.
func (jw *JSONWriter) WriteSolved(b *record.Board, imps *int, sol *scoring.Solution) error {
	return jw.encode(b, imps, func(j *jsonBoard) any {
		x := &jsonSolved{jsonBoard: j}
		if sol != nil && sol.Solved {
			x.DD = &jsonDD{}
			for i, row := range []*jsonDDRow{&x.DD.N, &x.DD.E, &x.DD.S, &x.DD.W} {
				t := sol.Table[i]
				*row = jsonDDRow{t[auction.Clubs], t[auction.Diamonds], t[auction.Hearts], t[auction.Spades], t[auction.NoTrump]}
			}
		}
		if par, ok := sol.Par(b); ok {
			x.Par = &jsonPar{Score: par.Score, Contracts: []string{}}
			for _, c := range par.Contracts {
				x.Par.Contracts = append(x.Par.Contracts, c.Declared())
			}
		}
		return x
	})
}

// jsonSolved is a line of WriteSolved: the board's keys, then dd and par.
type jsonSolved struct {
	*jsonBoard
	DD  *jsonDD  `json:"dd"`
	Par *jsonPar `json:"par"`
}

// jsonDD is a double-dummy table: declarer's tricks by seat and strain.
type jsonDD struct {
	N, E, S, W jsonDDRow
}

type jsonDDRow struct {
	C  int8 `json:"C"`
	D  int8 `json:"D"`
	H  int8 `json:"H"`
	S  int8 `json:"S"`
	NT int8 `json:"NT"`
}

type jsonPar struct {
	Score     int      `json:"score"`
	Contracts []string `json:"contracts"`
}

func (jw *JSONWriter) write(b *record.Board, imps *int) error {
	return jw.encode(b, imps, func(j *jsonBoard) any { return j })
}

// encode writes the line that line makes of b's record, with its imps.
func (jw *JSONWriter) encode(b *record.Board, imps *int, line func(*jsonBoard) any) error {
	if jw.err != nil {
		return jw.err
	}
	if b == nil {
		return boardError(b, errNilBoard)
	}
	replayed(&jw.check, b)
	jw.buf.Reset()
	j := jsonRecord(b)
	j.IMPs = imps
	if err := jw.enc.Encode(line(j)); err != nil {
		return boardError(b, err)
	}
	if _, err := jw.w.Write(jw.buf.Bytes()); err != nil {
		jw.err = boardError(b, err)
	}
	return jw.err
}

// Close returns the first write error, if any. It does not close the
// underlying writer.
func (jw *JSONWriter) Close() error { return jw.err }

// jsonBoard is one line of the JSON output. The order of its fields is the
// order of the keys.
type jsonBoard struct {
	File            string            `json:"file"`
	Format          string            `json:"format"`
	Game            int               `json:"game"`
	Board           *int              `json:"board"`
	Label           *string           `json:"label"`
	Match           *Match            `json:"match"`
	Event           *string           `json:"event"`
	Site            *string           `json:"site"`
	Date            *string           `json:"date"`
	Room            *string           `json:"room"`
	Players         jsonPlayers       `json:"players"`
	Dealer          *string           `json:"dealer"`
	Vulnerable      *string           `json:"vulnerable"`
	Deal            *string           `json:"deal"`
	Scoring         *string           `json:"scoring"`
	Auction         *jsonAuction      `json:"auction"`
	Contract        *string           `json:"contract"`
	Declarer        *string           `json:"declarer"`
	Result          *int              `json:"result"`
	Claim           *int              `json:"claim"`
	Score           *int              `json:"score"`
	IMPs            *int              `json:"imps"`
	Play            []string          `json:"play"`
	PlayAnnotations []jsonAnnotation  `json:"play_annotations"`
	PlayNotes       []jsonNote        `json:"play_notes"`
	Tables          []jsonTable       `json:"tables"`
	Comments        []string          `json:"comments"`
	Tags            map[string]string `json:"tags"`
	FileSays        jsonFileSays      `json:"file_says"`
}

type jsonPlayers struct {
	N *string `json:"N"`
	E *string `json:"E"`
	S *string `json:"S"`
	W *string `json:"W"`
}

type jsonAuction struct {
	First       string           `json:"first"`
	Calls       []string         `json:"calls"`
	Annotations []jsonAnnotation `json:"annotations"`
	Notes       []jsonNote       `json:"notes"`
}

// jsonAnnotation is what one call or card carries besides itself; only
// what it has is written.
type jsonAnnotation struct {
	Index       int      `json:"index"`
	Alert       bool     `json:"alert,omitempty"`
	Note        int      `json:"note,omitempty"`
	NAGs        []int    `json:"nags,omitempty"`
	Comments    []string `json:"comments,omitempty"`
	Accepted    bool     `json:"insufficient_accepted,omitempty"`
	Revoke      bool     `json:"revoke,omitempty"`
	OutOfTurn   bool     `json:"lead_out_of_turn,omitempty"`
	Unreadable  bool     `json:"unreadable,omitempty"`
	AllPassMark bool     `json:"all_pass,omitempty"`
}

type jsonNote struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
}

type jsonTable struct {
	Name    string     `json:"name"`
	Columns []string   `json:"columns"`
	Rows    [][]string `json:"rows"`
}

// jsonFileSays holds the file's own contract, declarer and result where
// they differ from what is written.
type jsonFileSays struct {
	Contract *string `json:"contract,omitempty"`
	Declarer *string `json:"declarer,omitempty"`
	Result   any     `json:"result,omitempty"`
}

// known returns the value of a tag the file gives, nil when it does not or
// gives "?" (unknown).
func known(t *record.Tag) *string {
	if !t.Present() || t.Unknown() {
		return nil
	}
	v := t.Value
	return &v
}

func ptr[T any](v T) *T { return &v }

// A Match is the identity of the team match a board was played in: a LIN
// vugraph header's vg, or the PBN tags that carry it (Round or Stage,
// HomeTeam, VisitTeam, HomeCarryOver, VisitCarryOver). Empty fields are
// not known.
type Match struct {
	Event      string `json:"event,omitempty"`
	Segment    string `json:"segment,omitempty"`
	Scoring    string `json:"scoring,omitempty"`
	First      int    `json:"first_board,omitempty"`
	Last       int    `json:"last_board,omitempty"`
	Home       string `json:"home,omitempty"`
	HomeCarry  string `json:"home_carry_over,omitempty"`
	Visit      string `json:"visit,omitempty"`
	VisitCarry string `json:"visit_carry_over,omitempty"`
}

// MatchOf returns the match b was played in, and whether it names one.
func MatchOf(b *record.Board) (Match, bool) {
	if b.LIN != nil && b.LIN.Vugraph != nil {
		f := &b.LIN.Vugraph.Fields
		first, _ := strconv.Atoi(f[3])
		last, _ := strconv.Atoi(f[4])
		return Match{Event: f[0], Segment: f[1], Scoring: f[2], First: first, Last: last,
			Home: f[5], HomeCarry: f[6], Visit: f[7], VisitCarry: f[8]}, true
	}
	tag := func(name string) string {
		if t := b.Field(name); t != nil && known(t) != nil {
			return strings.TrimSpace(t.Value)
		}
		return ""
	}
	m := Match{Segment: cmp.Or(tag("Round"), tag("Stage")), Home: tag("HomeTeam"), HomeCarry: tag("HomeCarryOver"),
		Visit: tag("VisitTeam"), VisitCarry: tag("VisitCarryOver")}
	if m.Home == "" && m.Visit == "" {
		return Match{}, false
	}
	m.Event = tag("Event")
	m.Scoring = linScoringLetter(b.Scoring.Value)
	return m, true
}

// noCards reports whether a deal as written holds no card at all, only a
// dealer, separators or nothing (LIN "md|,,,|", PBN ""): a deal not known,
// which JSON gives as null like every value not known.
func noCards(deal string) bool {
	return strings.Trim(deal, "0123456789,.:-NESW ") == ""
}

// jsonRecord maps b onto the JSON schema.
func jsonRecord(b *record.Board) *jsonBoard {
	j := &jsonBoard{
		File: b.Source.File, Format: b.Source.Format.String(), Game: b.Source.Game,
		Event: known(&b.Event), Site: known(&b.Site), Date: known(&b.Date), Scoring: known(&b.Scoring),
		Players: jsonPlayers{
			N: known(&b.Players[auction.North]), E: known(&b.Players[auction.East]),
			S: known(&b.Players[auction.South]), W: known(&b.Players[auction.West]),
		},
		Play: []string{}, PlayAnnotations: []jsonAnnotation{}, PlayNotes: []jsonNote{},
		Tables: []jsonTable{}, Comments: []string{}, Tags: map[string]string{},
	}
	if b.Number > 0 {
		j.Board = ptr(b.Number)
	}
	if l := b.BoardLabel(); l != "" && l != strconv.Itoa(b.Number) {
		j.Label = ptr(l)
	}
	if m, ok := MatchOf(b); ok {
		j.Match = &m
	}
	if b.Room != record.RoomUnknown {
		j.Room = ptr(b.Room.String())
	}
	if b.DealerKnown {
		j.Dealer = ptr(b.Dealer.String())
	}
	if b.VulnerableKnown {
		j.Vulnerable = ptr(b.Vulnerable.String())
	}
	if dealRead(b) || known(&b.DealTag) != nil && !noCards(b.DealTag.Value) {
		j.Deal = ptr(pbnDealText(b))
	}
	if b.Auction.Present {
		j.Auction = jsonCalls(&b.Auction)
	}
	j.outcome(b)
	for i := range b.Play.Cards {
		c := &b.Play.Cards[i]
		text := c.Card.String()
		if !c.Card.Valid() && c.Text != "" {
			text = c.Text
		}
		j.Play = append(j.Play, text)
		a := jsonAnnotationOf(i, &c.Annotations, true)
		a.Revoke, a.OutOfTurn = c.Revoke, c.OutOfTurn
		a.Unreadable = !c.Card.Valid() && text != "-" && text != "+"
		if a.set() {
			j.PlayAnnotations = append(j.PlayAnnotations, a)
		}
	}
	j.PlayNotes = jsonNotes(b.Play.Notes)
	for i := range b.Tables {
		j.Tables = append(j.Tables, jsonTableOf(&b.Tables[i]))
	}
	// The commentary before a board, at the start of its auction and of
	// its play (LIN's nt before the first call or card), then that of
	// its tags.
	for _, cs := range [][]record.Comment{b.Leading, b.Auction.Comments, b.Play.Comments} {
		for _, c := range cs {
			j.Comments = append(j.Comments, toLF(c.Text))
		}
	}
	for _, t := range typedFields(b) {
		for _, c := range t.t.Comments {
			j.Comments = append(j.Comments, toLF(c.Text))
		}
	}
	if t := &b.File.ScoreTag; t.Present() {
		j.Tags["Score"] = t.Value
	}
	if t := &b.RoomTag; t.Present() && b.Room == record.RoomUnknown {
		j.Tags["Room"] = t.Value
	}
	for i := range b.Tags {
		t := &b.Tags[i]
		if _, ok := j.Tags[t.Name]; !ok {
			j.Tags[t.Name] = t.Value
		}
		for _, c := range t.Comments {
			j.Comments = append(j.Comments, toLF(c.Text))
		}
	}
	return j
}

// outcome fills the contract, declarer, result and claim written, and what
// the file says where it differs.
func (j *jsonBoard) outcome(b *record.Board) {
	f := b.Final()
	passed := f.ContractKnown && f.Contract.PassedOut()
	if f.ContractKnown {
		j.Contract = ptr(f.Contract.String())
	}
	if f.DeclarerKnown && !passed {
		j.Declarer = ptr(f.Contract.Declarer.String())
	}
	if f.TricksKnown && !passed {
		j.Result = ptr(f.Tricks)
	}
	if b.Play.Claimed {
		j.Claim = ptr(b.Play.Claim)
	}
	if n, ok := scoring.NSScore(b); ok {
		j.Score = ptr(n)
	}
	dec, con, res := outcomeTexts(b)
	file := &b.File
	says := func(t *record.Tag, read bool, canonical, written string) *string {
		if !t.Present() || t.Unknown() {
			return nil
		}
		v := strings.TrimSpace(t.Value)
		if read {
			v = canonical
		}
		if v == written {
			return nil
		}
		return &v
	}
	j.FileSays.Contract = says(&file.ContractTag, file.ContractKnown, file.Contract.String(), con)
	swapped := ""
	if file.Swapped {
		swapped = "^"
	}
	j.FileSays.Declarer = says(&file.DeclarerTag, file.DeclarerKnown, swapped+file.Declarer.String(), dec)
	agreed := ""
	if file.Agreed {
		agreed = "^"
	}
	if r := says(&file.ResultTag, file.TricksKnown, agreed+strconv.Itoa(file.Tricks), res); r != nil {
		j.FileSays.Result = *r
		if file.TricksKnown && !file.Agreed {
			j.FileSays.Result = file.Tricks
		}
	}
}

// jsonCalls maps an auction: the first seat, the calls in canonical form
// ("^S" for a skipped turn, the text of what is not a call), and the
// annotations of the calls that have any.
func jsonCalls(rec *record.AuctionRecord) *jsonAuction {
	a := &jsonAuction{First: rec.First.String(), Calls: []string{}, Annotations: []jsonAnnotation{}}
	for i := range rec.Calls {
		c := &rec.Calls[i]
		text := c.Text
		switch {
		case c.Skip:
			text = "^S"
		case c.Call.Valid():
			text = c.Call.String()
		}
		a.Calls = append(a.Calls, text)
		ann := jsonAnnotationOf(i, &c.Annotations, false)
		ann.Accepted, ann.AllPassMark = c.Accepted, c.AllPass
		ann.Unreadable = !c.Readable()
		if ann.set() {
			a.Annotations = append(a.Annotations, ann)
		}
	}
	a.Notes = jsonNotes(rec.Notes)
	return a
}

// jsonAnnotationOf maps the annotations of call or card i, the suffix
// turned into its NAG.
func jsonAnnotationOf(i int, an *record.Annotations, card bool) jsonAnnotation {
	a := jsonAnnotation{Index: i, Alert: an.Alert, Note: an.Note}
	if len(an.NAGs) > 0 || an.Suffix != "" {
		a.NAGs = append([]int(nil), an.NAGs...)
		if n := qualityNAG(an.Suffix, card); n > 0 {
			a.NAGs = append(a.NAGs, n)
		}
		slices.Sort(a.NAGs)
	}
	for _, c := range an.Comments {
		a.Comments = append(a.Comments, toLF(c.Text))
	}
	return a
}

// set reports whether a says anything besides its index.
func (a jsonAnnotation) set() bool {
	return a.Alert || a.Note > 0 || len(a.NAGs) > 0 || len(a.Comments) > 0 ||
		a.Accepted || a.Revoke || a.OutOfTurn || a.Unreadable || a.AllPassMark
}

func jsonNotes(ns []record.Note) []jsonNote {
	out := []jsonNote{}
	for _, n := range ns {
		out = append(out, jsonNote{Number: n.Number, Text: n.Text})
	}
	return out
}

func jsonTableOf(t *record.Table) jsonTable {
	out := jsonTable{Name: t.Tag.Name, Columns: []string{}, Rows: [][]string{}}
	for _, c := range t.Columns {
		out.Columns = append(out.Columns, c.Name)
	}
	for _, row := range t.Rows {
		r := make([]string, len(row))
		for i, c := range row {
			r[i] = c.Text
		}
		out.Rows = append(out.Rows, r)
	}
	return out
}
