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
	Export                // export
)

// CodeInfo describes one code.
type CodeInfo struct {
	Code Code
	// Severity is the severity every diagnostic of the code has, but for
	// one that Varies: that of the diagnostics it stands for.
	Severity Severity
	Varies   bool
	Law      int // the Law of Duplicate Bridge (2017) concerned; 0 when none or when it varies
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
	ScoringUnknown       Code = "scoring-unknown"
	DDTableInvalid       Code = "dd-table-invalid"
	ParMismatch          Code = "par-mismatch"
	DDWrong              Code = "dd-wrong"
	DDParWrong           Code = "dd-par-wrong"
	DDBudget             Code = "dd-budget"
	DDClaim              Code = "dd-claim"
	ScoreTableScore      Code = "scoretable-score"
	ScoreTablePoints     Code = "scoretable-points"
	ScoreTableMissing    Code = "scoretable-missing"
	ScoreTableLead       Code = "scoretable-lead"
	ScoreTableUnread     Code = "scoretable-unread"
	RoomsDiffer          Code = "rooms-differ"
	IMPMismatch          Code = "imp-mismatch"
	PointsMismatch       Code = "points-mismatch"
	CarryOverMismatch    Code = "carry-over-mismatch"
	TotalMismatch        Code = "total-mismatch"
	VPMismatch           Code = "vp-mismatch"
	UnknownTag           Code = "unknown-tag"
	UnreadCalls          Code = "unread-calls"
	UncheckedNumbers     Code = "unchecked-numbers"
)

// The codes of the archive workers.
const (
	Encoding           Code = "encoding"
	DuplicateDeal      Code = "duplicate-deal"
	MoreFindings       Code = "more-findings"
	DuplicateIndexFull Code = "duplicate-index-full"
)

// The codes of the export-format certifier (package certify).
const (
	ExportLineEnd   Code = "export-line-end"
	ExportSeparator Code = "export-separator"
	ExportTagForm   Code = "export-tag-form"
	ExportMissing   Code = "export-missing"
	ExportOrder     Code = "export-order"
	ExportForm      Code = "export-form"
	ExportLayout    Code = "export-layout"
	ExportCharset   Code = "export-charset"
	ExportHeader    Code = "export-header"
)

// The codes of the readers that other packages name.
const (
	Syntax          Code = "syntax"
	TooManyProblems Code = "too-many-problems"
	LINUnknownLabel Code = "lin-unknown-label"
	RussianToken    Code = "russian-token"
)

