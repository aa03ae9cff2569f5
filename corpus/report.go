package corpus

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/bridgekit/bridgekit/diag"

	"github.com/bridgekit/bridgekit/auction"
)

// Counts tallies names: formats, encodings, generators, finding codes.
// Its JSON form is an object with the names in sorted order.
type Counts map[string]int

// Add adds n to name, making the map if needed.
func (c *Counts) Add(name string, n int) {
	if *c == nil {
		*c = Counts{}
	}
	(*c)[name] += n
}

// Sorted returns the names, most frequent first, ties in name order.
func (c Counts) Sorted() []string {
	return slices.SortedFunc(maps.Keys(c), func(a, b string) int {
		return cmp.Or(cmp.Compare(c[b], c[a]), strings.Compare(a, b))
	})
}

// MarshalJSON writes {} for a nil Counts, so readers always find an object.
func (c Counts) MarshalJSON() ([]byte, error) {
	if c == nil {
		return []byte("{}"), nil
	}
	return json.Marshal(map[string]int(c))
}

func (c *Counts) merge(o Counts) {
	for k, v := range o {
		c.Add(k, v)
	}
}

// Contracts counts final contracts by level (index 0 for level 1) and
// strain (auction.Clubs … auction.NoTrump).
type Contracts [7][5]int

