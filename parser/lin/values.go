package lin

import (
	"cmp"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/internal/decimal"
	"github.com/bridgekit/bridgekit/parser/internal/scan"
)

// This file reads the values of the LIN tags whose format is known. Each
// reader keeps the text as written where it can (substrings, no copies) and
// reports syntax-level problems with their byte offset in the value; what
// the values mean (a legal auction, 52 distinct cards) is for package convert
// and package auction to judge.

// A ValueError is a problem in one value, at a byte offset in it.
type ValueError struct {
	Offset   int           // byte offset in the value
	Severity diag.Severity // Warning: read anyway; Error: the value (or part of it) could not be read
	Code     string        // stable short code, e.g. "lin-hand"
	Msg      string        // plain words
}

// Error returns the message with its offset.
func (e *ValueError) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// ValueErrors lists the problems found in one value.
type ValueErrors []*ValueError

// Error returns the first problem and how many more there are.
func (l ValueErrors) Error() string { return diag.FirstAndCount(l) }

// maxValueIssues caps the problems reported for one value: a value of junk
// would otherwise yield one per byte.
const maxValueIssues = 8

// valueIssues collects the problems of one value.
type valueIssues struct{ list ValueErrors }

func (v *valueIssues) add(off int, sev diag.Severity, code, format string, args ...any) {
	switch {
	case len(v.list) < maxValueIssues:
		v.list = append(v.list, &ValueError{Offset: off, Severity: sev, Code: code, Msg: fmt.Sprintf(format, args...)})
	case len(v.list) == maxValueIssues:
		v.list = append(v.list, &ValueError{Offset: off, Severity: diag.Warning, Code: "lin-too-many", Msg: "more problems in this value are not listed"})
	}
}

// valueErrs returns the problems the error of a value's parser lists.
func valueErrs[T any](_ T, err error) ValueErrors {
	ve, _ := err.(ValueErrors)
	return ve
}

func (v *valueIssues) err() error {
	if len(v.list) == 0 {
		return nil
	}
	return v.list
}

// ---- md: the deal ----

// A Deal is the value of md: the dealer digit and the hands.
type Deal struct {
	Dealer int     // 1 South, 2 West, 3 North, 4 East; 0 when the digit is missing or wrong
	Hands  [4]Hand // South, West, North, East; a hand not written is empty (unknown)
	Given  int     // how many hands are written (usually 3: East is the rest of the pack)
}

// A Hand is one hand of a deal.
type Hand struct {
	Raw   string    // as written
	Suits [4]string // the ranks in spades, hearts, diamonds and clubs: upper case, T for ten, in written order
}

// Known reports whether the hand was written.
func (h Hand) Known() bool { return h.Raw != "" }

// Len returns the number of cards in the hand.
func (h Hand) Len() int {
	return len(h.Suits[0]) + len(h.Suits[1]) + len(h.Suits[2]) + len(h.Suits[3])
}

// ParseDeal reads an md value: a dealer digit, then up to four hands in
// the order South, West, North, East, separated by commas. A hand lists
// suits by letter (S, H, D, C, in any order, any case) each followed by its
// ranks (AKQJT98765432, any order, 10 for the ten); a void may be written as
// its letter alone or left out. The error, if any, is ValueErrors; the
// deal is read as far as it goes.
func ParseDeal(value string) (Deal, error) {
	var is valueIssues
	d := parseLINDeal(value, &is)
	return d, is.err()
}

func parseLINDeal(v string, is *valueIssues) Deal {
	var d Deal
	off := 0
	switch {
	case v == "":
		is.add(0, diag.Error, "lin-deal-empty", "md is empty")
		return d
	case v[0] >= '1' && v[0] <= '4':
		d.Dealer = int(v[0] - '0')
		off = 1
	case v[0] >= '0' && v[0] <= '9':
		is.add(0, diag.Warning, "lin-dealer", "dealer digit %c is not 1 (South) to 4 (East)", v[0])
		off = 1
	default:
		is.add(0, diag.Warning, "lin-dealer", "md has no dealer digit")
	}
	for h := 0; off <= len(v); h++ {
		end := strings.IndexByte(v[off:], ',')
		if end < 0 {
			end = len(v)
		} else {
			end += off
		}
		if h == 4 {
			if strings.Trim(v[off:], ", ") != "" {
				is.add(off, diag.Warning, "lin-deal", "md has more than four hands; the rest is ignored")
			}
			break
		}
		if raw := strings.TrimSpace(v[off:end]); raw != "" {
			d.Hands[h] = parseLINHand(raw, off+strings.Index(v[off:end], raw), is)
			d.Given++
		}
		off = end + 1
	}
	return d
}

