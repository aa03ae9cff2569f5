package corpus

import (
	"io"
	"iter"
	"slices"
	"strings"

	"github.com/bridgekit/bridgekit/certify"
	"github.com/bridgekit/bridgekit/diag"
	"github.com/bridgekit/bridgekit/parser/pbn"
	"github.com/bridgekit/bridgekit/record"

	"github.com/bridgekit/bridgekit/convert"
)

// maxChain bounds the games a batch converts again before its first game
// (see pbnReading.chain).
const maxChain = 16

// pbnReading reads the games of a PBN input: the reader cuts their texts
// from the file, workers read them, and a resolver completes them in file
// order (see pbn.Resolver).
type pbnReading struct {
	st      *fileState
	rd      *pbn.Reader
	res     pbn.Resolver
	games   bool             // a game has been admitted
	unknown map[string]bool  // unknown tag names already reported
	cert    *certify.Checker // the export-format check, for a file that claims it or when asked
	gen     string           // the first game's Generator tag
	// chain holds the games since the last one that names its board or
	// deal: a follow-up game takes its board from the game before it
	// (convert.PBNOptions.Previous), which may itself be a follow-up, so
	// a batch that starts with one converts these again first. In files
	// without any Board or Deal tag it keeps the last maxChain games.
	chain []pbnGame
	// scope is the event and session in force, for the search for
	// duplicates: archives that name the event and stage on a match's
	// first game only (rpbridge.net) mean them for the games after it,
	// until another is named. shared is a copy of it, with its session,
	// that the games admitted since it last changed point to.
	scope  dupScope
	shared *sharedScope
}

// sharedScope is a scope the games between two changes of it share, with
// its session worked out once, not for every board.
type sharedScope struct {
	dupScope
	session string
}

// admitted is what admit gives a game's converter: the scope in force at
// it, and where among its findings the export-format check of the game
// alone goes (certify.Checker.Game, which the worker runs): after those of
// the check that depends on the games before, as when one call made both.
type admitted struct {
	scope  *sharedScope
	certAt int
}

// dupScope is what, beside the board number, tells one board from
// another: the event, the session within it, and the match.
type dupScope struct{ event, stage, round, section, date, home, visit string }

// session is the scope's session, as Place.Session gives it.
func (s dupScope) session() string { return joinKnown(s.stage, s.round, s.section, s.date) }

// follow returns the scope in force after a game with the given tags:
// a tag of its own replaces the one in force, and a new event starts
// afresh.
func (s dupScope) follow(g *pbn.Game) dupScope {
	// The values as Game.Value gives them, in one pass over the tags
	// rather than one a name: this runs for every game, in file order.
	var v [7]string
	var seen uint8
	for _, tags := range [2][]*pbn.Tag{g.Tags, g.Implicit} {
		for _, t := range tags {
			if i := scopeTag(t.Name); i >= 0 && seen&(1<<i) == 0 {
				seen |= 1 << i
				v[i] = t.Value
			}
		}
	}
	if ev := v[0]; known(ev) && ev != s.event {
		s = dupScope{event: ev}
	}
	for i, f := range [...]*string{&s.stage, &s.round, &s.section, &s.date, &s.home, &s.visit} {
		if known(v[i+1]) {
			*f = v[i+1]
		}
	}
	return s
}

// scopeTag returns the index of a tag of the scope in dupScope.follow's
// list, -1 for any other tag.
func scopeTag(name string) int {
	switch name {
	case "Event":
		return 0
	case "Stage":
		return 1
	case "Round":
		return 2
	case "Section":
		return 3
	case "Date":
		return 4
	case "HomeTeam":
		return 5
	case "VisitTeam":
		return 6
	}
	return -1
}

func newPBNReading(st *fileState, r io.Reader) *pbnReading {
	rd := pbn.NewReader(r, st.name)
	if st.opts.Encoding != "" {
		rd.UseEncoding(st.opts.Encoding)
	}
	return &pbnReading{st: st, rd: rd}
}

func (r *pbnReading) units() iter.Seq2[*pbn.GameText, error] { return r.rd.GameTexts() }
func (r *pbnReading) size(t *pbn.GameText) int               { return len(t.Source) }
func (r *pbnReading) diagnostics() diag.List                 { return r.rd.Diagnostics() }

