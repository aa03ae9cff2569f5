// # Reading LIN
//
// [NewReader] reads BBO LIN, one record at a time, from any of its containers:
//
//   - a single board on one line (pn|…|st||md|…|rh||ah|Board 7|sv|n|mb|…|pc|…|),
//     as BBO's hand records and handviewer links hold it;
//   - hand-record files, one board per line, often opened by qx|o<n>|;
//   - vugraph and match files: a header (vg with its nine fields, rs, pw, mp,
//     bn, pn with eight names, pg||), then one record per table opened by
//     qx|o<n>| or qx|c<n>|, with nt commentary anywhere;
//   - rpbridge.net files: % comment lines, pf|y|, the whole auction in one mb
//     (mb|P1SP2HP4HPPP|), a whole trick in one pc (pc|SAS2S3S4|);
//   - handviewer URLs (…/handviewer.html?lin=… or ?bbo=y&lin=…), percent-encoded
//     LIN strings, and web pages whose javascript calls lin('…') (BBO's hand
//     history and traveller pages), all decoded locally; positions then point
//     into the URL or the page.
//
// The text is decoded by [Decode] (UTF-8, else an 8-bit code page). Each
// [Record] keeps every pair as written, unknown labels included, each with
// the position of its label and of its value (line, column in characters, byte
// offset) and its index in the record; typed views read the values of the
// known tags ([Record.Deal], [Record.Calls],
// [Record.Cards], [Record.Claim], [Record.Vulnerability],
// [Record.Board], [Record.Event], [Record.Results], [Players]…).
// What the values mean (a legal auction, a complete pack) is judged by package
// auction, through package convert; the reader only reports what is wrong in
// the text itself, such as a hand of 14 cards.
//
// # Records
//
// Record boundaries do not depend on line breaks. A header pair (vg, rs, pw,
// mp, bn) after a board starts a header record, and a second vg a new segment;
// qx starts a record, except right after the pn (and board setup) that BBO
// writes before it; md starts a record when the record already has a deal; a
// pn after the calls or cards of a record opens the next record if a qx or an
// md follows it, and is otherwise a late repetition that stays where it is.
// Commentary between two tables belongs to the table before it.
//
// Damage that real files carry is read through, with a warning: a line break
// standing for "||" (pn|…|st⏎md|…), two labels run together (stmd|), a value
// that runs over a line break (joined; commentary and alert texts keep the
// break), a value without its closing bar before the next line's pair, junk
// between pairs (skipped, with an error). A record may not exceed 16 MiB: text
// running past that is skipped up to the next line break, so a huge line never
// exhausts memory.
//
// # Decisions
//
// LIN was never specified by BBO; where the known readers disagree, this
// package decides as follows.
//
//   - mc is declarer's total number of tricks in the deal, 0 to 13, not the
//     tricks still to come. Whether it fits the tricks already played is for
//     the replay in package convert.
//   - The board number comes from ah; qx only when ah has none. When both give
//     a number and they differ, an info diagnostic says so (BBO tournament
//     downloads number qx their own way).
//   - A missing sv leaves the vulnerability unknown here ([Record.Vulnerability]
//     reports ok == false), with a warning; deriving it from the board number is
//     a rule of duplicate bridge, applied by package convert, which says when
//     it does.
//   - Partial play without mc: the reader reports the cards as they are and
//     does not count tricks; the result is then unknown.
//   - In an encoded LIN string (a lin= parameter, a lin('…') argument, a
//     percent-encoded text), + is a space unless the string holds a space or
//     %20. Form encoding, which BBO's own links use (ah|Board+1|,
//     an|5%2B+hearts|), writes a space as + and a plus sign as %2B;
//     encodeURIComponent and javascript's escape write a space as %20 and
//     never a + for a space; hand-made links keep their spaces and their plus
//     signs. (This departs from the rule "+ is a space unless %2B occurs",
//     which misreads form-encoded text holding a plus sign.) In LIN files + is
//     never touched.
//   - nt commentary may contain bars: an nt value ends only at a bar followed by
//     a label and its bar (spaces and line breaks may come between), or by the
//     end of the input. Commentary whose text holds "|xx|" is cut there; no
//     rule can tell it from a pair.
//   - In a pw list an empty name repeats the player in the same seat of the
//     group before ([Players]).
//   - rs results are read with x or xx on either side of the declarer (R is
//     read as xx); [Result] gives both the text and its parts.
//   - Unknown labels are kept, in order and verbatim, in [Record.Pairs] and
//     [Record.Extras]; labels that LIN files are known to use without a known
//     meaning (pf, ob, mn, sa, em, at, bt, ht, it, pa, tu, zz) pass quietly,
//     any other label gets a warning. A writer of normalized LIN may drop them.
//   - Encoding: UTF-8, else an 8-bit code page, as [Decode] decides; HTML
//     entities in alert texts (&gt;) are kept as written, not unescaped.
//   - Which vg team sat North-South in the open room is not guessed:
//     [Event] gives the teams as written.
//   - No undo label is known; up, ub and any other unknown label are kept with
//     a warning, never an error.
//
// Other choices: labels are matched in any case and kept as written; values
// are trimmed except commentary; a lone "-" in mb is a placeholder and holds no
// call, and dashes padding a longer mb value are dropped; calls and strains
// written in Russian (пас, контра, реконтра, 1БК, 2Ч, 3 Пики…) are split like
// their English forms and kept as written; an md hand may use 10 for the ten,
// any suit order, any case, and leave out a void (a club void usually is);
// the East hand of a three-hand md is left unknown here, to be derived from the
// other three when the deal is built.
package lin
