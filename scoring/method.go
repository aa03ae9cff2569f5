package scoring

import (
	"fmt"
	"github.com/bridgekit/bridgekit/internal/ascii"
	"strings"

	"github.com/bridgekit/bridgekit/diag"
)

// Base is how the results of a board are compared.
type Base uint8

// The bases of a Scoring tag.
const (
	NoBase      Base = iota // the tag names none
	MatchPoints             // MP, MatchPoints
	IMP                     // IMP (with a datum or across the field: Butler, Cross)
	BAM                     // board-a-match
	Rubber                  // Rubber, Chicago, Cavendish: not duplicate
	Instant                 // an InstantScoreTable gives the score
)

// Datum is what an IMP score is measured against.
type Datum uint8

// The datums.
const (
	TwoRooms Datum = iota // teams: the score at the other table
	Butler                // the mean of the scores but the highest and the lowest
	Butler2               // the same ("Butler-2" names it in some programs)
	Mean                  // the mean of all the scores
	Median                // the median score
	Cross                 // each score against every other (cross-IMPs): the sum
	Cross1                // cross-IMPs: the mean per comparison
	Cross2                // cross-IMPs: the sum scaled to a comparison per other table, halved
)

// Counting is how matchpoints count.
type Counting uint8

// The counts: 2 for each score beaten and 1 for each tied (MP1, the PBN
// default), or 1 and ½ (MP2).
const (
	MP1 Counting = iota
	MP2
)

// Method is a Scoring tag read.
type Method struct {
	Text     string // as written
	Base     Base
	Datum    Datum
	Datums   []Datum // every datum named, when several are (Butler and Mean)
	Counting Counting
	// OldMP scores undertricks as before 1987: a doubled contract not
	// vulnerable loses 200, not 300, from the fourth undertrick on.
	OldMP bool
	// Experts, Neuberg and the year of an IMP scale are kept as named.
	Modifiers []string
}

// ParseMethod reads a Scoring tag's value. An empty value or "?" is the
// zero Method with no error: the file does not say. A field it does not
// know is an error naming it.
func ParseMethod(text string) (Method, error) {
	m := Method{Text: text}
	t := strings.TrimSpace(text)
	if t == "" || t == "?" || t == "-" {
		return m, nil
	}
	var unknown []string
	// Every board of a file names its method, most often in one word:
	// the fields are cut and folded without allocating.
	var fold [24]byte
	for rest := t; rest != ""; {
		f := rest
		if i := strings.IndexAny(rest, ";,"); i >= 0 {
			f, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		f = strings.TrimSpace(f)
		switch string(ascii.AppendLower(fold[:0], f)) {
		case "":
		case "mp", "matchpoints", "matchpoint", "pairs", "topscore":
			m.Base = MatchPoints
		case "imp", "imps", "imp_1948", "imp_1961":
			m.Base = IMP
			if f != "IMP" && strings.HasPrefix(strings.ToLower(f), "imp_") {
				m.Modifiers = append(m.Modifiers, f)
			}
		case "bam", "board-a-match":
			m.Base = BAM
		case "rubber", "chicago", "cavendish":
			m.Base = Rubber
		case "instant":
			m.Base = Instant
		case "butler":
			m.addDatum(Butler)
		case "butler-2", "butler2":
			m.addDatum(Butler2)
		case "mean":
			m.addDatum(Mean)
		case "median":
			m.addDatum(Median)
		case "cross":
			m.addDatum(Cross)
		case "cross1":
			m.addDatum(Cross1)
		case "cross2":
			m.addDatum(Cross2)
		case "mp1":
			m.Counting = MP1
			if m.Base == NoBase {
				m.Base = MatchPoints
			}
		case "mp2":
			m.Counting = MP2
			if m.Base == NoBase {
				m.Base = MatchPoints
			}
		case "oldmp":
			m.OldMP = true
		case "experts", "neuberg":
			m.Modifiers = append(m.Modifiers, f)
		default:
			unknown = append(unknown, f)
		}
	}
	if m.Base == NoBase && len(m.Datums) > 0 {
		m.Base = IMP // "Butler" alone: IMPs against a datum
	}
	if len(unknown) > 0 {
		return m, fmt.Errorf("scoring %q: %s not a scoring method bridgekit knows (MP, MatchPoints, IMP, BAM, Butler, Butler-2, Cross, Cross1, Cross2, Mean, Median, MP1, MP2, OldMP, Rubber, Chicago, Instant)",
			text, quoteList(unknown))
	}
	return m, nil
}

func (m *Method) addDatum(d Datum) {
	if len(m.Datums) == 0 {
		m.Datum = d
	}
	m.Datums = append(m.Datums, d)
}

// quoteList says names in a sentence: "\"x\" is", "\"x\" and \"y\" are".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	if len(q) == 1 {
		return q[0] + " is"
	}
	return diag.JoinAnd(q) + " are"
}

// Duplicate reports whether the method compares a board's results across
// tables: matchpoints, IMPs or board-a-match.
func (m Method) Duplicate() bool { return m.Base == MatchPoints || m.Base == IMP || m.Base == BAM }

// CrossIMPs reports whether m scores a board in cross-IMPs: each score
// against every other (Cross, Cross1, Cross2).
func (m Method) CrossIMPs() bool {
	return m.Datum == Cross || m.Datum == Cross1 || m.Datum == Cross2
}
