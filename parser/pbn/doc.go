/*
# Reading PBN

[NewReader] returns a [Reader] whose Games method hands out the games of a
PBN 1.0–2.1 file one at a time, each a [Game]: its tag pairs
([Tag]), its sections ([Section]: the tokens of an Auction or Play,
the rows of a table, other data verbatim), its commentary and % lines, each
with its position, and the [Diagnostics] of what the reader had to accept
or could not read. Memory does not grow with the file: a game is read,
parsed and handed over before the next is read, and of a game over 4 MiB
only the lines that fit are kept, the rest is skipped unread. [Parse] reads a whole file held in memory.
The input is decoded to UTF-8 by [Decode]; the encoding chosen and why is
the first of the reader's Diagnostics (an Info with code "encoding").

A caller that reads one large file in several goroutines uses
[Reader.GameTexts] instead of Games: it hands out the text of each game,
cut from the file but unread. Each goroutine reads texts with a
[Parser] of its own, in any order; a [Resolver], given the games in
file order, then completes what a game takes from those before it (the
inheritance below, and the file's header, which comes with the first game).
The games are those Games gives: Games is the same three steps in one
goroutine. The resolver's part is small, except for a table whose column
list is "#", which it reads again.

The reader knows PBN's syntax, not its meaning: calls and cards are kept
as written, one token each with its position ("1NT", "pass", "2 БК",
"одна, пики"), and checked only for their shape and their annotations.
Whether a token is a legal call, a card of the deal, a bid that follows the
rules, or a tag value of the right form is decided by the packages that
interpret the tree.

How it reads: a small scanner cuts the stream into games at semi-empty
lines, honouring brace comments and strings. A hand-written lexer cuts a
game into items (tag pairs, commentary, % lines, runs of other text) and
hands the participle grammar a few coarse tokens per game: the text before
the first tag pair, runs of plain tag pairs, a tag pair with its section
data, runs of Note tag pairs. participle costs about 2 µs per token, so a
token per tag pair or per call would make reading several times slower.
The structure the grammar gives a game depends on the sequence of its token
types only, and the games of a file share a handful of sequences: participle
parses each distinct sequence once, and the games that repeat it reuse the
result. Hand-written scanners then read the calls, cards and table cells
inside the tokens, keeping the position of each.

Measured on the UTF-8 files of the real-world corpus (29 MB, 82,000 games,
one core): a token per tag pair reads 8 MB/s, coarse tokens 23 MB/s, coarse
tokens with the structure reused 45 MB/s (BenchmarkReadPBN).

# Decisions

Where the PBN standard leaves a choice, the reader takes these:

  - Games (§1). Games are separated by semi-empty lines (empty, or only
    blanks), except inside a brace comment. Several semi-empty lines make no
    empty game, and text before a game that holds no tag pair (escape lines,
    commentary, prose) belongs to the game that follows. The % lines before
    the first tag pair of the file are the reader's Header; what follows
    the last game is its Trailer. A line that starts with the tag its game
    started with also starts a new game (warning "missing-blank-line"): a
    file listing deals as one [Deal] line each holds one game per line,
    not one game whose other deals are ignored as repeated tags.
  - A comment never closed ends at its first semi-empty line, so that it
    swallows only its own game (error "unterminated-comment").
  - Tag values (§4, §15.4). Strings follow the escape rule (\" and \\);
    any other backslash is kept as written. Where a value cannot be read
    that way it is read leniently, with a diagnostic: quotes inside the
    value ([Event "He said "hi""]: the value runs to the first later quote
    followed by ']', warning "unescaped-quote"); a value without quotes
    (warning "unquoted-value"); a value ending in a single backslash before
    the closing quote ("Rank;Call\"], warning "backslash-quote"); no closing
    quote (error "unterminated-string": the value runs to the last ']' of
    the line). A ']' inside a value is legal and read as such, with a
    warning "bracket-in-value" because simpler readers break on it.
  - Repeated tags: the first counts (§4); the others stay in Tags and are
    reported ("duplicate-tag").
  - Note text (§15.5): [Note] Text is trimmed ("1: text" and "1:text"
    read alike); the tag's Raw value keeps it as written. Notes separated
    from their Auction or Play section by other tag pairs still belong to
    it (warning "note-detached").
  - Inheritance (§9.3, §15.3). "#" takes the value of the same tag in the
    nearest previous game that has the tag, "" when there is none. "##v"
    gives the game v and makes v the running value of the tag for the
    following games that do not write it; they receive it as an implicit
    tag (Game.Implicit). Once a tag has a running value, any later value
    written for it, with or without "##", replaces the running value from
    that game on (a "#" replaces it with what it resolved to), as in the
    standard's example of a Date redefined for the next day's boards. A
    tag never declared with "##" is not carried over except through "#".
    "#" and "##" for Dealer, Vulnerable, Deal, Declarer, Contract,
    Auction, Play and Note are errors ("inherit-forbidden") and left
    unresolved. Values are remembered for at most 4096 tag names.
  - Table column widths (§10.1, §15.2): \2R and \\2R are both read as
    width 2, right-aligned. A width over 255 is a "table" error and the
    column is read without one: writers pad cells to it. A column list without ';' but with spaces
    ("Declarer Suit Tricks", written by robot tools) is read as
    space-separated columns (warning "space-separated-columns"). The PBN
    tables always open a table section; any other tag named "…Table" does
    when data follows it.
  - % lines (§1.1, §15.4): kept verbatim, in order. "% PBN x.y", "% EXPORT",
    "% IMPORT" and "%Content-type: …; charset=…" are recognised
    ([EscapeKind]); nothing else is read into them.
  - Calls written with a '*' right after them ("4H*") are alerted calls
    (warning "alert-star"); a '*' standing alone ends the auction or play.
    "all pass" in two words is AP; a level and a strain in separate words
    ("2 БК", "одна, пики", "2 без козыря", "1 NT") are one call.
  - Lines over 255 characters, tabs and trailing spaces in values,
    lower-case calls and cards, "R" for a redouble, text outside tag pairs
    are read and reported as warnings.
  - Incomplete: a game with any Error diagnostic is marked Incomplete; it
    still holds everything that could be read.

Warnings (and infos) are reported once per code and game, at their first
place, with the count of the others, so that a file written by a tool with
one habit does not drown the rest.

# Diagnostic codes

The codes of the reader's diagnostics, with their severity and meaning,
are in diag.Codes (Source diag.Reader), the one table of every code. A
game with an error (text not read) is Incomplete; warnings are text that
bends PBN 2.1 and was read as its writer meant; the quiet notes
(russian-token) say what was accepted as written.
*/
package pbn
