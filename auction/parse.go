package auction

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file reads calls, strains and contracts in the spellings found in
// real files and in Russian. Words are compared after folding to lower case;
// in strain and risk words, spaces, commas, dots, hyphens and emoji
// variation selectors are dropped as well, so "No Trump", "no-trump" and
// "NoTrump" are one word, as are "без козыря" and "безкозыря".
//
// A letter can mean different things in different fields: "Т" is the ace in
// a card and clubs in a strain, "В" is East in a seat and the jack in a card.
// Each field therefore has its own vocabulary and the strain vocabulary below
// is used only where a strain is expected. Likewise "D" alone is a double in
// a call, but diamonds after a level.

// strainWords maps each spelling of a strain to the strain.
var strainWords = map[string]Strain{
	"c": Clubs, "club": Clubs, "clubs": Clubs, "♣": Clubs, "♧": Clubs,
	"т": Clubs, "тр": Clubs, "треф": Clubs, "трефа": Clubs, "трефы": Clubs, "трефу": Clubs, "трефах": Clubs,

	"d": Diamonds, "diamond": Diamonds, "diamonds": Diamonds, "♦": Diamonds, "♢": Diamonds,
	"б": Diamonds, "буб": Diamonds, "бубна": Diamonds, "бубны": Diamonds, "бубен": Diamonds, "бубну": Diamonds, "бубнах": Diamonds,

	"h": Hearts, "heart": Hearts, "hearts": Hearts, "♥": Hearts, "♡": Hearts,
	"ч": Hearts, "черва": Hearts, "червы": Hearts, "черви": Hearts, "червей": Hearts, "черву": Hearts, "червах": Hearts,

	"s": Spades, "spade": Spades, "spades": Spades, "♠": Spades, "♤": Spades,
	"п": Spades, "пика": Spades, "пики": Spades, "пик": Spades, "пику": Spades, "пиках": Spades,

	"n": NoTrump, "nt": NoTrump, "notrump": NoTrump, "notrumps": NoTrump,
	"бк": NoTrump, "б/к": NoTrump, "безкозыря": NoTrump, "безкозырей": NoTrump,
}

// callWords maps the spellings of Pass, Double and Redouble, folded to lower
// case, to the call.
var callWords = map[string]Call{
	"pass": Pass, "p": Pass, "пас": Pass, "пасс": Pass,
	"x": Double, "d": Double, "dbl": Double, "double": Double, "контра": Double, "ктр": Double, "дабл": Double,
	"xx": Redouble, "r": Redouble, "rdbl": Redouble, "redbl": Redouble, "redouble": Redouble,
	"реконтра": Redouble, "ре-контра": Redouble, "рктр": Redouble, "редабл": Redouble,
}

// riskWords maps what may follow the strain of a contract, folded like a
// strain word, to the risk. "R" for redoubled is rpbridge's; lower-case "x"
// is KOPS's; "х" and "хх" are the Cyrillic letter typed for x on a Russian
// keyboard, which means nothing else after a strain.
var riskWords = map[string]Risk{
	"":  Undoubled,
	"x": Doubled, "dbl": Doubled, "doubled": Doubled, "х": Doubled,
	"контра": Doubled, "ктр": Doubled, "сконтрой": Doubled,
	"xx": Redoubled, "r": Redoubled, "rdbl": Redoubled, "redbl": Redoubled, "redoubled": Redoubled, "хх": Redoubled,
	"реконтра": Redoubled, "рктр": Redoubled, "среконтрой": Redoubled,
}

// levelWords maps level words to their number. Eight and nine are here so
// that "восемь пик" is reported as a bid above seven, not as gibberish.
var levelWords = map[string]int{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
	"один": 1, "одна": 1, "одну": 1, "два": 2, "две": 2, "три": 3, "четыре": 4,
	"пять": 5, "шесть": 6, "семь": 7, "восемь": 8, "девять": 9,
}

// exactCalls holds the spellings that make up nearly all real input (the
// canonical forms, lower case, and "1N" for "1NT"), so that ParseCall finds
// them with one lookup before any folding.
var exactCalls = func() map[string]Call {
	m := make(map[string]Call)
	for w, c := range callWords {
		m[w] = c
		m[strings.ToUpper(w)] = c
	}
	m["Pass"], m["Dbl"], m["Rdbl"] = Pass, Double, Redouble
	for _, c := range AllCalls() {
		s := c.String()
		m[s] = c
		m[strings.ToLower(s)] = c
		if n, ok := strings.CutSuffix(s, "NT"); ok {
			m[n+"N"] = c
			m[n+"n"] = c
		}
	}
	return m
}()

