// Package dd solves contract-bridge deals double dummy: the number of
// tricks each side takes when every player sees all four hands and plays
// perfectly.
//
// [Tricks] answers for one declarer and strain, [Table] for all twenty
// (the table [scoring.Par] reads), and [Solve] for a position part-way
// through the play: hands of any equal size, with cards already played to
// the current trick. [TableBudget] is [Table] within a time budget, which
// returns [ErrBudget] when the search runs past it. A [Solver] holds the
// memory these need and can be reused from deal to deal; the package-level
// functions borrow one from a pool.
//
// # Method
//
// The search is the one double-dummy solvers have used since GIB, written
// here from the published descriptions:
//
//   - The question asked of the tree is never "how many tricks" but "can
//     North–South take at least n of the remaining tricks": a boolean,
//     zero-window alpha-beta search. The trick count is found by a
//     sequence of such searches that start from a guess and step up or
//     down one trick at a time, in the manner of MTD(f) (Plaat, Schaeffer,
//     Pijls and de Bruin, "Best-first fixed-depth minimax algorithms",
//     Artificial Intelligence 87, 1996). Each search cuts off as soon as a
//     single card settles the question. For a table the first guess of a
//     strain comes from North–South's high-card points and trumps (a
//     line fitted to DDS's tables, raised by half a trick, since a first
//     search above the answer costs less than one below it), and each
//     later declarer's from the declarer before, a trick higher when
//     North–South are to lead.
//   - Positions at the start of a trick are kept in a transposition table,
//     with bounds on the tricks North–South take from there. Every search
//     also returns the cards that decided it: the cards that won a trick
//     by their rank (a higher card of the same suit was beaten), and the
//     top cards that the quick-trick bounds counted, save in a suit that
//     one hand alone still holds, where the suit lengths say as much as
//     the ranks and a card of it would only narrow the classes of the
//     positions above. An entry then stands for every position with the
//     same leader, the same number of cards of each suit in each hand,
//     and, in each suit, the same holders of the cards from the top down
//     to the lowest card that decided; the lower cards may lie anywhere.
//     This is Ginsberg's partition search (Matthew L. Ginsberg, "GIB:
//     Imperfect Information in a Computationally Challenging Game", JAIR
//     14, 2001) in the form Haglund describes for DDS, where the classes
//     are kept per set of suit lengths (Bo Haglund, "Search Algorithms for
//     a Bridge Double Dummy Solver", 2010). Because the bounds count
//     North–South's tricks, whoever declares, the four declarers of one
//     strain share the table.
//   - At the start of each trick cheap bounds often end the search there
//     (Haglund describes such quick-trick and later-trick cut-offs). The
//     leader's quick tricks: cards above every card the opponents hold in
//     their suit, cashed in turn while partner plays lower cards to them,
//     without an opponent ruffing or partner having to overtake or ruff.
//     In no trump the two hands combine: the leader cashes some suits,
//     leads low to partner's winner in another and partner cashes the
//     rest; in a suit contract, partner's quick tricks count when the
//     leader can reach them. Sure trump tricks, for either side and
//     whoever leads: a trump wins unless an opponent plays a higher one
//     to the same trick, and each of the opponents' trumps beats at most
//     one, so the trumps of one hand that are left when each is matched
//     to a higher trump of the opponents' win tricks. And when the
//     leader's side needs every trick, an opponent's top card in each
//     suit the leader can lead that partner cannot ruff.
//   - Cards that are adjacent in one hand, once the cards played to
//     earlier tricks are taken out, are the same card to the play: only one
//     of each run is tried. When every move fails, a run that reaches below
//     a card that decided counts its lowest card among those that decided,
//     so that every position of the entry's class holds the same run.
//   - The same reasoning prunes moves after the fact. When a move of a
//     search that fails has failed, another card of the same hand and suit
//     fails too if both lie below every card of that suit that decided
//     the first: the positions after the two are of one class (the
//     partition of Ginsberg's search). At the last hand of a trick this
//     leaves, of the cards that lose the trick, mostly one to try.
//   - Moves are ordered by plain bridge sense (cash winners, give partner a
//     ruff, else lead a short suit; second hand low when partner can beat
//     the card led in its suit and second hand has no card sure to hold,
//     else the cheapest card that beats it, and no ruff when partner will
//     win the trick or can beat the card led where the third hand
//     overruffs; win as cheaply as
//     possible, third hand high, do not ruff partner's winner nor ruff
//     low where the fourth hand overruffs, discard low from length) and,
//     for the leads, within that by a history of the leads that caused
//     cut-offs; at the start of a trick the lead that settled the same
//     position before is tried first.
//
// # Memory
//
// A Solver's transposition table has a fixed capacity, allocated on first
// use: 10·2^18 cells of 16 bytes and a byte beside each (42.5 MiB),
// which hold the entries, each a key with its bounds in one cell, in runs
// of 3 to 63 behind a header cell; and a directory of up to 2^18 slots of
// 16 bytes (4 MiB), one slot per leader and set of suit lengths, heading
// the list of its runs, newest first. A search starts with 2^13 slots of
// the directory (128 KiB, so that the slots it reads stay in the
// processor's caches) and doubles them when three-quarters are in use,
// with room to move them (1.5 MiB at most). The hardest deal found fills
// 95% of the cells in one search with some 60,000 lists, so the cells
// run out first: the directory is sized to them. The cells are filled an
// eighth at a time, and when they run out the oldest eighth is filled
// again: its entries are lost and the newest seven-eighths kept, where
// emptying the whole table made the searches that outgrow it half as
// long again. When the whole directory is three-quarters full the table
// is emptied. Nothing else grows with the search, so a Solver never uses
// more than about 48 MiB.
//
// The differential test against the C library DDS and the benchmark that
// compares the two live in the nested module dd/ddsref, which needs
// libdds (Debian's libdds-dev) and cgo:
//
//	go -C dd/ddsref test ./...
//	bench/dd.sh
package dd
