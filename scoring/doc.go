// Package scoring compares the results of a board across tables and
// matches, as tournament scoring programs do, so that the numbers a file
// states can be checked: matchpoints (MP1 2/1/0 and MP2 1/½/0, Neuberg
// for a board played fewer times), IMPs against a datum (mean, median,
// Butler), cross-IMPs, board-a-match, victory points on the WBF 2013
// continuous scale, the duplicate score of the old undertrick scale, and
// the double-dummy par of a deal.
//
// The methods come from a PBN Scoring tag ([ParseMethod]): a ";"-separated
// list of a base (MP, MatchPoints, IMP, BAM …) and modifiers (Butler,
// Cross, Mean, MP1, OldMP …), as PBN 2.1 §3.4.11 lists them. A field the
// package does not know is an error, never a guess.
package scoring