// exactContracts holds the contract spellings that fill real Contract tags
// ("4S", "3N", "5Dx", "3NR", "1NTXX", "Pass"), built from the bid spellings
// of exactCalls, for a lookup before any folding.
var exactContracts = func() map[string]Contract {
	m := map[string]Contract{"Pass": {}, "PASS": {}, "pass": {}, "P": {}}
	for text, c := range exactCalls {
		b, ok := c.Bid()
		if !ok {
			continue
		}
		for _, r := range []struct {
			suffix string
			risk   Risk
		}{{"", Undoubled}, {"X", Doubled}, {"x", Doubled}, {"XX", Redoubled}, {"xx", Redoubled}, {"R", Redoubled}} {
			m[text+r.suffix] = Contract{Level: b.Level, Strain: b.Strain, Risk: r.risk}
		}
	}
	return m
}()

// ParseCall reads a call in any spelling found in real files or in Russian:
//
//   - pass: "Pass", "P", "pass", "пас", "пасс";
//   - double: "X", "D", "Dbl", "контра", "ктр", "дабл";
//   - redouble: "XX", "R", "Rdbl", "Redbl", "реконтра", "ре-контра", "рктр",
//     "редабл";
//   - a bid: a level, as a digit or a word ("1", "одна", "две", "seven"),
//     then a strain, with or without a space or comma between:
//     "1NT", "1N", "1 nt", "2♠", "1Ч", "2 БК", "3 трефы", "одна, пики",
//     "одна без козыря", "5 Hearts".
//
// Case and surrounding spaces are ignored. Annotations such as "!" or "=1="
// are not part of a call and are rejected. The error is a [*ParseError]
// naming the text and the reason; for a bid above seven such as "8H" it also
// matches [ErrBidAboveSeven] under errors.Is and carries Law 38.
func ParseCall(text string) (Call, error) {
	if c, ok := exactCalls[text]; ok {
		return c, nil
	}
	s := strings.ToLower(strings.TrimSpace(text))
	if c, ok := callWords[s]; ok {
		return c, nil
	}
	if s == "" {
		return 0, &ParseError{Kind: "call", Text: text, Reason: "empty"}
	}
	n, rest, ok := splitLevel(s)
	if !ok {
		return 0, &ParseError{Kind: "call", Text: text, Reason: "not a call (want Pass, X, XX or a bid such as 1NT)"}
	}
	st, ok := strainWords[foldCallWord(rest)]
	if !ok {
		return 0, notStrain("call", text, rest)
	}
	return bidOf(n, st, "call", text)
}

// ParseStrain reads a strain: "C", "D", "H", "S", "NT" or "N", the English
// names ("Spades", "No Trump"), the symbols ♣ ♦ ♥ ♠ (and ♧ ♢ ♡ ♤), or the
// Russian names and letters ("Т"/"тр" clubs, "Б"/"буб" diamonds, "Ч"
// hearts, "П" spades, "БК", "Б/К", "без козырей"). Case is ignored.
func ParseStrain(text string) (Strain, error) {
	if st, ok := strainWords[foldCallWord(strings.ToLower(text))]; ok {
		return st, nil
	}
	return 0, &ParseError{Kind: "strain", Text: text, Reason: "not a strain (want C, D, H, S or NT)"}
}

