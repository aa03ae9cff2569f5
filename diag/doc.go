// Package diag is bridgekit's vocabulary for "where" and "what is wrong",
// shared by every other package and importing none of them, as go/token is
// for the Go tools.
//
// A [Pos] is a place in decoded text: its byte offset, line and column,
// and for LIN the label|value| pair. A [Span] is the text from a Pos to an
// end offset: the exact bytes a reader read a value from, which a repair
// rewrites and nothing else.
//
// A [Diagnostic] is one thing to say about a file: where ([Span], file,
// game, board), how serious ([Severity]), what kind ([Code]) and, in plain
// words, what is wrong. The readers, the converters, the rules engine and
// the archive workers all make Diagnostics; each fills in what it knows.
// The message never carries the Law: Law is a field, and the text and
// JSON forms add it.
//
// Every [Code] a user can see is in one table, [Codes], with its severity,
// Law and a one-line summary; the documentation and `bridgekit help audit`
// are made from it, and the tests check that every code in it is reported
// by some fixture and that nothing reports a code outside it.
package diag