// plainLINHand reads the hand BBO writes, which is the only one it reads:
// upper-case suit letters, each once and followed by its ranks, upper case,
// T for the ten, thirteen cards none twice. readLINHand has nothing to
// say of such a hand and reads it to the same suits; it took a thousand
// instructions a hand. FuzzLINHand holds the two to each other.
func plainLINHand(raw string) (Hand, bool) {
	h := Hand{Raw: raw}
	suit, start, n := -1, 0, 0
	var have uint16 // the ranks of the suit being read
	var met uint8   // the suit letters met
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if bit := linRankBit[c]; bit != 0 {
			if have&bit != 0 || suit < 0 {
				return h, false
			}
			have |= bit
			continue
		}
		s := linSuitIndex(c)
		if s < 0 || c >= 'a' || met&(1<<s) != 0 { // lower case is not BBO's
			return h, false
		}
		met |= 1 << s
		if suit >= 0 {
			h.Suits[suit] = raw[start:i]
			n += bits.OnesCount16(have)
		}
		suit, start, have = s, i+1, 0
	}
	if suit >= 0 {
		h.Suits[suit] = raw[start:]
		n += bits.OnesCount16(have)
	}
	return h, n == 13
}

// linSuitIndex returns 0..3 for S, H, D, C in any case, else -1.
func linSuitIndex(c byte) int {
	switch c | 0x20 {
	case 's':
		return 0
	case 'h':
		return 1
	case 'd':
		return 2
	case 'c':
		return 3
	}
	return -1
}

// linRank returns the rank written at s (upper case, T for ten) and its
// length in bytes, or 0, 0.
func linRank(s string) (byte, int) {
	if s == "" {
		return 0, 0
	}
	switch c := s[0]; {
	case c >= '2' && c <= '9':
		return c, 1
	case c == '1' && len(s) > 1 && s[1] == '0':
		return 'T', 2
	default:
		switch c &^ 0x20 {
		case 'A', 'K', 'Q', 'J', 'T':
			return c &^ 0x20, 1
		}
	}
	return 0, 0
}

// linRankByte is linRank for the ranks written in one byte, by that
// byte, and 0 for every other: the cards of every hand are read through it.
var linRankByte = func() (t [256]byte) {
	for c := range t {
		if r, n := linRank(string([]byte{byte(c)})); n == 1 {
			t[c] = r
		}
	}
	return t
}()

const linSuitLetters = "SHDC"

// linCardTexts are the 52 cards as Cards gives them ("SA", "HT"), by suit
// index and rank letter, so that a card written in lower case or with a
// "10" costs no allocation.
var linCardTexts = func() (t [4][256]string) {
	for s := range 4 {
		for _, r := range "23456789TJQKA" {
			t[s][r] = string([]byte{linSuitLetters[s], byte(r)})
		}
	}
	return t
}()

// linRankBit gives each rank letter (upper case) its bit.
var linRankBit = func() (t [256]uint16) {
	for i, r := range "23456789TJQKA" {
		t[r] = 1 << i
	}
	return t
}()

// parseLINHand reads one hand. Where a suit is written plainly (upper
// case, T for ten, in one piece) its ranks are a substring of raw; only the
// other suits are copied.
func parseLINHand(raw string, base int, is *valueIssues) Hand {
	if h, ok := plainLINHand(raw); ok {
		return h
	}
	return readLINHand(raw, base, is)
}

// readLINHand is parseLINHand for any hand.
func readLINHand(raw string, base int, is *valueIssues) Hand {
	h := Hand{Raw: raw}
	suit := -1
	var seen, plain [4]bool
	var start, end [4]int
	var have [4]uint16 // ranks seen, to find doubles
	count := 0
	for i := 0; i < len(raw); {
		if s := linSuitIndex(raw[i]); s >= 0 {
			if seen[s] {
				is.add(base+i, diag.Warning, "lin-hand", "suit %c appears twice in hand %s", linSuitLetters[s], clip(raw))
				plain[s] = false
			} else {
				plain[s] = true
			}
			seen[s] = true
			suit = s
			start[s], end[s] = i+1, i+1
			i++
			continue
		}
		r, n := linRankByte[raw[i]], 1
		if r == 0 {
			r, n = linRank(raw[i:])
		}
		switch {
		case n == 0:
			_, size := utf8.DecodeRuneInString(raw[i:])
			is.add(base+i, diag.Warning, "lin-hand", "unexpected %q in hand %s", raw[i:i+size], clip(raw))
			i += size
			if suit >= 0 {
				plain[suit] = false
			}
			continue
		case suit < 0:
			is.add(base+i, diag.Warning, "lin-hand", "rank %c before any suit letter in hand %s", r, clip(raw))
			i += n
			continue
		}
		if have[suit]&linRankBit[r] != 0 {
			is.add(base+i, diag.Warning, "lin-hand", "card %c%c appears twice in hand %s", linSuitLetters[suit], r, clip(raw))
		}
		have[suit] |= linRankBit[r]
		if n != 1 || raw[i] != r || end[suit] != i {
			plain[suit] = false
		}
		end[suit] = i + n
		count++
		i += n
	}
	for s := range 4 {
		if plain[s] {
			h.Suits[s] = raw[start[s]:end[s]]
		} else if seen[s] {
			h.Suits[s] = linHandSuit(raw, s)
		}
	}
	if count != 13 {
		is.add(base, diag.Warning, "lin-hand", "hand %s has %s, not 13", clip(raw), scan.Plural(count, "card"))
	}
	return h
}

