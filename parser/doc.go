// Package parser tells which format an input holds (Sniff, Detect): PBN,
// BBO LIN, an HTML page with LIN inside, or none. Its packages read them:
// parser/charset decodes the bytes to UTF-8, parser/pbn and parser/lin read
// the text into syntax trees whose every node knows its position. They know
// syntax, not meaning: what a call or a deal means is the business of
// package auction, reached through package convert.
//
// # Bounds
//
// What a reader holds follows the structure of its input, never its bytes
// alone, so that junk cannot exhaust memory:
//
//   - a PBN game takes at most 4 MiB of text, a LIN record 16 MiB; past
//     that the text is reported and skipped;
//   - an auction or play section is read up to 2,048 tokens (the longest
//     legal auction has 319 calls), then one too-many-tokens error;
//   - a LIN record is cut at 20,000 pairs, with a lin-too-many-pairs
//     error, and the rest read as the next record;
//   - a PBN game reports at most 100 errors, and each kind of warning once
//     with a count; a LIN record keeps 64 reports, and reports of junk
//     between records 64 a stretch, the rest counted in one lin-too-many
//     warning;
//   - the reports about a file as a whole stop at 1,000, with one
//     too-many-problems warning counting the rest;
//   - messages quote at most 40 characters of PBN text, and a clipped
//     stretch of a LIN value.
//
// Every cap is an error or a warning in the reports, never silent: a
// command that writes refuses, or says, what was not read.
package parser
