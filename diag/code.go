package diag

// Code is the stable, lower-case name of a kind of diagnostic, such as
// "insufficient-bid". Every code is in [Codes].
type Code string

// Info returns the table entry of c, and whether c is in the table.
func (c Code) Info() (CodeInfo, bool) {
	i, ok := codeIndex[c]
	if !ok {
		return CodeInfo{}, false
	}
	return Codes[i], true
}

// IsSyntax reports whether c is a reader's error: text that was not read.
func (c Code) IsSyntax() bool {
	i, ok := codeIndex[c]
	return ok && Codes[i].Source == Reader && Codes[i].Severity == Error
}

// Source says which part of bridgekit reports a code.
type Source uint8

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=Source -linecomment

// The sources of codes.
const (
	Rules   Source = iota // rules
	Reader                // reader
	Archive               // archive
)

// CodeInfo describes one code.
type CodeInfo struct {
	Code     Code
	Severity Severity // the severity every diagnostic of the code has
	Law      int      // the Law of Duplicate Bridge (2017) concerned; 0 when none or when it varies
	Source   Source
	// Quiet marks a reader's note that an audit does not list: what the
	// reader accepted as written (a call spelt in Russian, a web page
	// holding LIN). The reader still reports it to a program that asks.
	Quiet   bool
	Summary string
}

// The codes of the rules engine and of the converters that build boards.
const (
	InsufficientBid      Code = "insufficient-bid"
	InadmissibleDouble   Code = "inadmissible-double"
	InadmissibleRedouble Code = "inadmissible-redouble"
	CallAfterAuction     Code = "call-after-auction"
	BidAboveSeven        Code = "bid-above-seven"
	NotACall             Code = "not-a-call"
	AuctionIncomplete    Code = "auction-incomplete"
	AuctionStart         Code = "auction-start"
	Irregularity         Code = "irregularity"
	ContractMismatch     Code = "contract-mismatch"
	DeclarerMismatch     Code = "declarer-mismatch"
	ResultMismatch       Code = "result-mismatch"
	ScoreMismatch        Code = "score-mismatch"
	DealInvalid          Code = "deal-invalid"
	BoardDealer          Code = "board-dealer"
	BoardVulnerability   Code = "board-vulnerability"
	PlayIllegal          Code = "play-illegal"
	Revoke               Code = "revoke"
	ClaimImpossible      Code = "claim-impossible"
	UnknownValue         Code = "unknown-value"
	UnreadableValue      Code = "unreadable-value"
	UnreadableCall       Code = "unreadable-call"
	UnreadableCard       Code = "unreadable-card"
	PlayRotated          Code = "play-rotated"
	UnknownTag           Code = "unknown-tag"
)

// The codes of the archive workers.
const (
	Encoding           Code = "encoding"
	DuplicateDeal      Code = "duplicate-deal"
	MoreFindings       Code = "more-findings"
	DuplicateIndexFull Code = "duplicate-index-full"
)

// The codes of the readers that other packages name.
const (
	Syntax          Code = "syntax"
	TooManyProblems Code = "too-many-problems"
	LINUnknownLabel Code = "lin-unknown-label"
	RussianToken    Code = "russian-token"
)