// context is the chain, for a batch that starts with a follow-up game: one
// that names its board or deal takes nothing from the games before, and a
// batch that held them for nothing held the text and tables of a game more
// (a traveller of 100,000 rows: 4 MB) for as long as it runs.
func (r *pbnReading) context(next pbnGame) []pbnGame {
	if next.Tag("Deal") != nil || next.Tag("Board") != nil {
		return nil
	}
	for _, g := range r.chain {
		g.arena.hold()
	}
	return slices.Clone(r.chain)
}

// pbnGame is a game and the arena its tree was read into.
type pbnGame struct {
	*pbn.Game
	arena *arena
	// adm is what admit gives the game's converter. Both run in the
	// goroutine that reads the game's batch, so it needs no lock, where
	// a map of them shared by the batches did: two workers spent 4% of
	// their time on its lock.
	adm *admitted
}

func (r *pbnReading) parser() (func(*pbn.GameText) pbnGame, func()) {
	p := pbn.NewParser(r.st.name)
	s := &arenas{use: func(a *arena) { p.UseArena(&a.pbn) }}
	var adms []admitted // carved for the games, 64 at a time
	return func(t *pbn.GameText) pbnGame {
		s.start()
		g, ok := (*pbn.Game)(nil), false
		if plainPBN {
			g, ok = p.ParsePlain(t)
		}
		if !ok {
			g = p.Parse(t)
		}
		if len(adms) == cap(adms) {
			adms = make([]admitted, 0, 64)
		}
		adms = adms[:len(adms)+1]
		return pbnGame{g, s.took(len(t.Source)), &adms[len(adms)-1]}
	}, s.done
}

// plainPBN makes the parsers read the games that are plain in one pass
// (pbn.Parser.ParsePlain), most of a corpus's games, and only the others
// with the full parser. The two give equal games; it is a variable so
// that a test can compare whole audits read both ways.
var plainPBN = true

// header returns the % lines before the file's first tag pair.
func (r *pbnReading) header() []*pbn.Escape {
	if r.games {
		return r.res.Header()
	}
	return r.rd.Header()
}

// admit resolves what the game takes from those before it, and reports
// the first use in the file of each tag that PBN does not define
// (convert.KnownPBNTag), on the game itself; it notes the generator the
// first game names, and the games a batch starting at the next one must
// convert first.
func (r *pbnReading) admit(g pbnGame) {
	r.res.Resolve(g.Game)
	r.games = true
	r.scope = r.scope.follow(g.Game)
	if g.Index == 1 {
		r.gen = g.Value("Generator")
		if h := r.header(); !r.st.opts.SkipChecks && (r.st.opts.Certify || certify.Claims(h)) {
			r.cert = certify.NewChecker(r.st.name, h)
			g.Diagnostics = append(g.Diagnostics, r.cert.Header()...)
		}
	}
	if r.cert != nil {
		// What depends on the games before; the rest of the check, of the
		// game alone, is the worker's (converter).
		g.Diagnostics = append(g.Diagnostics, r.cert.Sequence(g.Game)...)
	}
	if r.shared == nil || r.shared.dupScope != r.scope {
		// A scope of seven strings in each game was 11.8 MB of the 163
		// an audit of 29 MB of PBN allocated; most games share the one
		// before them.
		r.shared = &sharedScope{r.scope, r.scope.session()}
	}
	*g.adm = admitted{scope: r.shared, certAt: len(g.Diagnostics)}
	var before []*pbn.Tag // the tags of the game before, their names checked already
	if n := len(r.chain); n > 0 {
		before = r.chain[n-1].Tags
	}
	for i, t := range g.Tags {
		if i < len(before) && before[i].Name == t.Name {
			// Games mostly write the tags of the game before, in its
			// order: a comparison spares the lookups.
			continue
		}
		if convert.KnownPBNTag(t.Name) || r.unknown[t.Name] {
			continue
		}
		if r.unknown == nil {
			r.unknown = map[string]bool{}
		}
		r.unknown[t.Name] = true
		g.Diagnostics.Add(diag.Diagnostic{
			File: g.Filename, Span: diag.Span{Pos: t.Pos}, Game: g.Index, Severity: diag.Info, Code: diag.UnknownTag,
			Message: "tag " + t.Name + " is not defined by PBN 2.1; kept as written (reported once per file)",
		})
	}
	g.arena.hold()
	if g.Tag("Deal") != nil || g.Tag("Board") != nil {
		r.dropChain(len(r.chain))
	}
	r.chain = append(r.chain, g)
	if len(r.chain) > maxChain {
		r.dropChain(1)
	}
}