// linHandSuit collects the ranks of one suit of raw, upper case, T for ten.
func linHandSuit(raw string, suit int) string {
	var b []byte
	cur := -1
	for i := 0; i < len(raw); {
		if s := linSuitIndex(raw[i]); s >= 0 {
			cur = s
			i++
			continue
		}
		r, n := linRank(raw[i:])
		if n == 0 {
			_, n = utf8.DecodeRuneInString(raw[i:])
		} else if cur == suit {
			b = append(b, r)
		}
		i += n
	}
	return string(b)
}

// Deal returns the record's md value read as a Deal, and the md pair.
func (r *Record) Deal() (deal Deal, pair *Pair, ok bool) {
	p := r.Get("md")
	if p == nil {
		return Deal{}, nil, false
	}
	d, _ := ParseDeal(p.Value)
	return d, p, true
}

// ---- mb and an: the calls ----

// A Call is one call of an auction, as written.
type Call struct {
	Text     string // the call without its alert mark, as written: "1N", "p", "2Ч", "пас"
	Alert    bool   // written with "!": alerted by the bidder
	Offset   int    // byte offset of Text in the mb value
	Pair     *Pair  // the mb pair (nil from ParseCalls)
	Note     string // the explanation in the an pair that follows, as written; "" if none
	NotePair *Pair  // that an pair, or nil
}

// The words that make calls, upper case. Bids are a level 1–7 followed by a
// strain word. Russian forms are read like the English ones; what a call
// means is decided later (auction.ParseCall).
var (
	linCallWords   = []string{"PASS", "P", "ПАС", "DOUBLE", "DBL", "XX", "X", "D", "КОНТРА", "КТР", "REDOUBLE", "RDBL", "R", "РЕКОНТРА", "РКТР"}
	linStrainWords = []string{"NT", "N", "C", "D", "H", "S", "♣", "♦", "♥", "♠",
		"ТРЕФЫ", "ТРЕФА", "ТРЕФ", "ТР", "Т", "БЕЗ КОЗЫРЕЙ", "БЕЗ КОЗЫРЯ", "Б/К", "БК", "БУБНЫ", "БУБНА", "БУБЕН", "БУБ", "Б",
		"ЧЕРВЕЙ", "ЧЕРВЫ", "ЧЕРВИ", "ЧЕРВА", "Ч", "ПИКИ", "ПИКА", "ПИК", "П"}
)

// hasPrefixFold reports whether s starts with w, ignoring case. Upper- and
// lower-case forms of the letters used here have the same UTF-8 length.
func hasPrefixFoldString(s, w string) bool {
	return len(s) >= len(w) && strings.EqualFold(s[:len(w)], w)
}

// linCallAt returns the lengths of the calls that can be read at s[i:],
// longest first, each including an optional "!" after it.
func linCallAt(s string, i int, dst []int) []int {
	rest := s[i:]
	add := func(n int) {
		if i+n < len(s) && s[i+n] == '!' {
			n++
		}
		dst = append(dst, n)
	}
	if rest != "" && rest[0] >= '1' && rest[0] <= '7' {
		j := 1
		for j < len(rest) && rest[j] == ' ' {
			j++
		}
		for _, w := range linStrainWords {
			if hasPrefixFoldString(rest[j:], w) {
				add(j + len(w))
			}
		}
		return dst
	}
	for _, w := range linCallWords {
		if hasPrefixFoldString(rest, w) {
			add(len(w))
		}
	}
	return dst
}

func isCallSep(c byte) bool { return c == ' ' || c == ',' || c == '\t' || c == '\r' || c == '\n' }

// scanLINCalls splits an mb value into calls and hands each to emit. A value
// that is one call is the common case; a value holding a whole auction
// (rpbridge.net files: "P1SP2HP4HPPP") is split when it reads as a sequence
// of calls. A value that reads as neither is handed over whole, with a
// warning. A lone "-" is a placeholder and holds no call.
func scanLINCalls(v string, is *valueIssues, emit func(text string, off int, alert bool)) {
	whole, base := v, 0
	if len(v) > 4 { // BridgeData: long values may be padded with dashes
		t := strings.Trim(v, "-")
		base = strings.Index(v, t)
		v = t
	}
	if v == "-" || v == "" {
		if v == "" {
			is.add(0, diag.Warning, "lin-call", "mb holds no call")
		}
		return
	}
	if text, alert, ok := simpleLINCall(v); ok {
		emit(text, base, alert)
		return
	}
	// splits[i] tells whether v[i:] reads as a sequence of calls, and then
	// ends[i] is where the first of them (the longest that works) ends.
	var buf [8]int
	ends := make([]int, len(v)+1)
	splits := make([]bool, len(v)+1)
	splits[len(v)] = true
	for i := len(v) - 1; i >= 0; i-- {
		if isCallSep(v[i]) {
			splits[i], ends[i] = splits[i+1], i+1
			continue
		}
		for _, n := range linCallAt(v, i, buf[:0]) {
			if splits[i+n] {
				splits[i], ends[i] = true, i+n
				break
			}
		}
	}
	if !splits[0] {
		// Handed over as written, dashes and all: the text kept must read
		// back as itself.
		text, alert := strings.CutSuffix(whole, "!")
		is.add(0, diag.Warning, "lin-call", "mb value %s is not a call", quoteClip([]byte(whole)))
		emit(text, 0, alert)
		return
	}
	for i := 0; i < len(v); i = ends[i] {
		if isCallSep(v[i]) {
			continue
		}
		text, alert := strings.CutSuffix(v[i:ends[i]], "!")
		emit(text, base+i, alert)
	}
}