// MarshalJSON writes the contracts that occurred as {"1C": n, …, "7NT": n},
// lowest first.
func (c Contracts) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for level, row := range c {
		for strain, n := range row {
			if n == 0 {
				continue
			}
			if b.Len() > 1 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"%d%s":%d`, level+1, auction.Strain(strain), n)
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the form MarshalJSON writes, so that reports
// written by separate runs (bridgekit export's shards) can be merged.
func (c *Contracts) UnmarshalJSON(data []byte) error {
	var m map[string]int
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*c = Contracts{}
	for k, n := range m {
		ct, err := auction.ParseContract(k)
		if err != nil || ct.PassedOut() || ct.Level < 1 || ct.Level > 7 || ct.Strain > auction.NoTrump {
			return fmt.Errorf("contracts: %q is not a level and a strain", k)
		}
		c[ct.Level-1][ct.Strain] += n
	}
	return nil
}

// A Report sums up a run: what was read and what was found. The zero value
// is an empty report. A Report is not safe for concurrent use; fill one per
// input in the workers and Merge them in Run's emit.
type Report struct {
	Files      int       `json:"files"`      // inputs read
	Unreadable int       `json:"unreadable"` // paths and inputs that could not be read
	Games      int       `json:"games"`      // games (PBN) and records (LIN)
	Boards     int       `json:"boards"`     // games and records read as boards
	Deals      int       `json:"deals"`      // distinct full deals (Audit's total; 0 without the search for duplicates)
	Bytes      int64     `json:"bytes"`      // bytes of input, decompressed
	PassedOut  int       `json:"passed_out"` // boards passed out
	Contracts  Contracts `json:"contracts"`  // the other final contracts
	Formats    Counts    `json:"formats"`    // Format.String() → inputs
	Encodings  Counts    `json:"encodings"`  // encoding name → inputs
	Generators Counts    `json:"generators"` // generator or creator → inputs
	Codes      Counts    `json:"codes"`      // finding code → findings
	Severities Counts    `json:"severities"` // severity → findings
	// Coverage accounts for every number the inputs state that bridgekit
	// knows how to check: agreed, flagged, or unchecked with a reason. A
	// room's ScoreIMP still waiting for its other room when the run ends
	// counts in Audit's total only, as no part holds it.
	Coverage diag.Ledger `json:"coverage"`
}

// AddFinding counts f by code and severity.
func (r *Report) AddFinding(f diag.Diagnostic) {
	r.Codes.Add(string(f.Code), 1)
	r.Severities.Add(f.Severity.String(), 1)
}

// AddContract counts a final contract, or a passed-out board. A contract
// outside 1–7 and the five strains is not counted.
func (r *Report) AddContract(c auction.Contract) {
	switch {
	case c.PassedOut():
		r.PassedOut++
	case c.Level <= 7 && c.Strain <= auction.NoTrump:
		r.Contracts[c.Level-1][c.Strain]++
	}
}

// Findings returns the number of findings counted.
func (r *Report) Findings() int {
	n := 0
	for _, v := range r.Severities {
		n += v
	}
	return n
}

// Unread reports whether the inputs held text that is not PBN or LIN: a
// finding of a syntax code, which makes every command's exit status 1.
func (r *Report) Unread() bool {
	for code := range r.Codes {
		if diag.Code(code).IsSyntax() {
			return true
		}
	}
	return false
}

// Merge adds o's counts to r.
func (r *Report) Merge(o *Report) {
	r.Files += o.Files
	r.Unreadable += o.Unreadable
	r.Games += o.Games
	r.Boards += o.Boards
	r.Deals += o.Deals
	r.Bytes += o.Bytes
	r.PassedOut += o.PassedOut
	for l := range r.Contracts {
		for s := range r.Contracts[l] {
			r.Contracts[l][s] += o.Contracts[l][s]
		}
	}
	r.Formats.merge(o.Formats)
	r.Encodings.merge(o.Encodings)
	r.Generators.merge(o.Generators)
	r.Codes.merge(o.Codes)
	r.Severities.merge(o.Severities)
	r.Coverage.Merge(&o.Coverage)
}

// WriteText writes the report for people, e.g.
//
//	files        3 (1 unreadable)
//	games        120
//	boards       120
//	deals        60
//	bytes        1.2 MiB
//	formats      pbn 2, lin 1
//	encodings    UTF-8 2, Windows-1252 1
//	generators   BridgeComposer 5.50 1
//	contracts    112, passed out 8
//	                C    D    H    S   NT
//	             1  .    .    .    .    1
//	             …
//	numbers      stated 340: agreed 300, flagged 2, unchecked 38 — excerpt 38
//	findings     3: error 2, info 1
//	             insufficient-bid 2
//	             unknown-tag 1
//
// Deals are left out when not counted. Names with equal counts come in
// name order, so the output is stable.
func (r *Report) WriteText(w io.Writer) error {
	var b bytes.Buffer
	line := func(label, format string, args ...any) {
		fmt.Fprintf(&b, "%-13s"+format+"\n", append([]any{label}, args...)...)
	}
	files := strconv.Itoa(r.Files)
	if r.Unreadable > 0 {
		files += fmt.Sprintf(" (%d unreadable)", r.Unreadable)
	}
	line("files", "%s", files)
	line("games", "%d", r.Games)
	line("boards", "%d", r.Boards)
	if r.Deals > 0 {
		line("deals", "%d", r.Deals)
	}
	line("bytes", "%s", human(r.Bytes))
	line("formats", "%s", r.Formats.text(nil))
	line("encodings", "%s", r.Encodings.text(nil))
	line("generators", "%s", r.Generators.text(nil))

	played := 0
	for _, row := range r.Contracts {
		for _, n := range row {
			played += n
		}
	}
	line("contracts", "%d, passed out %d", played, r.PassedOut)
	if played > 0 {
		fmt.Fprintf(&b, "%13s%5s%5s%5s%5s%5s\n", "", "C", "D", "H", "S", "NT")
		for level, row := range r.Contracts {
			fmt.Fprintf(&b, "%13s%d", "", level+1)
			for i, n := range row {
				cell := "."
				if n > 0 {
					cell = strconv.Itoa(n)
				}
				width := 4
				if i > 0 {
					width = 5
				}
				fmt.Fprintf(&b, "%*s", width, cell)
			}
			b.WriteByte('\n')
		}
	}

	if r.Coverage.Stated() == 0 {
		line("numbers", "none stated that bridgekit checks")
	} else {
		line("numbers", "stated %s", r.Coverage.Text())
	}
	total := r.Findings()
	if total == 0 {
		line("findings", "none")
	} else {
		line("findings", "%d: %s", total, r.Severities.text([]string{"error", "warning", "info"}))
		for _, code := range r.Codes.Sorted() {
			fmt.Fprintf(&b, "%13s%s %d\n", "", code, r.Codes[code])
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// text renders counts as "a 3, b 1", or "none"; names in first come first,
// in that order, and the others by Sorted.
func (c Counts) text(first []string) string {
	if len(c) == 0 {
		return "none"
	}
	names := slices.DeleteFunc(c.Sorted(), func(n string) bool { return slices.Contains(first, n) })
	var parts []string
	for _, n := range append(slices.Clone(first), names...) {
		if v, ok := c[n]; ok {
			parts = append(parts, fmt.Sprintf("%s %d", n, v))
		}
	}
	return strings.Join(parts, ", ")
}