// dropChain removes the first n games of the chain.
func (r *pbnReading) dropChain(n int) {
	for _, g := range r.chain[:n] {
		g.arena.release()
	}
	r.chain = slices.Delete(r.chain, 0, n)
}

func (r *pbnReading) converter(ctx []pbnGame) func(*Part, pbnGame) {
	var (
		ck      record.Checker
		prev    *record.Board
		names   matchNames
		started bool
	)
	header := r.header()
	return func(p *Part, g pbnGame) {
		if !started {
			started = true
			for _, c := range ctx {
				prev, _ = convert.FromPBN(c.Game, convert.PBNOptions{Header: header, Previous: prev})
				c.arena.release()
			}
		}
		var into *record.Board
		if !r.st.opts.Boards {
			into = spareBoard()
		}
		a := *g.adm        // admit set it
		if r.cert != nil { // set by admit, before it gave this game
			g.Diagnostics = slices.Insert(g.Diagnostics, a.certAt, r.cert.GameTally(g.Game, r.st.tallyOf(p))...)
		}
		b, mapped := convert.FromPBN(g.Game, convert.PBNOptions{Header: header, Previous: prev, Into: into})
		s := a.scope
		r.st.board(p, &ck, b, mapped, g.Diagnostics, g.Pos, s.event, s.session, names.of(s.home, s.visit))
		g.arena.release()
		if !r.st.opts.Boards && prev != nil {
			// The board before is done with; this one is the next game's
			// Previous.
			spareBoards.Put(prev)
		}
		prev = b
	}
}

// finish adds the reader's last findings, the encoding and the program
// that wrote the file (the first game's Generator, else a "%Creator:" line
// of the header), and the text after the last game when boards are kept.
func (r *pbnReading) finish(p *Part, diags diag.List) {
	r.dropChain(len(r.chain))
	gen := r.gen
	if gen == "" {
		gen = creator(r.header())
	}
	r.st.finishFile(p, r.rd.Encoding(), gen, diags)
	if !r.st.opts.Boards {
		return
	}
	t := r.rd.Trailer()
	if h := r.rd.Header(); !r.games && len(h) > 0 {
		// No game took the header's % lines: they are the trailer's, so
		// that a writer keeps them.
		g := &pbn.Game{Filename: r.st.name}
		if t != nil {
			*g = *t
		}
		g.Escapes = append(slices.Clone(h), g.Escapes...)
		t = g
	}
	if t != nil {
		p.Trailer, _ = convert.FromPBN(t, convert.PBNOptions{})
	}
}

// creator returns the program a PBN header names in a "%Creator:" line,
// or in the "% <META name=Generator content=…>" lines Ruter and Magic
// Contest write, with the version their next line gives.
func creator(header []*pbn.Escape) string {
	var meta [2]string // Generator, Version
	for _, e := range header {
		t := strings.TrimSpace(e.Text)
		if len(t) > 8 && strings.EqualFold(t[:8], "creator:") {
			return strings.TrimSpace(t[8:])
		}
		for i, name := range []string{"generator", "version"} {
			if v, ok := metaContent(t, name); ok && meta[i] == "" {
				meta[i] = v
			}
		}
	}
	if meta[0] == "" {
		return ""
	}
	return strings.TrimSpace(meta[0] + " " + meta[1])
}

// metaContent reads a header line "<META name=NAME content="VALUE">" of
// the given name (any case, the name quoted or not).
func metaContent(line, name string) (string, bool) {
	f := strings.Fields(line)
	if len(f) < 3 || !strings.EqualFold(f[0], "<meta") || !strings.EqualFold(strings.Trim(strings.TrimPrefix(strings.ToLower(f[1]), "name="), `"`), name) {
		return "", false
	}
	// Found in the line as written: lower case may change its length.
	for i := 0; i+len("content=") <= len(line); i++ {
		if strings.EqualFold(line[i:i+len("content=")], "content=") {
			v := strings.TrimSuffix(strings.TrimSpace(line[i+len("content="):]), ">")
			return strings.Trim(strings.TrimSpace(v), `"`), true
		}
	}
	return "", false
}