// simpleLINCall reads the usual one-call values (p, d, r, 1C…7N, 3NT, with
// or without "!") without the general splitter.
func simpleLINCall(v string) (text string, alert, ok bool) {
	text, alert = strings.CutSuffix(v, "!")
	switch len(text) {
	case 1:
		switch text[0] | 0x20 {
		case 'p', 'd', 'r', 'x':
			return text, alert, true
		}
	case 2:
		if text[0] >= '1' && text[0] <= '7' && strings.IndexByte("CDHSNcdhsn", text[1]) >= 0 {
			return text, alert, true
		}
		if text[0]|0x20 == 'x' && text[1]|0x20 == 'x' {
			return text, alert, true
		}
	case 3:
		if text[0] >= '1' && text[0] <= '7' && text[1]|0x20 == 'n' && text[2]|0x20 == 't' {
			return text, alert, true
		}
	}
	return "", false, false
}

// ParseCalls splits an mb value into its calls (one, or a whole auction
// in rpbridge.net files). The error, if any, is ValueErrors.
func ParseCalls(value string) ([]Call, error) {
	var is valueIssues
	var calls []Call
	scanLINCalls(value, &is, func(text string, off int, alert bool) {
		calls = append(calls, Call{Text: text, Offset: off, Alert: alert})
	})
	return calls, is.err()
}

// Calls returns the record's calls in order, from its mb pairs, each with
// the explanation of the an pair after it. An an pair explains the last call
// before it; a second one for the same call is added on a new line. The
// reader reads the calls once, when it checks the record, and the record
// keeps the list: change a copy of it, not the list itself.
func (r *Record) Calls() []Call {
	if r.read {
		return r.calls
	}
	v := newLINViews(nil, r.count("mb"), 0)
	var is valueIssues
	for _, p := range r.Pairs {
		switch p.Key() {
		case "mb":
			v.mb(p, &is)
		case "an":
			v.an(p)
		}
	}
	return v.callList()
}

// linViews gathers the calls and cards of a record pair by pair, for
// checkLINRecord and for Calls and Cards.
type linViews struct {
	calls  []Call
	cards  []Card
	lastMB int // index in calls of the last call read, -1 before any
}

// newLINViews returns views with room for mbs calls and pcs cards, from a
// unless it is nil.
func newLINViews(a *Arena, mbs, pcs int) linViews {
	return linViews{calls: a.newCalls(mbs), cards: a.newCards(pcs), lastMB: -1}
}

// mb reads an mb pair and returns how many calls it held.
func (v *linViews) mb(p *Pair, is *valueIssues) int {
	n := len(v.calls)
	scanLINCalls(p.Value, is, func(text string, off int, alert bool) {
		v.calls = append(v.calls, Call{Text: text, Offset: off, Alert: alert, Pair: p})
	})
	v.lastMB = len(v.calls) - 1
	return len(v.calls) - n
}

// an attaches an an pair to the last call read, if any.
func (v *linViews) an(p *Pair) {
	if v.lastMB < 0 {
		return
	}
	c := &v.calls[v.lastMB]
	if c.NotePair == nil {
		c.Note, c.NotePair = p.Value, p
	} else {
		c.Note += "\n" + p.Value
	}
}

// pc reads a pc pair and returns how many cards it held.
func (v *linViews) pc(p *Pair, is *valueIssues) int {
	n := len(v.cards)
	scanLINCards(p.Value, is, func(text string, off int) {
		v.cards = append(v.cards, Card{Text: text, Offset: off, Pair: p})
	})
	return len(v.cards) - n
}

// callList and cardList return the lists, nil when empty.
func (v *linViews) callList() []Call {
	if len(v.calls) == 0 {
		return nil
	}
	return v.calls
}

func (v *linViews) cardList() []Card {
	if len(v.cards) == 0 {
		return nil
	}
	return v.cards
}

// ---- pc and mc: the play ----