// Codes is every code, rules first, then the archive's, then the
// readers' in name order.
var Codes = []CodeInfo{
	{InsufficientBid, Error, 27, Rules, false, "a bid that does not rank above the last bid"},
	{InadmissibleDouble, Error, 36, Rules, false, "a double of no bid, of one's own side's bid, or of a bid already doubled"},
	{InadmissibleRedouble, Error, 36, Rules, false, "a redouble with no opponents' double standing"},
	{CallAfterAuction, Error, 39, Rules, false, "a call after the auction has ended"},
	{BidAboveSeven, Error, 38, Rules, false, "a bid of eight or more"},
	{NotACall, Error, 0, Rules, false, "a value that is not one of the 38 calls, given to the rules engine by a program (files give unreadable-call)"},
	{AuctionIncomplete, Warning, 0, Rules, false, "the auction stops before three closing passes"},
	{AuctionStart, Error, 0, Rules, false, "the auction does not start with the dealer"},
	{Irregularity, Info, 0, Rules, false, "an irregularity accepted at the table: ^I, ^S, ^R, ^L, a swapped declarer, an agreed result"},
	{ContractMismatch, Error, 0, Rules, false, "the file's contract differs from the auction's"},
	{DeclarerMismatch, Error, 0, Rules, false, "the file's declarer differs from the auction's"},
	{ResultMismatch, Error, 0, Rules, false, "the file's result differs from the play or the claim"},
	{ScoreMismatch, Warning, 77, Rules, false, "the file's score differs from the score of its contract and result"},
	{DealInvalid, Error, 0, Rules, false, "a deal with a card twice or hands of impossible sizes"},
	{BoardDealer, Warning, 0, Rules, false, "the dealer differs from the board number's"},
	{BoardVulnerability, Warning, 0, Rules, false, "the vulnerability differs from the board number's"},
	{PlayIllegal, Error, 0, Rules, false, "a card that cannot be played there: not in the hand, played twice, out of turn"},
	{Revoke, Error, 61, Rules, false, "a card that fails to follow suit, not marked ^R"},
	{ClaimImpossible, Error, 68, Rules, false, "a claim of more tricks than are left or fewer than are won"},
	{UnknownValue, Info, 0, Rules, false, `values given as "?" (unknown)`},
	{UnreadableValue, Warning, 0, Rules, false, "a value that cannot be read (a dealer \"Black\"); it is kept as written"},
	{UnreadableCall, Error, 0, Rules, false, "text in an auction that is not a call; the replay stops there"},
	{UnreadableCard, Error, 0, Rules, false, "text in a play that is not a card; the replay stops there"},
	{PlayRotated, Warning, 0, Rules, false, "a trick whose cards fit the hands only when read from another seat; it is read so"},
	{UnknownTag, Info, 0, Rules, false, "tags that PBN 2.1 does not define, or LIN labels no reader knows; kept as written"},

	{Encoding, Info, 0, Archive, false, "the character encoding the reader chose, and why"},
	{DuplicateDeal, Info, 0, Archive, false, "a deal seen before under another board, or a board seen before with another deal, naming both places"},
	{DuplicateIndexFull, Info, 0, Archive, false, "the index of deals is full (about half a million; see `--duplicates-memory`): repeats of later new deals are not looked for; said once, at the board where it filled"},
	{MoreFindings, Info, 0, Archive, false, "a board with more than 100 findings: the first 100 are listed, and this one counts the rest (its severity is the worst of them)"},

	{"alert-star", Warning, 0, Reader, false, "a PBN alert written as a `*` after the call; read as an alert"},
	{"all-pass-two-words", Warning, 0, Reader, false, `"All Pass" written as two tokens; read as AP`},
	{"annotation", Error, 0, Reader, false, "a suffix, note reference or NAG that is malformed, out of range or follows nothing"},
	{"backslash-quote", Warning, 0, Reader, false, `a quote escaped as \" inside a tag value; read as a quote`},
	{"bad-token", Error, 0, Reader, false, "text in an auction or play section that is no call, card or annotation"},
	{"binary", Error, 0, Reader, false, "a NUL byte: binary data, not PBN"},
	{"bracket-in-value", Warning, 0, Reader, false, "a ']' inside a quoted tag value; kept in the value"},
	{"comment-in-table", Error, 0, Reader, false, "a comment inside a table, where PBN allows none"},
	{"continuation", Error, 0, Reader, false, "a '*' or '+' mark out of place in an auction or play"},
	{"control-char", Warning, 0, Reader, false, "a control character in the text; kept"},
	{"duplicate-tag", Warning, 0, Reader, false, "a tag given twice in one game; the first is used"},
	{"game-too-large", Error, 0, Reader, false, "a game longer than the reader holds (16 MiB); the rest is skipped"},
	{"inherit-forbidden", Error, 0, Reader, false, "a `#` value in a tag that PBN forbids to inherit"},
	{"lin-board-number", Info, 0, Reader, true, "qx and ah name different boards; ah is taken"},
	{"lin-call", Warning, 0, Reader, false, "an mb value read with a repair (a Russian or odd spelling)"},
	{"lin-card", Warning, 0, Reader, false, "a pc value read with a repair"},
	{"lin-container", Info, 0, Reader, true, "LIN found inside a web page, a handviewer link or another container"},
	{"lin-deal", Warning, 0, Reader, false, "an md value read with a repair, or one with more than four hands"},
	{"lin-deal-empty", Error, 0, Reader, false, "an md value with no hands"},
	{"lin-dealer", Warning, 0, Reader, false, "an md dealer digit out of range; the board number's dealer is used"},
	{"lin-empty", Warning, 0, Reader, false, "a LIN pair with an empty value where one is needed"},
	{"lin-event", Warning, 0, Reader, false, "a vg header with commas in its event name, read as part of the name"},
	{"lin-grammar", Error, 0, Reader, false, "a LIN value that does not fit its label's grammar"},
	{"lin-hand", Warning, 0, Reader, false, "an md hand read with a repair (a repeated suit, lower case)"},
	{"lin-junk", Error, 0, Reader, false, "text that is not a label|value| pair; skipped"},
	{"lin-label", Error, 0, Reader, false, "a label that is not two letters; skipped"},
	{"lin-line-break", Warning, 0, Reader, false, "a line break inside a LIN record"},
	{"lin-link", Info, 0, Reader, true, "a link to LIN held elsewhere"},
	{"lin-missing-bar", Warning, 0, Reader, false, "a LIN value whose closing bar is missing"},
	{"lin-names", Warning, 0, Reader, false, "a pn value with more or fewer than four names"},
	{"lin-no-boards", Warning, 0, Reader, false, "a LIN record without a deal, calls or cards"},
	{"lin-no-records", Warning, 0, Reader, false, "a LIN file without a record"},
	{"lin-none", Error, 0, Reader, false, "a web page or link that holds no LIN"},
	{"lin-note", Warning, 0, Reader, false, "a LIN nt or an alert that is read with a repair"},
	{"lin-order", Error, 0, Reader, false, "a LIN pair out of order (a call after the play has begun)"},
	{"lin-result", Error, 0, Reader, false, "an rs result that cannot be read"},
	{"lin-stray-bar", Warning, 0, Reader, false, "a stray '|' between LIN pairs"},
	{"lin-sv-missing", Warning, 0, Reader, false, "a LIN deal without sv (vulnerability); the board number's is used"},
	{"lin-too-long", Error, 0, Reader, false, "a LIN record longer than the reader holds; the rest is skipped"},
	{"lin-too-many", Warning, 0, Reader, false, "more than 64 problems in a LIN record or stretch; the rest are not listed"},
	{"lin-too-many-pairs", Error, 0, Reader, false, "a LIN record of more than 20,000 pairs; the rest is skipped"},
	{"lin-unclosed", Warning, 0, Reader, false, "a LIN record whose last value is not closed"},
	{LINUnknownLabel, Warning, 0, Reader, true, "a LIN label no reader knows (the converter reports it as unknown-tag)"},
	{"long-line", Warning, 0, Reader, false, "a line longer than PBN's 255 characters"},
	{"lowercase-token", Warning, 0, Reader, false, "a call or card in lower case"},
	{"missing-blank-line", Warning, 0, Reader, false, "games not separated by an empty line"},
	{"note-detached", Warning, 0, Reader, false, "a [Note] tag away from its section"},
	{"note-ref", Error, 0, Reader, false, "a note reference =n= with no [Note] of that number"},
	{"note-tag", Error, 0, Reader, false, "a [Note] outside an auction or play, or given twice"},
	{"note-unused", Warning, 0, Reader, false, "a [Note] that no =n= refers to"},
	{"prose-outside-tag", Warning, 0, Reader, false, "text outside tags and sections; skipped"},
	{"read", Error, 0, Reader, false, "the input could not be read to its end"},
	{"redouble-r", Warning, 0, Reader, false, "a redouble written R; read as XX"},
	{RussianToken, Info, 0, Reader, true, "a call, card or seat written in Russian"},
	{"space-separated-columns", Warning, 0, Reader, false, "a table whose columns are separated by spaces"},
	{"split-call", Warning, 0, Reader, false, `a call split in two tokens ("1 NT"); read as one`},
	{Syntax, Error, 0, Reader, false, "text the reader cannot read as PBN or LIN, with the reader's position; or a file that is neither"},
	{"tab", Warning, 0, Reader, false, "a tab in the text"},
	{"table", Error, 0, Reader, false, "a table with a malformed column, row or element"},
	{"tag-name", Warning, 0, Reader, false, "a tag name that does not begin with an upper-case letter"},
	{"tag-name-missing", Error, 0, Reader, false, "a '[' not followed by a tag name; skipped"},
	{"tag-unclosed", Error, 0, Reader, false, "a tag whose ']' is missing"},
	{"tag-value", Error, 0, Reader, false, "a tag without a quoted value"},
	{"too-many-errors", Error, 0, Reader, false, "more errors in a game than are listed"},
	{TooManyProblems, Warning, 0, Reader, false, "more than 1,000 problems in a file outside its games; the rest are not listed"},
	{"too-many-tokens", Error, 0, Reader, false, "a section of more than 2,048 tokens; the rest is skipped"},
	{"trailing-space", Warning, 0, Reader, false, "spaces at the end of a line"},
	{"unescaped-quote", Warning, 0, Reader, false, "a quote inside a tag value that is not escaped; kept in the value"},
	{"unquoted-value", Warning, 0, Reader, false, "a tag value without quotes"},
	{"unterminated-comment", Error, 0, Reader, false, "a { comment that does not end"},
	{"unterminated-string", Error, 0, Reader, false, "a quoted value that does not end"},
}

var codeIndex = func() map[Code]int {
	m := make(map[Code]int, len(Codes))
	for i, c := range Codes {
		m[c.Code] = i
	}
	return m
}()
