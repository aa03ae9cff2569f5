// Package convert maps what the parsers read onto the domain model, the
// [record.Board], and writes boards back out.
//
// # From PBN
//
// [FromPBN] maps one game whose tag inheritance ("#", "##") the reader has
// resolved:
//
//   - The fifteen tags of the mandatory set, Room and Score go to the
//     Board's typed fields; every other tag, in file order and repeated
//     tags included, to Board.Tags. The first tag of a name is the one that
//     counts, as PBN's import rules say; later ones are kept in Tags. A tag
//     followed by data that is neither an auction, a play nor a table (an
//     unknown supplemental section, a second Auction or Play) keeps that
//     data verbatim in Tag.Data. KnownPBNTag tells the tags PBN 2.1 defines
//     from the rest, which the caller reports as unknown-tag once per file.
//   - A value that is "" (not applicable) or "?" (unknown) is kept and not
//     read. A value that cannot be read is kept as written and reported as
//     unreadable-value at its place; a deal that cannot be read as
//     deal-invalid. A deal that reads but contradicts itself is kept for
//     [record.Check] to report.
//   - The Auction section gives the first seat, moved past the "-" fillers,
//     and the calls in order. An AP becomes the passes that close the
//     auction (at least one), each marked AllPass and placed at the AP
//     token; "^I" and "^S" become Accepted and Skip; "*" and a final "+"
//     become AuctionRecord.End. A call whose note has no text is an alert
//     without an explanation, and the empty note is dropped: the PBN writer
//     writes such an alert (LIN "2H!" with no an) so, PBN notes being its
//     only alert mechanism. PBN cannot tell an explained call that was
//     alerted from one that was not: LIN "2H!|an|…|" reads back from PBN
//     as "2H|an|…|". Text that is not a call is kept in Text
//     with the zero Call and reported as unreadable-call; a bid above seven
//     is left for Check (Law 38).
//   - The Play section lists each trick in seat columns from the Play tag's
//     seat; the Board lists the cards in the order played, reading each
//     trick from its leader (the "^L" card's seat, else the previous
//     trick's winner in the trumps of the file's contract, else of the
//     auction's). Every card keeps its trick and seat, so its column can be
//     written back even where the order cannot be told. A trick whose cards
//     fit the hands of a full deal only when its line is read from another
//     seat (rpbridge.net writes some so) is read that way and reported as
//     play-rotated.
//   - Notes, commentary (with what it attaches to), tables and % lines are
//     kept. The file's header % lines go to the board of its first game.
//   - A follow-up game that gives neither Board nor Deal takes the board's
//     identity from the previous game (see [PBNOptions.Previous]).
//
// # From LIN
//
// [LINConverter] maps the records of one LIN file in order, since a record
// needs the vugraph header before it:
//
//   - Players come from the record's pn (S, W, N, E), else from the
//     header's pn for the record's room (open room the first four names,
//     closed room the next four).
//   - md gives the dealer and the deal, East derived; sv the vulnerability;
//     ah the board number, else qx; qx the room.
//   - mb calls in order from the dealer; a "!" marks an alert; an an pair
//     explains the call before it and becomes a note of the auction,
//     numbered in order. RP-style values holding a whole auction ("P1SP2H")
//     or a whole trick are split.
//   - pc cards in the order played; Check gives each its seat and trick.
//     mc is the claim: declarer's side's tricks in all.
//   - nt commentary attaches to the call or card it follows, to the start
//     of the auction before the first call; before the md, and in a notes
//     record between boards, it comes before the board (Board.Leading).
//   - The header's rs entry for the board and room is the file's own
//     contract, declarer and result. Its event title is the board's Event,
//     its scoring (I, P, B) the Scoring (IMP, MP, BAM).
//   - Pairs the Board does not interpret (st, rh, pf, unknown labels, a late
//     pn, mb|-|) are kept in order in LINInfo.Extras with the number of
//     calls and cards before them; labels no LIN reader knows are reported
//     once per board as unknown-tag.
//   - A call or card is placed at its mb or pc pair or, when the pair holds
//     a whole auction or trick, at its own place in the value.
//   - Every record after a header belongs to its match, since LIN has no
//     other way to end one, except after a header of an empty vg and
//     nothing but pg ("vg||pg||"): the records after it belong to no match.
//     It is bridgekit's own convention, which the LIN writer writes where a
//     board of no match follows a match in one stream, so that the boards
//     of unrelated inputs written together read back as themselves; a
//     viewer that does not know it shows an empty match header.
//
// # Round trips
//
// The PBN writer writes a PBN board's own Contract, Declarer and Result,
// in canonical form, even where the replay contradicts them: formatting
// never changes what a file says (package fix corrects it, with its
// evidence). A tag the file does not give, and the tags of a board read
// from LIN, get the replay's outcome.
//
// PBN written from PBN reads back as the same boards, and LIN written from
// LIN as the same records. Their JSON is the same (a test checks it for
// every PBN fixture and corpus file) but for what the writer normalizes:
// tabs in values become spaces; supplemental sections come in name order;
// a repeat of a mandatory tag that says what the first says is written
// once. LIN written from the PBN written from LIN holds
// the same boards as LIN written from LIN (a test checks it for every LIN
// fixture and corpus file) but for what PBN cannot carry, which is documented:
// the alert mark of a call that has an explanation; the pairs a board does
// not interpret (LIN extras such as sa or zz, a pn after the deal); text
// after the table in qx ("o1,BOARD 1"), and a qx board number that
// differs from ah's (ah is the board); several an pairs of one call, which
// become one (a PBN note is one line); a vugraph header's pairs other than
// vg, rs and pn, and its commentary. The layout differs too: boards from
// PBN get BBO's empty st and rh pairs, and boards played in rooms a header
// of the writer's own. Converting says what the target could not hold,
// with counts (LINWriter.Dropped, PBNWriter.Dropped).
//
// # Writing LIN
//
// [LINWriter] writes the boards of one match under one header: those read
// under one vg header, or, for boards played in rooms, those of one file
// and one event. The rs list of a header it makes reaches only as far as
// its boards (two entries a board, and a few thousand for gaps in their
// numbering), whatever range of boards the vg header claims.
//
// # Findings
//
// The converters return [diag.Diagnostic] values for text they could not
// read, never an error and never a panic: a board is built from whatever
// its record holds. The readers' own diagnostics stay with the parser's
// games and records; the domain findings come from [record.Check].
package convert