// A Card is one card played.
type Card struct {
	Text   string // suit letter then rank, upper case, T for ten: "SA", "HT"
	Offset int    // byte offset in the pc value
	Pair   *Pair  // the pc pair (nil from ParseCards)
}

// scanLINCards splits a pc value into cards: one card, or a whole trick in
// rpbridge.net files ("SAS2S3S4"). A value that reads as neither is handed
// over whole, in upper case, with a warning.
func scanLINCards(v string, is *valueIssues, emit func(text string, off int)) {
	if len(v) == 2 && linSuitIndex(v[0]) >= 0 {
		if r, n := linRank(v[1:]); n == 1 {
			emit(linCardTexts[linSuitIndex(v[0])][r], 0)
			return
		}
	}
	var cards [52]struct{ off, n int }
	count := 0
	for i := 0; i < len(v); {
		if isCallSep(v[i]) {
			i++
			continue
		}
		n := 0
		if linSuitIndex(v[i]) >= 0 {
			_, n = linRank(v[i+1:])
		}
		if n == 0 || count == len(cards) {
			is.add(0, diag.Warning, "lin-card", "pc value %s is not a card", quoteClip([]byte(v)))
			emit(strings.ToUpper(v), 0)
			return
		}
		cards[count] = struct{ off, n int }{i, 1 + n}
		count++
		i += 1 + n
	}
	if count == 0 {
		is.add(0, diag.Warning, "lin-card", "pc holds no card")
		return
	}
	for _, c := range cards[:count] {
		r, _ := linRank(v[c.off+1:])
		emit(linCardTexts[linSuitIndex(v[c.off])][r], c.off)
	}
}

// ParseCards splits a pc value into its cards. The error, if any, is
// ValueErrors.
func ParseCards(value string) ([]Card, error) {
	var is valueIssues
	var cards []Card
	scanLINCards(value, &is, func(text string, off int) {
		cards = append(cards, Card{Text: text, Offset: off})
	})
	return cards, is.err()
}

// Cards returns the cards played in the record, in the order played. Like
// Calls, the record keeps the list.
func (r *Record) Cards() []Card {
	if r.read {
		return r.cards
	}
	v := newLINViews(nil, 0, r.count("pc"))
	var is valueIssues
	for _, p := range r.Pairs {
		if p.Is("pc") {
			v.pc(p, &is)
		}
	}
	return v.cardList()
}

// count returns the number of pairs with the label key (lower case): about
// the number of calls or cards, which are one a pair but in rpbridge.net
// files, to size their slice.
func (r *Record) count(key string) int {
	n := 0
	for _, p := range r.Pairs {
		if p.Key() == key {
			n++
		}
	}
	return n
}

// ParseClaim reads an mc value: the total number of tricks declarer takes
// in the whole deal, 0 to 13.
func ParseClaim(value string) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < 0 || n > 13 {
		return 0, ValueErrors{{Severity: diag.Error, Code: "lin-claim", Msg: fmt.Sprintf("claim %q is not a number of tricks from 0 to 13", value)}}
	}
	return n, nil
}

// Claim returns declarer's total tricks from the record's mc pair.
func (r *Record) Claim() (tricks int, pair *Pair, ok bool) {
	p := r.Get("mc")
	if p == nil {
		return 0, nil, false
	}
	n, err := ParseClaim(p.Value)
	return n, p, err == nil
}

// ---- sv: vulnerability ----

// ParseVulnerability reads an sv value in any of its spellings and
// returns the BBO letter: "o" (none), "n" (North-South), "e" (East-West) or
// "b" (both).
func ParseVulnerability(value string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "o", "0", "-", "none", "z", "love":
		return "o", nil
	case "n", "ns", "n-s":
		return "n", nil
	case "e", "ew", "e-w":
		return "e", nil
	case "b", "both", "all":
		return "b", nil
	}
	return "", ValueErrors{{Severity: diag.Error, Code: "lin-vul", Msg: fmt.Sprintf("vulnerability %q is not one of o, n, e, b (or 0, ns, ew, both…)", value)}}
}

// Vulnerability returns the record's vulnerability as a BBO letter (see
// [ParseVulnerability]) and the sv pair it came from. ok is false when sv
// is missing or unreadable: the vulnerability is then unknown here.
func (r *Record) Vulnerability() (vul string, pair *Pair, ok bool) {
	p := r.Get("sv")
	if p == nil {
		return "", nil, false
	}
	v, err := ParseVulnerability(p.Value)
	return v, p, err == nil
}

// ---- ah and qx: board and table ----