// Codes is every code, rules first, then the archive's, then the export
// format's, then the readers' in name order.
var Codes = []CodeInfo{
	{Code: InsufficientBid, Severity: Error, Law: 27, Source: Rules, Summary: "a bid that does not rank above the last bid"},
	{Code: InadmissibleDouble, Severity: Error, Law: 36, Source: Rules, Summary: "a double of no bid, of one's own side's bid, or of a bid already doubled"},
	{Code: InadmissibleRedouble, Severity: Error, Law: 36, Source: Rules, Summary: "a redouble with no opponents' double standing"},
	{Code: CallAfterAuction, Severity: Error, Law: 39, Source: Rules, Summary: "a call after the auction has ended"},
	{Code: BidAboveSeven, Severity: Error, Law: 38, Source: Rules, Summary: "a bid of eight or more"},
	{Code: NotACall, Severity: Error, Source: Rules, Summary: "a value that is not one of the 38 calls, given to the rules engine by a program (files give unreadable-call)"},
	{Code: AuctionIncomplete, Severity: Warning, Source: Rules, Summary: "the auction stops before three closing passes"},
	{Code: AuctionStart, Severity: Error, Source: Rules, Summary: "the auction does not start with the dealer"},
	{Code: Irregularity, Severity: Info, Source: Rules, Summary: "an irregularity accepted at the table: ^I, ^S, ^R, ^L, a swapped declarer, an agreed result"},
	{Code: ContractMismatch, Severity: Error, Source: Rules, Summary: "the file's contract differs from the auction's"},
	{Code: DeclarerMismatch, Severity: Error, Source: Rules, Summary: "the file's declarer differs from the auction's"},
	{Code: ResultMismatch, Severity: Error, Source: Rules, Summary: "the file's result differs from the play or the claim"},
	{Code: ScoreMismatch, Severity: Warning, Law: 77, Source: Rules, Summary: "the file's score differs from the score of its contract and result"},
	{Code: DealInvalid, Severity: Error, Source: Rules, Summary: "a deal with a card twice or hands of impossible sizes"},
	{Code: BoardDealer, Severity: Warning, Source: Rules, Summary: "the dealer differs from the board number's"},
	{Code: BoardVulnerability, Severity: Warning, Source: Rules, Summary: "the vulnerability differs from the board number's"},
	{Code: PlayIllegal, Severity: Error, Source: Rules, Summary: "a card that cannot be played there: not in the hand, played twice, out of turn"},
	{Code: Revoke, Severity: Error, Law: 61, Source: Rules, Summary: "a card that fails to follow suit, not marked ^R"},
	{Code: ClaimImpossible, Severity: Error, Law: 68, Source: Rules, Summary: "a claim of more tricks than are left or fewer than are won"},
	{Code: UnknownValue, Severity: Info, Source: Rules, Summary: `values given as "?" (unknown)`},
	{Code: UnreadableValue, Severity: Warning, Source: Rules, Summary: "a value that cannot be read (a dealer \"Black\"); it is kept as written"},
	{Code: UnreadableCall, Severity: Error, Source: Rules, Summary: "text in an auction that is not a call; the replay stops there"},
	{Code: UnreadableCard, Severity: Error, Source: Rules, Summary: "text in a play that is not a card; the replay stops there"},
	{Code: PlayRotated, Severity: Warning, Source: Rules, Summary: "a trick whose cards fit the hands only when read from another seat; it is read so"},
	{Code: ScoringUnknown, Severity: Info, Source: Rules, Summary: "a Scoring method bridgekit does not know; the board's traveller is not checked against it"},
	{Code: DDTableInvalid, Severity: Warning, Source: Rules, Summary: "a double-dummy table (OptimumResultTable, DoubleDummyTricks, Deep Finesse's Ability, PS Bridge's %%!R line) with an impossible entry, or two that disagree"},
	{Code: ParMismatch, Severity: Warning, Source: Rules, Summary: "an OptimumScore, ParContract (or a program's own par: BEN's ParScore, Deep Finesse's Minimax) that is not the par of the board's own double-dummy table (a par by either side's bidding first, or another contract scoring it, agrees)"},
	{Code: DDWrong, Severity: Warning, Source: Rules, Summary: "with `audit --dd`: a double-dummy entry (OptimumResultTable, DoubleDummyTricks, Ability) that the solver finds otherwise; the finding gives the true number"},
	{Code: DDParWrong, Severity: Warning, Source: Rules, Summary: "with `audit --dd`: a stated par (OptimumScore, ParContract, ParScore, Minimax) that is not the par of the deal as the solver solves it (by the rules of par-mismatch)"},
	{Code: DDBudget, Severity: Info, Source: Rules, Summary: "with `audit --dd`: a deal the solver did not solve within `--dd-budget`; its double-dummy entries and par are left unchecked"},
	{Code: DDClaim, Severity: Info, Source: Rules, Summary: "with `audit --dd`: a claim (LIN mc, a PBN play cut short with its Result) that gives declarer's side other tricks than double-dummy play from there (players are not double dummy)"},
	{Code: ScoreTableScore, Severity: Warning, Law: 77, Source: Rules, Summary: "a traveller row whose score is not that of its contract, declarer and result"},
	{Code: ScoreTablePoints, Severity: Warning, Law: 78, Source: Rules, Summary: "a traveller row whose matchpoints, IMPs or percentage do not follow from the board's rows under its scoring"},
	{Code: ScoreTableMissing, Severity: Warning, Source: Rules, Summary: "a traveller that lacks the result the game itself records"},
	{Code: ScoreTableLead, Severity: Warning, Law: 41, Source: Rules, Summary: "a traveller row whose opening lead is not in the hand of declarer's left-hand opponent by the board's deal, or is not the first card of the play the row's LIN holds"},
	{Code: ScoreTableUnread, Severity: Warning, Source: Rules, Summary: "a traveller row whose contract, declarer or result is given but does not read, so that its score is not checked against it"},
	{Code: RoomsDiffer, Severity: Warning, Varies: true, Source: Archive, Summary: "the two rooms of a team-match board hold different deals (info when one is the other written from another seat)"},
	{Code: IMPMismatch, Severity: Warning, Law: 78, Source: Archive, Summary: "a board's IMPs (PBN's ScoreIMP, a USEBIO match board's IMPS) that are not the IMPs of its two rooms' scores"},
	{Code: PointsMismatch, Severity: Warning, Law: 78, Source: Archive, Summary: "a game's ScoreIMP, ScoreMP or ScorePercentage that is not what its own traveller gives the board's score"},
	{Code: CarryOverMismatch, Severity: Warning, Source: Archive, Summary: "a vugraph segment whose carry-over is not the segment before's plus the IMPs its boards scored"},
	{Code: TotalMismatch, Severity: Warning, Source: Archive, Summary: "a pair's total in a TotalScoreTable that is not the sum (or mean) of its rows in the file's travellers"},
	{Code: "reconcile-missing", Severity: Warning, Source: Archive, Summary: "a result entered at the tables (a Bridgemate .bws) that the published traveller given to `audit --against` does not have"},
	{Code: "reconcile-extra", Severity: Warning, Source: Archive, Summary: "a row of the published traveller given to `audit --against` that no result entered at the tables (a Bridgemate .bws) gives"},
	{Code: "reconcile-changed", Severity: Warning, Source: Archive, Summary: "a result entered at the tables (a Bridgemate .bws) whose contract, declarer, tricks or lead the published traveller given to `audit --against` gives otherwise"},
	{Code: VPMismatch, Severity: Warning, Source: Archive, Summary: "a team match's victory points that are not those of its IMP margin on the WBF 2013 continuous scale, where the file's other matches follow it (files do not name their scale)"},
	{Code: UnknownTag, Severity: Info, Source: Rules, Summary: "tags that PBN 2.1 does not define, or LIN labels no reader knows; kept as written"},
	{Code: UnreadCalls, Severity: Warning, Source: Rules, Summary: "the data of a tag other than Auction and Play, or a USEBIO traveller line's LIN_DATA that does not read as a LIN board, that reads as calls or cards: kept as written, but not read or replayed"},
	{Code: UncheckedNumbers, Severity: Warning, Source: Rules, Summary: "a traveller or total table none of whose numbers could be checked, and why (the reasons are those of the coverage count)"},

	{Code: Encoding, Severity: Info, Source: Archive, Summary: "the character encoding the reader chose, and why"},
	{Code: DuplicateDeal, Severity: Info, Source: Archive, Summary: "a deal seen before under another board, or a board seen before with another deal, naming both places"},
	{Code: DuplicateIndexFull, Severity: Info, Source: Archive, Summary: "the index of deals is full (about half a million; see `--duplicates-memory`): repeats of later new deals are not looked for; said once, at the board where it filled"},
	{Code: MoreFindings, Severity: Info, Varies: true, Source: Archive, Summary: "a board with more than 100 findings: the first 100 are listed, and this one counts the rest (its severity is the worst of them)"},

	{Code: ExportLineEnd, Severity: Warning, Source: Export, Summary: "a file in export format with a line that does not end in CRLF (said once a file)"},
	{Code: ExportSeparator, Severity: Warning, Source: Export, Summary: "a file in export format with more than one empty line between two games"},
	{Code: ExportTagForm, Severity: Warning, Source: Export, Summary: `a file in export format with a tag pair not written [Name "Value"], alone on its line`},
	{Code: ExportMissing, Severity: Warning, Source: Export, Summary: `a game in export format without every tag of the Mandatory Tag Set ("?" when unknown, "" when it does not apply)`},
	{Code: ExportOrder, Severity: Warning, Source: Export, Summary: "a game in export format whose tags are out of order: the Mandatory Tag Set in its order, the other tags by name, the auction, the play, the supplemental sections by name"},
	{Code: ExportForm, Severity: Warning, Source: Export, Summary: "a value, call or card of a game in export format not in its one export form (a date 2026.01.02, a vulnerability None, NS, EW or All, a contract 3NT, upper case, suffixes as NAGs)"},
	{Code: ExportLayout, Severity: Warning, Source: Export, Summary: "a game in export format whose calls are not four to a line, dealer's first, or whose cards are not one trick, or table rows not one row, to a line; or calls or cards parted by more than one space, or a line of them ending in spaces (said once a file)"},
	{Code: ExportCharset, Severity: Warning, Source: Export, Summary: "a file in export format with a character PBN does not use (codes 127 to 159), or outside ISO 8859-1 without a declared character set"},
	{Code: ExportHeader, Severity: Warning, Source: Export, Summary: "a file in export format whose version line is not % PBN <major>.<minor>"},

	{Code: "alert-star", Severity: Warning, Source: Reader, Summary: "a PBN alert written as a `*` after the call; read as an alert"},
	{Code: "all-pass-two-words", Severity: Warning, Source: Reader, Summary: `"All Pass" written as two tokens; read as AP`},
	{Code: "annotation", Severity: Error, Source: Reader, Summary: "a suffix, note reference or NAG that is malformed, out of range or follows nothing"},
	{Code: "backslash-quote", Severity: Warning, Source: Reader, Summary: `a quote escaped as \" inside a tag value; read as a quote`},
	{Code: "bad-token", Severity: Error, Source: Reader, Summary: "text in an auction or play section that is no call, card or annotation"},
	{Code: "binary", Severity: Error, Source: Reader, Summary: "a NUL byte: binary data, not PBN"},
	{Code: "bracket-in-value", Severity: Warning, Source: Reader, Summary: "a ']' inside a quoted tag value; kept in the value"},
	{Code: "bws-board-twice", Severity: Error, Source: Rules, Summary: "a pair with two results of one board in a Bridgemate .bws: a board played twice, or a result entered at the wrong table or round"},
	{Code: "bws-missing", Severity: Warning, Source: Rules, Summary: "a table the movement of a Bridgemate .bws gives a board, with both its pairs, that has no result of it: not played, not entered, or erased (a contract entered without its result is named)"},
	{Code: "bws-lead", Severity: Error, Source: Rules, Summary: "a lead in a Bridgemate .bws that the opening leader does not hold, by the file's hand record"},
	{Code: "bws-movement", Severity: Warning, Source: Rules, Summary: "a result in a Bridgemate .bws at a table and round the movement (RoundData) does not give, or with other pairs or another board than it gives there"},
	{Code: "bws-pair-twice", Severity: Error, Source: Rules, Summary: "a movement (RoundData) in a Bridgemate .bws that seats a pair at two tables in one round"},
	{Code: "bws-result", Severity: Error, Source: Rules, Summary: "a result in a Bridgemate .bws that gives declarer more than 13 tricks, or more undertricks than the contract has tricks"},
	{Code: "bws-unreadable", Severity: Error, Source: Reader, Summary: "a .bws whose database, or a table of it, cannot be read whole, or that has no ReceivedData table; what is not read is said"},
	{Code: "bws-value", Severity: Error, Source: Reader, Summary: "a value in a Bridgemate .bws that does not read as what its column holds: a contract, result, seat, card, call or a hand of the hand record"},
	{Code: "comment-in-table", Severity: Error, Source: Reader, Summary: "a comment inside a table, where PBN allows none"},
	{Code: "continuation", Severity: Error, Source: Reader, Summary: "a '*' or '+' mark out of place in an auction or play"},
	{Code: "control-char", Severity: Warning, Source: Reader, Summary: "a control character in the text; kept"},
	{Code: "duplicate-tag", Severity: Warning, Source: Reader, Summary: "a tag given twice in one game; the first is used"},
	{Code: "game-too-large", Severity: Error, Source: Reader, Summary: "a game longer than the reader holds (4 MiB); the rest is skipped"},
	{Code: "inherit-forbidden", Severity: Error, Source: Reader, Summary: "a `#` value in a tag that PBN forbids to inherit"},
	{Code: "lin-board-number", Severity: Info, Source: Reader, Quiet: true, Summary: "qx and ah name different boards; ah is taken"},
	{Code: "lin-call", Severity: Warning, Source: Reader, Summary: "an mb value read with a repair (a Russian or odd spelling)"},
	{Code: "lin-card", Severity: Warning, Source: Reader, Summary: "a pc value read with a repair"},
	{Code: "lin-container", Severity: Info, Source: Reader, Quiet: true, Summary: "LIN found inside a web page, a handviewer link or another container"},
	{Code: "lin-deal", Severity: Warning, Source: Reader, Summary: "an md value read with a repair, or one with more than four hands"},
	{Code: "lin-claim", Severity: Error, Source: Reader, Summary: "an mc claim that is not a number of tricks from 0 to 13"},
	{Code: "lin-deal-empty", Severity: Error, Source: Reader, Summary: "an md value with no hands"},
	{Code: "lin-dealer", Severity: Warning, Source: Reader, Summary: "an md dealer digit out of range, or none; the board number's dealer is used"},
	{Code: "lin-empty", Severity: Warning, Source: Reader, Summary: "a LIN pair with an empty value where one is needed"},
	{Code: "lin-event", Severity: Warning, Source: Reader, Summary: "a vg header with commas in its event name, read as part of the name"},
	{Code: "lin-grammar", Severity: Error, Source: Reader, Summary: "a LIN value that does not fit its label's grammar"},
	{Code: "irregularity-mark", Severity: Error, Source: Reader, Summary: "an irregularity mark (^I ^S ^R ^L) that is unknown, repeated or on the wrong token"},
	{Code: "lin-hand", Severity: Warning, Source: Reader, Summary: "an md hand read with a repair (a repeated suit, lower case)"},
	{Code: "lin-junk", Severity: Error, Source: Reader, Summary: "text that is not a label|value| pair; skipped"},
	{Code: "lin-label", Severity: Error, Source: Reader, Summary: "a label that is not two letters; skipped"},
	{Code: "lin-line-break", Severity: Warning, Source: Reader, Summary: "a line break inside a LIN record"},
	{Code: "lin-link", Severity: Info, Source: Reader, Quiet: true, Summary: "a link to LIN held elsewhere"},
	{Code: "lin-missing-bar", Severity: Warning, Source: Reader, Summary: "a LIN value whose closing bar is missing"},
	{Code: "lin-names", Severity: Warning, Source: Reader, Summary: "a pn value with more or fewer than four names"},
	{Code: "lin-no-boards", Severity: Warning, Source: Reader, Summary: "a LIN record without a deal, calls or cards"},
	{Code: "lin-no-records", Severity: Warning, Source: Reader, Summary: "a LIN file without a record"},
	{Code: "lin-none", Severity: Error, Source: Reader, Summary: "a web page or link that holds no LIN, or only links to LIN held elsewhere"},
	{Code: "lin-page-row", Severity: Warning, Source: Reader, Summary: "a row of a web page's table that states a result, a score or other numbers but holds no LIN (a link to LIN held elsewhere, the player's totals), or beside a link in a table not headed as BBO's (RealBridge's pages); the row is not read"},
	{Code: "lin-note", Severity: Warning, Source: Reader, Summary: "a LIN nt or an alert that is read with a repair"},
	{Code: "lin-order", Severity: Error, Source: Reader, Summary: "a LIN pair out of order (a call after the play has begun)"},
	{Code: "lin-result", Severity: Error, Source: Reader, Summary: "an rs result that cannot be read"},
	{Code: "lin-stray-bar", Severity: Warning, Source: Reader, Summary: "a stray '|' between LIN pairs"},
	{Code: "lin-sv-missing", Severity: Warning, Source: Reader, Summary: "a LIN deal without sv (vulnerability); it is unknown, not guessed from the board number"},
	{Code: "lin-too-long", Severity: Error, Source: Reader, Summary: "a LIN record longer than the reader holds (16 MiB); the rest is skipped"},
	{Code: "lin-too-many", Severity: Warning, Source: Reader, Summary: "more than 64 problems in a LIN record or stretch; the rest are not listed"},
	{Code: "lin-too-many-pairs", Severity: Error, Source: Reader, Summary: "a LIN record of more than 20,000 pairs; the rest is skipped"},
	{Code: "lin-table", Severity: Error, Source: Reader, Summary: "a qx table that is not o or c and a board number"},
	{Code: "lin-unclosed", Severity: Warning, Source: Reader, Summary: "a LIN record whose last value is not closed"},
	{Code: "lin-vul", Severity: Error, Source: Reader, Summary: "an sv vulnerability that is not o, n, e or b"},
	{Code: LINUnknownLabel, Severity: Warning, Source: Reader, Quiet: true, Summary: "a LIN label no reader knows (the converter reports it as unknown-tag)"},
	{Code: "long-line", Severity: Warning, Source: Reader, Summary: "a line longer than PBN's 255 characters"},
	{Code: "lowercase-token", Severity: Warning, Source: Reader, Summary: "a call or card in lower case"},
	{Code: "missing-blank-line", Severity: Warning, Source: Reader, Summary: "games not separated by an empty line"},
	{Code: "note-detached", Severity: Warning, Source: Reader, Summary: "a [Note] tag away from its section"},
	{Code: "note-ref", Severity: Error, Source: Reader, Summary: "a note reference =n= with no [Note] of that number"},
	{Code: "note-tag", Severity: Error, Source: Reader, Summary: "a [Note] outside an auction or play, or given twice"},
	{Code: "note-unused", Severity: Warning, Source: Reader, Summary: "a [Note] that no =n= refers to"},
	{Code: "prose-outside-tag", Severity: Warning, Source: Reader, Summary: "text outside tags and sections; skipped"},
	{Code: "redouble-r", Severity: Warning, Source: Reader, Summary: "a redouble written R; read as XX"},
	{Code: RussianToken, Severity: Info, Source: Reader, Quiet: true, Summary: "a call, card or seat written in Russian"},
	{Code: "space-separated-columns", Severity: Warning, Source: Reader, Summary: "a table whose columns are separated by spaces"},
	{Code: "split-call", Severity: Warning, Source: Reader, Summary: `a call split in two tokens ("1 NT"); read as one`},
	{Code: Syntax, Severity: Error, Source: Reader, Summary: "text the reader cannot read as PBN or LIN, with the reader's position; or a file that is neither"},
	{Code: "tab", Severity: Warning, Source: Reader, Summary: "a tab in the text"},
	{Code: "table", Severity: Error, Source: Reader, Summary: "a table with a malformed column, row or element"},
	{Code: "table-too-long", Severity: Error, Source: Reader, Summary: "a table of more rows than the reader reads (4,096); the rest is skipped"},
	{Code: "tag-case", Severity: Warning, Source: Reader, Summary: "a standard tag written in another case ([AUCTION]); read as the standard tag"},
	{Code: "tag-name", Severity: Warning, Source: Reader, Summary: "a tag name that does not begin with an upper-case letter"},
	{Code: "tag-name-missing", Severity: Error, Source: Reader, Summary: "a '[' not followed by a tag name; skipped"},
	{Code: "tag-unclosed", Severity: Error, Source: Reader, Summary: "a tag whose ']' is missing"},
	{Code: "tag-value", Severity: Error, Source: Reader, Summary: "a tag without a quoted value"},
	{Code: "too-many-errors", Severity: Error, Source: Reader, Summary: "more errors in a game than are listed"},
	{Code: TooManyProblems, Severity: Warning, Source: Reader, Summary: "more than 1,000 problems in a file outside its games; the rest are not listed"},
	{Code: "too-many-tokens", Severity: Error, Source: Reader, Summary: "a section of more than 2,048 tokens; the rest is skipped"},
	{Code: "trailing-space", Severity: Warning, Source: Reader, Summary: "a tag value that ends in spaces"},
	{Code: "unescaped-quote", Severity: Warning, Source: Reader, Summary: "a quote inside a tag value that is not escaped; kept in the value"},
	{Code: "unquoted-value", Severity: Warning, Source: Reader, Summary: "a tag value without quotes"},
	{Code: "unterminated-comment", Severity: Error, Source: Reader, Summary: "a { comment that does not end"},
	{Code: "unterminated-string", Severity: Error, Source: Reader, Summary: "a quoted value that does not end"},
	{Code: "usebio-board-number", Severity: Error, Source: Reader, Summary: "a USEBIO BOARD without a BOARD_NUMBER, or one that is not a board number"},
	{Code: "usebio-dealer", Severity: Warning, Source: Reader, Summary: "a USEBIO DEALER that is not a seat"},
	{Code: "usebio-duplicate", Severity: Error, Source: Reader, Summary: "a USEBIO pair or team listed twice in its section, or a national id given to two players"},
	{Code: "usebio-hand", Severity: Error, Source: Reader, Summary: "a USEBIO HAND whose DIRECTION is not a seat"},
	{Code: "usebio-handset", Severity: Warning, Source: Reader, Summary: "a USEBIO HANDSET after more boards than the reader holds (about 2 MiB): those boards are read without their deals"},
	{Code: "usebio-missing", Severity: Warning, Source: Reader, Summary: "a USEBIO traveller line that gives a contract and no score"},
	{Code: "usebio-pair", Severity: Warning, Source: Reader, Summary: "a USEBIO pair without two players"},
	{Code: "usebio-place", Severity: Error, Source: Reader, Summary: "a USEBIO place that is not a place among the participants it ranks"},
	{Code: "usebio-too-many", Severity: Warning, Source: Reader, Summary: "a USEBIO element of more than 4,096 elements; the rest are not read"},
	{Code: "usebio-unknown", Severity: Info, Source: Reader, Summary: "an element USEBIO 1.2 does not define; kept, not read (once per file)"},
	{Code: "usebio-vulnerability", Severity: Warning, Source: Reader, Summary: "a USEBIO VULNERABILITY that is not Love, North-South, East-West or All"},
	{Code: "usebio-xml", Severity: Error, Source: Reader, Summary: "text that is not well-formed XML, or a root other than USEBIO; the rest of the file is not read"},
}

var codeIndex = func() map[Code]int {
	m := make(map[Code]int, len(Codes))
	for i, c := range Codes {
		m[c.Code] = i
	}
	return m
}()
