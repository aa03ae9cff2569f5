// Package dd solves contract-bridge deals double dummy: the number of
// tricks each side takes when every player sees all four hands and plays
// perfectly.
//
// [Tricks] answers for one declarer and strain, [Table] for all twenty
// (the table [scoring.Par] reads), and [Solve] for a position part-way
// through the play: hands of any equal size, with cards already played to
// the current trick. A [Solver] holds the memory these need and can be
// reused from deal to deal; the package-level functions borrow one from a
// pool.
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
//     single card settles the question.
//   - Positions at the start of a trick are kept in a transposition table,
//     with bounds on the tricks North–South take from there. The key is
//     the pattern of the remaining cards, suit by suit, by relative rank:
//     for each suit, who holds its lowest remaining card, its next, and so
//     on, and who is on lead. Positions that differ only in which low cards
//     have been played therefore share an entry, the simplest form of the
//     equivalence that Ginsberg's partition search generalises (Matthew L.
//     Ginsberg, "GIB: Imperfect Information in a Computationally
//     Challenging Game", JAIR 14, 2001). Because the bounds count
//     North–South's tricks, whoever declares, the four declarers of one
//     strain share the table.
//   - At the start of each trick the leader's quick tricks, top cards that
//     can be cashed in turn without an opponent ruffing or partner
//     overtaking, bound the result from the leader's side, and often end
//     the search there (Bo Haglund, "Search Algorithms for a Bridge Double
//     Dummy Solver", 2010, describes these quick-trick cut-offs).
//   - Cards that are adjacent in one hand, once the cards played to
//     earlier tricks are taken out, are the same card to the play: only one
//     of each run is tried.
//   - Moves are ordered by plain bridge sense (cash winners, give partner a
//     ruff, second hand low, win as cheaply as possible, do not ruff
//     partner's winner, discard low) and, within that, by a history of the
//     cards that caused cut-offs; at the start of a trick the lead that
//     settled the same position before is tried first.
//
// # Memory
//
// A Solver's transposition table has a fixed capacity: 2^21 entries of 24
// bytes, 48 MiB, allocated on first use. Entries sit in buckets of four,
// chosen by a hash of the key. A new entry takes a free slot of its
// bucket, else the slot of an entry left by an earlier search (another
// deal or strain), else that of the entry with the fewest tricks left,
// the cheapest to find again. Nothing else grows with the search, so a
// Solver never uses more than about 49 MiB.
//
// The differential test against the C library DDS and the benchmark that
// compares the two live in the nested module dd/ddsref, which needs
// libdds (Debian's libdds-dev) and cgo:
//
//	go -C dd/ddsref test ./...
//	bench/dd.sh
package dd
