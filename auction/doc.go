// Package auction is bridgekit's domain model and rules engine for contract
// bridge: seats, calls, auctions, contracts, cards, deals, play and scoring.
// It replays an auction call by call under the Laws of Duplicate Bridge and
// says, with the Law, why a call is illegal.
//
// The package does no I/O and imports only diag of bridgekit's, for the
// positions and codes of its errors; package record holds boards as files
// record them against these rules.
package auction
