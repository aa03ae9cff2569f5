// # Writers
//
// Four writers print boards: [PBNWriter] (canonical PBN), [LINWriter]
// (BBO LIN), [JSONWriter] (JSON Lines) and [TextWriter] (for people, as
// `bridgekit show` prints them). Each takes one board at a time
// (WriteBoard) and is closed with Close; none closes the io.Writer it was
// given. A board that has not been replayed is replayed first
// ([record.Check]): the writers write the outcome of [record.Board.Final]
// (the replayed contract, declarer and result when the auction is
// complete and legal, the file's otherwise), but for the PBN writer, which
// keeps a PBN board's own Contract, Declarer and Result tags (see Round
// trips). A board that cannot be
// completed (no deal, an unfinished or illegal auction, text that is not a
// call) is written with everything it has. An error is a [*WriteError]
// naming the file, the game, the board and the reason.
//
// # Canonical PBN
//
// [PBNWriter] writes the export format of PBN 2.1 (§13 of the standard),
// in one layout whatever the input, so that normalizing a normalized file
// changes nothing ([NormalizePBN] reads, replays and writes a whole file).
// testdata/canonical.pbn shows it:
//
//   - Every line ends with CRLF; no tabs. The file starts with "% PBN 2.1",
//     "% EXPORT" and "%Content-type: text/x-pbn; charset=UTF-8" (or
//     ISO-8859-1), in that order, right before the first game; games are
//     separated by one empty line. The % lines of the input follow the
//     header (those of the first game) or open their game, in order; those
//     declaring a version, export or import format or a charset are
//     dropped, as the header states them afresh.
//   - Commentary before the first tag of a game comes first, one comment
//     per line. Commentary after a tag follows it on lines of its own;
//     after a call or card, on the same line after one space. A ";"
//     comment ends its line.
//   - The fifteen tags of the mandatory set come first, in the standard's
//     order (Event, Site, Date, Board, West, North, East, South, Dealer,
//     Vulnerable, Deal, Scoring, Declarer, Contract, Result), "?" for one
//     the board does not give; then every other identification tag
//     (Room, Score, unknown tags) sorted by name. A tag the file repeats
//     with another value follows the first of its name: export format
//     allows a tag once, but the second value is what the file says. A
//     repeat of the same value is left out, and so is a repeated Event,
//     Auction or Play, which readers would take for the start of a new
//     game or section (the mapping keeps no cards of a second section).
//     Values are written as read,
//     with "#" and "##" inheritance resolved, except that what the board
//     has read is written canonically: the board number ("07" gives "7"),
//     the dealer, the vulnerability (None, NS, EW, All), the room (Open,
//     Closed), the deal (from the dealer, upper case, ranks from the ace
//     down; a deal that cannot be read or contradicts itself is kept as
//     written), and the contract, declarer and result of Final (declarer's
//     tricks; "" for both on a passed-out board).
//   - The Auction tag names the dealer; a record that starts at another
//     seat gets a "-" for each seat before its first call. Calls go four
//     to a line, the dealer's first; a line that annotations make longer
//     than 79 characters is broken before a call. Calls are written
//     canonically (Pass, X, XX, 1NT; "^I 1C", "^S"); passes written AP
//     stay AP. After a call come its note reference, then its NAGs in
//     increasing order, a suffix turned into its NAG ("!" is $1); PBN has
//     no alert mark of its own, so an alerted call without a note is given
//     a note without text. The notes follow the calls: [Note "1:text"].
//   - The Play tag names the seat of the first column; each trick takes a
//     line with the cards in that seat's column order ("-" for a card not
//     known), then "*" when the play stops (a claim stops it too), then the
//     notes. A lead out of turn or a revoke is "^L SK", "^R SK".
//   - Then the supplemental sections sorted by name: tables one row per
//     line, cells padded to their column's width (single spaces
//     otherwise), commentary that was in a table's data after its rows;
//     data of unknown sections verbatim.
//   - Strings escape '"' always and '\' only where it would read as an
//     escape, so table column specs keep the single backslash real files
//     write ("Result\2R"). A tab or line break in a value becomes a
//     space, another control character U+FFFD, and a value PBN would read
//     as inherited ("#", "##…") gets a leading space.
//   - Text that is not a call never runs into the next call on its line
//     ("1 C" would read as 1C), and data, prose or a token that starts
//     with "%" never starts a line (it would read as a % line).
//
// With [PBNWriterOptions].Latin1 the writer writes ISO-8859-1, the
// standard's character set, and a board holding a character it cannot
// encode is not written: the error, an [*EncodingError], names the
// character, its line and column in the board's text and the line.
//
// # LIN
//
// [LINWriter] writes one board per line in BBO's own layout
// (testdata/canonical.lin is canonical.pbn so written):
//
//	pn|S,W,N,E|st||md|3<S>,<W>,<N>,|rh||ah|Board 7|sv|n|mb|1N|mb|2C!|an|Stayman|…|pg||pc|SA|×4 pg||…mc|11|pg||
//
// Calls are "1C"…"7N", "p", "d", "r"; an alerted call carries "!", and an
// explained one an an pair (a note without text is a bare alert). md gives
// the dealer digit, then South, West and North, East being the rest. A
// board read from LIN keeps the pairs the board does not interpret (st,
// rh, pf, unknown labels) in their places, its qx table, and the % lines
// before it (rpbridge.net files have them). Commentary goes into nt pairs
// after the call or card it follows; commentary before a board is a notes
// record ("nt|…|pg||") on the line before it; commentary after the last
// board is written by WriteTrailer. A record whose auction leaves out
// leading passes (see [record.Outcome].Shift) gets them back, since LIN's
// calls start with the dealer.
//
// Boards that form a match are written as a vugraph file: a header, then
// one record per table opened by qx|o<n>| or qx|c<n>|. Boards read from a
// vugraph file keep their header's pairs, the rs list brought up to date
// with the results written; other boards played in a room (Open or Closed)
// get a header of their own: vg with the event, the round, the scoring
// (I, P or B), the boards and the teams (HomeTeam, VisitTeam); rs with two
// results per board ("4HN+1", "3NSx-2", "P"); pn with the players of both
// rooms; pg. See [VugraphMode].
//
// LIN cannot carry, and the writer drops (counting, by name, the boards
// that held each: [LINWriter.Dropped], which convert prints once a run as
// "LIN cannot hold: Date 19,552 boards, …"): the identification tags other
// than players, board and vulnerability (Event only in a vugraph header),
// skipped turns (^S), the end marks of an auction (* and +), suffixes and
// NAGs, the ^I, ^R and ^L marks, card notes (their text becomes commentary
// after the card), a card not known and every card after it, the Score
// tag, tables and unknown PBN sections, % lines, a Declarer marked ^, a
// contract that no complete, legal auction gives, an auction that starts
// at another seat than the dealer's (LIN's calls start with the dealer),
// and a deal md reads back otherwise (a hand derived from three full ones,
// a card twice). Commentary on tags, notes and tables goes before the
// first call, as it has no other place, and is counted too. A test round-
// trips every fixture and real file both ways and fails on any difference
// neither carried nor counted in the note. The result is carried by the play when
// all 52 cards are written, by the rs list in a vugraph file, and
// otherwise by an mc claim. A "|" in a text is written "¦", as it would
// end the value, a line break as a space and another control character
// but a tab as U+FFFD; "," and "|" are dropped from names. Pairs a damaged
// record repeats where they would open another record (md, qx, file-header
// pairs) are left out.
//
// # JSON Lines
//
// [JSONWriter] writes one object per board and line. Every key is always
// present, in this order (null where the board has nothing; a tag given as
// "?" counts as nothing):
//
//	file        string       the file the board was read from
//	format      string       "pbn", "lin" or ""
//	game        number       the game (PBN) or board (LIN) in the file, from 1
//	board       number|null  the board number
//	label       string|null  the board's label when it is not its number: "3-2" (board 3)
//	match       object|null  the team match: {"event", "segment", "scoring" (I, P, B), "first_board",
//	                         "last_board", "home", "home_carry_over", "visit", "visit_carry_over"}, the
//	                         keys known; from a LIN vugraph header, or PBN's Round/Stage, HomeTeam,
//	                         VisitTeam, HomeCarryOver and VisitCarryOver
//	event       string|null  the Event tag
//	site        string|null
//	date        string|null
//	room        string|null  "Open" or "Closed"
//	players     object       {"N": name|null, "E": …, "S": …, "W": …}; a LIN pn slot left empty is null
//	dealer      string|null  "N", "E", "S" or "W"
//	vulnerable  string|null  "None", "NS", "EW" or "All"
//	deal        string|null  PBN deal from the dealer ("N:AKQ2.… …"); as written when it cannot be read;
//	                         null when it names no card ("W:- - - -", LIN "md|,,,|")
//	scoring     string|null  the Scoring tag
//	auction     object|null  {"first": seat, "calls": [...], "annotations": [...], "notes": [...]}
//	contract    string|null  "4HX", "3NT", "Pass"
//	declarer    string|null  a seat; null on a passed-out board
//	result      number|null  declarer's tricks
//	claim       number|null  declarer's tricks claimed (LIN mc)
//	score       number|null  North–South's score from the contract, declarer, result and vulnerability
//	imps        number|null  on each room of a team-match board whose other room is in the run: what North–South won against it
//	play        [string]     the cards in the order played: "SK", "-" for one not known
//	play_annotations [object]  as for calls, with "index" into play
//	play_notes  [object]     {"number": n, "text": "…"}
//	tables      [object]     {"name": "OptimumResultTable", "columns": [...], "rows": [[...]]}
//	comments    [string]     commentary before the game and on its tags
//	tags        object       every other tag, name to value, sorted by name (the first of a repeated name)
//	file_says   object       the file's own contract, declarer and result where they differ from those above
//	dd          object|null  only from [JSONWriter.WriteSolved] (convert --dd): the double-dummy table,
//	                         declarer then strain: {"N": {"C": 9, "D": 7, "H": 8, "S": 10, "NT": 8}, "E": …}
//	par         object|null  only from WriteSolved: {"score": 420, "contracts": ["4S N", "5DX-2 E"]},
//	                         North–South's par and the contracts with their declarers
//
// Calls are "Pass", "X", "XX", "1C" … "7NT", "^S" for a skipped turn, and
// the text as written for one that is not a call. An annotation is an
// object {"index": i} into calls (or play) with only the keys that apply:
// "alert", "note" (a note number), "nags" (sorted, suffixes included),
// "comments", "insufficient_accepted", "all_pass" (the pass came from an
// AP), "unreadable", and for cards "revoke", "lead_out_of_turn". Only
// calls and cards that carry something have one. In file_says, contract
// and declarer are strings ("4H", "^S" for a swapped declarer); result is
// a number, or a string when the file's value cannot be read or was
// agreed ("^9"); a key is absent when the file agrees or says nothing.
package convert