// ParseContract reads a contract without its declarer: "Pass" (or any
// spelling of pass) for a passed-out board, or a level, a strain and an
// optional risk. The risk is "X" or "XX" in any case, "R" for redoubled,
// "doubled"/"redoubled", or Russian "с контрой"/"с реконтрой". Level and
// strain are read as by [ParseCall]; accepted forms include "4HX", "3NTXX",
// "3NR", "4Hx", "2NTx", "1N", "5Hearts", "5NoTrump", "3 БК с контрой" and
// "2 Червы с реконтрой".
//
// The Declarer of the result is North, the zero Seat; the caller sets it.
// "?" (unknown) and "" (not applicable) are errors like any other
// non-contract; what they mean is the caller's business. The error is a
// [*ParseError]; for a level above seven it also matches [ErrBidAboveSeven].
func ParseContract(text string) (Contract, error) {
	if k, ok := exactContracts[text]; ok {
		return k, nil
	}
	s := strings.ToLower(strings.TrimSpace(text))
	if s == "" {
		return Contract{}, &ParseError{Kind: "contract", Text: text, Reason: "empty"}
	}
	if callWords[s] == Pass {
		return Contract{}, nil
	}
	n, rest, ok := splitLevel(s)
	if !ok {
		return Contract{}, &ParseError{Kind: "contract", Text: text, Reason: "not a contract (want Pass, or a level and strain such as 4H, 3NTX)"}
	}
	// Fold once and split the folded text, trying the longest strain first:
	// "ntxx" is NT then XX, "бк" is NT, not diamonds and a stray "к".
	f := foldCallWord(rest)
	longest := -1
	for i := min(len(f), longestStrainWord); i > 0; i-- {
		if i < len(f) && !utf8.RuneStart(f[i]) {
			continue
		}
		st, ok := strainWords[f[:i]]
		if !ok {
			continue
		}
		if longest < 0 {
			longest = i
		}
		if r, ok := riskWords[f[i:]]; ok {
			b, err := bidOf(n, st, "contract", text)
			if err != nil {
				return Contract{}, err
			}
			return Contract{Level: b.Level(), Strain: st, Risk: r}, nil
		}
	}
	if longest < 0 {
		return Contract{}, notStrain("contract", text, rest)
	}
	return Contract{}, &ParseError{Kind: "contract", Text: text,
		Reason: fmt.Sprintf("%q after the strain is not X, XX or R", strings.TrimSpace(afterFoldedWord(rest, longest)))}
}

// splitLevel reads the level at the start of s, which is folded to lower
// case: digits, or a level word followed by a space or comma. It returns the
// level (capped at 99, which is enough to tell it is above seven) and the
// rest with leading separators removed.
func splitLevel(s string) (n int, rest string, ok bool) {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		n = min(n*10+int(s[i]-'0'), 99)
		i++
	}
	if i == 0 {
		j := strings.IndexFunc(s, isCallSeparator)
		if j < 0 {
			return 0, "", false
		}
		if n, ok = levelWords[s[:j]]; !ok {
			return 0, "", false
		}
		i = j
	}
	return n, strings.TrimLeftFunc(s[i:], isCallSeparator), true
}

// bidOf checks the level read by splitLevel and returns the bid.
func bidOf(n int, st Strain, kind, text string) (Call, error) {
	switch {
	case n == 0:
		return 0, &ParseError{Kind: kind, Text: text, Reason: "level 0 does not exist; a bid is 1 to 7"}
	case n > 7:
		return 0, &ParseError{Kind: kind, Text: text, Reason: "no bid above seven exists (Law 38)", Err: ErrBidAboveSeven}
	}
	return NewBid(Level(n), st), nil
}

func notStrain(kind, text, rest string) error {
	if rest == "" {
		return &ParseError{Kind: kind, Text: text, Reason: "the level has no strain (want C, D, H, S or NT after it)"}
	}
	return &ParseError{Kind: kind, Text: text, Reason: fmt.Sprintf("%q is not a strain (want C, D, H, S or NT)", rest)}
}

func isCallSeparator(r rune) bool { return r == ',' || unicode.IsSpace(r) }

// foldCallWord drops the characters that do not change a strain or risk word.
func foldCallWord(s string) string {
	return strings.Map(func(r rune) rune {
		if ignoredInWord(r) {
			return -1
		}
		return r
	}, s)
}

// ignoredInWord reports whether foldCallWord drops r: separators, dots, hyphens,
// underscores and the emoji variation selector that often follows a suit
// symbol ("♥️").
func ignoredInWord(r rune) bool {
	return isCallSeparator(r) || r == '.' || r == '-' || r == '_' || r == '\uFE0F'
}

// afterFoldedWord returns what follows the part of s that folds to its first n
// bytes, to quote the user's own text in an error.
func afterFoldedWord(s string, n int) string {
	for i, r := range s {
		if n <= 0 {
			return s[i:]
		}
		if !ignoredInWord(r) {
			n -= utf8.RuneLen(r)
		}
	}
	return ""
}

// longestStrainWord is the length of the longest key of strainWords, which
// bounds the search for where a contract's strain ends.
var longestStrainWord = func() int {
	n := 0
	for w := range strainWords {
		n = max(n, len(w))
	}
	return n
}()
