// Package auction is bridgekit's domain model and rules engine for contract
// bridge: seats, calls, auctions, contracts, cards, deals, play and scoring.
// It replays an auction call by call under the Laws of Duplicate Bridge and
// says, with the Law, why a call is illegal.
//
// Optional values are spelt one way: a field V with a V+"Known" flag
// (ContractKnown, VulnerableKnown, TricksKnown) says whether V is known.
// Present is of another kind: whether the file writes a tag or a section
// at all, whatever its value.
//
// The package does no I/O and imports only diag of bridgekit's, for the
// positions and codes of its findings; convert and corpus build on it.
package auction
