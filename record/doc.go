// Package record is a board as a file records it, and the checker that
// holds the record against the Laws.
//
// A [Board] is one complete record of a board, whichever format it came
// from: the deal, the auction and the play as written, the tags, notes and
// commentary, and what the file says the outcome was ([Recorded]). It is
// built of plain values (no syntax trees), so that the converters fill it,
// [Check] replays it and the writers print it without knowing about each
// other. [Check] replays the auction and the play with package auction's
// rules engine, records what the replay gives ([Outcome]), and reports as
// diagnostics what the record gets wrong: an illegal call or card, a
// contract, declarer, result or score that the replay contradicts, a deal
// that does not add up. [Board.Final] is the outcome to write.
//
// Optional values are spelt one way: a field V with a V+"Known" flag
// (ContractKnown, VulnerableKnown, TricksKnown) says whether V is known.
// Present is of another kind: whether the file writes a tag or a section
// at all, whatever its value.
//
// The package imports only auction and diag of bridgekit's.
package record