// BoardNumber returns the first run of digits in s as a board number:
// "Board 12" (an ah value) gives 12.
func BoardNumber(s string) (int, bool) {
	i := strings.IndexAny(s, "0123456789")
	if i < 0 {
		return 0, false
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(s[i:j])
	return n, err == nil
}

// A Table is the value of qx: the room and the board.
type Table struct {
	Room  byte // 'o' open room, 'c' closed room
	Board int  // the number after the room letter
}

// ParseTable reads a qx value: "o12" or "c12", also "o1,BOARD 1" (a BBO
// bug: the text from the first comma on is ignored).
func ParseTable(value string) (Table, error) {
	v, _, _ := strings.Cut(strings.TrimSpace(value), ",")
	var t Table
	if v != "" {
		t.Room = v[0] | 0x20
	}
	n, err := strconv.Atoi(strings.TrimSpace(v[min(1, len(v)):]))
	if (t.Room != 'o' && t.Room != 'c') || err != nil {
		return Table{}, ValueErrors{{Severity: diag.Error, Code: "lin-table", Msg: fmt.Sprintf("table %q is not o<board> or c<board>", value)}}
	}
	t.Board = n
	return t, nil
}

// Board returns the record's board number: the digits of ah, else those of
// qx. (BBO tournament downloads number qx differently from the boards, so ah
// wins when both are there.)
func (r *Record) Board() (int, bool) {
	if p := r.Get("ah"); p != nil {
		if n, ok := BoardNumber(p.Value); ok {
			return n, true
		}
	}
	if p := r.Get("qx"); p != nil {
		if t, err := ParseTable(p.Value); err == nil {
			return t.Board, true
		}
	}
	return 0, false
}

// ---- lists: pn, pw, mp, bn ----

// SplitList splits a comma-separated value (pn, pw, mp, bn, rs) into its
// entries, trimmed. An empty value has no entries.
func SplitList(value string) []string {
	if value == "" {
		return nil
	}
	out := strings.Split(value, ",")
	for i, s := range out {
		out[i] = strings.TrimSpace(s)
	}
	return out
}

// Names returns the player names of the record's pn pair, in the LIN order
// South, West, North, East (and again for the closed room when there are 8).
func (r *Record) Names() []string {
	if p := r.Get("pn"); p != nil {
		return SplitList(p.Value)
	}
	return nil
}

// Players splits a pw value into groups of size names (8 per board for
// teams, 4 for pairs), each South, West, North, East. An empty name stands
// for the player in the same seat of the group before; empty entries after
// the last full group are dropped.
func Players(value string, size int) [][]string {
	names := SplitList(value)
	var groups [][]string
	for i := 0; size > 0 && i+size <= len(names); i += size {
		g := names[i : i+size : i+size]
		for j, n := range g {
			if n == "" && len(groups) > 0 {
				g[j] = groups[len(groups)-1][j]
			}
		}
		groups = append(groups, g)
	}
	return groups
}

// ---- vg: the event ----

// A Event is the value of vg: nine comma-separated fields.
type Event struct {
	Title      string // the event
	Subtitle   string // the segment or round
	Scoring    string // I (IMPs), P (pairs), B (board-a-match), as written
	FirstBoard int
	LastBoard  int
	Team1      string
	Carry1     string // team 1's carry-over, as written (may be empty or decimal)
	Team2      string
	Carry2     string
}

// ParseEvent reads a vg value. The error, if any, is ValueErrors; the
// fields are read as far as they go.
func ParseEvent(value string) (Event, error) {
	var is valueIssues
	e := parseLINEvent(value, &is)
	return e, is.err()
}

// EventFields splits a vg value into its nine fields, trimmed: title,
// subtitle, scoring, first and last board, two teams and their carry-over.
// A title with commas in it makes more fields than nine; when the field
// where the scoring stands once the extra ones are taken as the title's
// holds I, P or B, they are: joined says how many commas were read as part
// of the title. Missing fields are empty.
func EventFields(v string) (f [9]string, n, joined int) {
	parts := strings.Split(v, ",")
	n = len(parts)
	if extra := n - 9; extra > 0 {
		switch strings.ToUpper(strings.TrimSpace(parts[2+extra])) {
		case "I", "P", "B":
			parts = append([]string{strings.Join(parts[:extra+1], ",")}, parts[extra+1:]...)
			joined = extra
		}
	}
	for i := range min(len(parts), 9) {
		f[i] = strings.TrimSpace(parts[i])
	}
	return f, n, joined
}

func parseLINEvent(v string, is *valueIssues) Event {
	f, n, joined := EventFields(v)
	switch {
	case joined > 0:
		is.add(0, diag.Warning, "lin-event", "vg has %d fields, not 9: the event is read as %q, its commas included", n, f[0])
	case n != 9:
		is.add(0, diag.Warning, "lin-event", "vg has %d fields, not 9", n)
	}
	e := Event{Title: f[0], Subtitle: f[1], Scoring: f[2], Team1: f[5], Carry1: f[6], Team2: f[7], Carry2: f[8]}
	for i, dst := range []*int{&e.FirstBoard, &e.LastBoard} {
		if s := f[3+i]; s != "" {
			if b, err := strconv.Atoi(s); err == nil && b >= 0 {
				*dst = b
			} else {
				is.add(0, diag.Warning, "lin-event", "vg board number %q is not a number", s)
			}
		}
	}
	for _, c := range []string{e.Carry1, e.Carry2} {
		if _, ok := decimal.Parse(c); c != "" && !ok {
			is.add(0, diag.Warning, "lin-event", "vg carry-over %q is not a number", c)
		}
	}
	switch strings.ToUpper(e.Scoring) {
	case "I", "P", "B", "":
	default:
		is.add(0, diag.Warning, "lin-event", "vg scoring %q is not I, P or B", e.Scoring)
	}
	return e
}

// Event returns the record's vg value read as a Event.
func (r *Record) Event() (Event, bool) {
	if p := r.Get("vg"); p != nil {
		e, _ := ParseEvent(p.Value)
		return e, true
	}
	return Event{}, false
}

// ---- rs: contract results ----

// A Result is one entry of rs: a contract and how it went.
type Result struct {
	Raw      string // as written
	Contract string // the contract part as written ("3NSx", "3NxS"); "" when passed out or empty
	Result   string // the outcome part as written: "=", "+1", "-2"; "" when not given
	Level    int    // 1..7; 0 when passed out or empty
	Strain   byte   // 'C', 'D', 'H', 'S' or 'N'
	Declarer byte   // 'N', 'E', 'S' or 'W'
	Risk     string // "", "X" or "XX"
	Tricks   int    // declarer's tricks from the outcome; 0 when not given
	Passed   bool   // "P" or "PASS": passed out
}

// Empty reports whether the entry is empty (board not played or unknown).
func (r Result) Empty() bool { return r.Raw == "" }

// ParseResult reads one contract result: level, strain (N or NT for no
// trump), declarer and an optional x or xx in either order (R is read as
// xx), then =, +n or -n; or P/PASS; or nothing. The error, if any, is
// ValueErrors.
func ParseResult(s string) (Result, error) {
	var is valueIssues
	r := parseLINResult(s, 0, &is)
	return r, is.err()
}

func parseLINResult(s string, base int, is *valueIssues) Result {
	r := Result{Raw: s}
	if s == "" {
		return r
	}
	if strings.EqualFold(s, "P") || strings.EqualFold(s, "PASS") {
		r.Passed = true
		return r
	}
	bad := func(msg string) Result {
		is.add(base, diag.Error, "lin-result", "result %q: %s", s, msg)
		return Result{Raw: s}
	}
	if s[0] < '1' || s[0] > '7' || len(s) < 3 {
		return bad("expected a level 1–7, a strain and a declarer")
	}
	r.Level = int(s[0] - '0')
	i := 1
	r.Strain = s[i] &^ 0x20
	if strings.IndexByte("CDHSN", r.Strain) < 0 {
		return bad("the strain is not C, D, H, S or N")
	}
	i++
	if r.Strain == 'N' && i < len(s) && s[i]|0x20 == 't' {
		i++
	}
	for i < len(s) && (r.Declarer == 0 || r.Risk == "") {
		switch c := s[i] &^ 0x20; {
		case r.Declarer == 0 && strings.IndexByte("NESW", c) >= 0:
			r.Declarer = c
			i++
		case r.Risk == "" && c == 'X':
			r.Risk = "X"
			i++
			if i < len(s) && s[i]&^0x20 == 'X' {
				r.Risk = "XX"
				i++
			}
		case r.Risk == "" && c == 'R':
			r.Risk = "XX"
			i++
		default:
			goto outcome
		}
	}
outcome:
	if r.Declarer == 0 {
		return bad("no declarer N, E, S or W")
	}
	r.Contract = s[:i]
	r.Result = s[i:]
	switch {
	case r.Result == "":
	case r.Result == "=":
		r.Tricks = r.Level + 6
	case r.Result[0] == '+' || r.Result[0] == '-':
		n, err := strconv.Atoi(r.Result[1:])
		if r.Result[0] == '-' {
			n = -n
		}
		r.Tricks = r.Level + 6 + n
		if err != nil || n == 0 || r.Tricks < 0 || r.Tricks > 13 {
			return bad("the outcome is not a possible number of tricks")
		}
	default:
		return bad("the outcome is not =, +n or -n")
	}
	return r
}

// ParseResults reads an rs value: a comma list of contract results, two
// per board (open room, closed room). The error, if any, is ValueErrors.
func ParseResults(value string) ([]Result, error) {
	var is valueIssues
	var out []Result
	off := 0
	for _, s := range strings.Split(value, ",") {
		t := strings.TrimSpace(s)
		out = append(out, parseLINResult(t, off+strings.Index(s, t), &is))
		off += len(s) + 1
	}
	return out, is.err()
}

// Results returns the record's rs value read as contract results.
func (r *Record) Results() []Result {
	if p := r.Get("rs"); p != nil {
		out, _ := ParseResults(p.Value)
		return out
	}
	return nil
}

// Notes returns the record's commentary (nt) pairs.
func (r *Record) Notes() []*Pair { return r.All("nt") }

// ---- record checks ----

// checkLINRecord reads every value of a known format, turning the problems
// into positioned diagnostics, settles the Pavlicek kind, and checks what a
// board record must hold.
func checkLINRecord(rec *Record, tags []linTag, a *Arena) {
	var mbs, pcs int
	var ah, qx *Pair // the first of each, as Get finds them, without a search for each
	for i, t := range tags {
		switch t {
		case linTagMB:
			mbs++
		case linTagPC:
			pcs++
		case linTagAH:
			ah = cmp.Or(ah, rec.Pairs[i])
		case linTagQX:
			qx = cmp.Or(qx, rec.Pairs[i])
		}
	}
	c := &recordCheck{rec: rec, v: newLINViews(a, mbs, pcs), ah: ah, qx: qx}
	for i, p := range rec.Pairs {
		c.value(p, tags[i])
		if len(c.is.list) > 0 {
			c.report(p)
		}
	}
	rec.calls, rec.cards, rec.read = c.v.callList(), c.v.cardList(), true
	c.board()
}

// recordCheck is the checking of one record's values, and what it found
// the record to hold.
type recordCheck struct {
	rec                                    *Record
	is                                     valueIssues
	v                                      linViews
	hasDeal, hasSV, hasCalls, hasCards, rp bool // rp: written in the rpbridge.net style
	ah, qx                                 *Pair
}

// value reads the value of p, a pair of the given tag.
func (c *recordCheck) value(p *Pair, tag linTag) {
	is := &c.is
	switch tag {
	case linTagNone:
		d := linDiag(p.Pos, diag.Warning, "lin-unknown-label", fmt.Sprintf("label %s is not a known LIN label; kept as is", quoteClip([]byte(p.Label))))
		d.Pair = diag.Clamp(p.Index)
		c.rec.addDiag(d)
	case linTagMD:
		parseLINDeal(p.Value, is)
		c.hasDeal = true
	case linTagSV:
		c.hasSV = true
		is.list = append(is.list, valueErrs(ParseVulnerability(p.Value))...)
	case linTagMB:
		c.rp = c.v.mb(p, is) > 1 || c.rp
		c.hasCalls = true
	case linTagAN:
		if !c.hasCalls {
			is.add(0, diag.Warning, "lin-note", "an explains no call: no mb comes before it")
		}
		c.v.an(p)
	case linTagPC:
		c.rp = c.v.pc(p, is) > 1 || c.rp
		c.hasCards = true
	case linTagMC:
		is.list = append(is.list, valueErrs(ParseClaim(p.Value))...)
	case linTagQX:
		if strings.TrimSpace(p.Value) != "" { // RealBridge's handviewer links write qx|| for no table
			is.list = append(is.list, valueErrs(ParseTable(p.Value))...)
		}
	case linTagVG:
		parseLINEvent(p.Value, is)
	case linTagRS:
		is.list = append(is.list, valueErrs(ParseResults(p.Value))...)
	case linTagPN:
		if n := strings.Count(p.Value, ",") + 1; p.Value != "" && n != 4 && n != 8 {
			is.add(0, diag.Warning, "lin-names", "pn lists %s, not 4 or 8", scan.Plural(n, "name"))
		}
	case linTagPF:
		c.rp = true
	}
}

// report turns the problems found in p's value into diagnostics placed in
// the value.
func (c *recordCheck) report(p *Pair) {
	for _, e := range c.is.list {
		pos := p.ValuePos
		if e.Offset > 0 && e.Offset <= len(p.Value) {
			pos = advancePos(pos, []byte(p.Value[:e.Offset]))
		}
		d := linDiag(pos, e.Severity, e.Code, e.Msg)
		d.Pair = diag.Clamp(p.Index)
		c.rec.addDiag(d)
	}
	c.is.list = c.is.list[:0]
}

// board checks what a board record must hold, and settles its kind.
func (c *recordCheck) board() {
	rec := c.rec
	board := rec.Kind == Single || rec.Kind == Room
	switch {
	case !board:
	case !c.hasDeal && !c.hasCalls && !c.hasCards:
		rec.addDiag(linDiag(rec.Pos, diag.Warning, "lin-empty", "the record holds no deal, calls or cards"))
	case c.hasDeal && !c.hasSV:
		rec.addDiag(linDiag(rec.Pos, diag.Warning, "lin-sv-missing", "the record has no sv: its vulnerability is unknown here"))
	}
	if rec.Kind == Single && c.rp {
		rec.Kind = Pavlicek
	}
	if ah, qx := c.ah, c.qx; ah != nil && qx != nil {
		a, okA := BoardNumber(ah.Value)
		t, err := ParseTable(qx.Value)
		if okA && err == nil && a != t.Board {
			d := linDiag(qx.ValuePos, diag.Info, "lin-board-number", fmt.Sprintf("qx says board %d, ah says board %d; ah is taken", t.Board, a))
			d.Pair = diag.Clamp(qx.Index)
			rec.addDiag(d)
		}
	}
}
