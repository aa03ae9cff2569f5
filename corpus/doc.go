// Package corpus reads bridge records in bulk: it finds them in files,
// directories, archives and standard input, tells their format, works on
// them in parallel with results in input order, and sums up what it found.
//
// # Pipeline
//
// [Inputs] turns command-line paths into a sequence of [Input] values, in a
// deterministic order (paths as given, directories in lexical order, archive
// members as stored). Zip and tar archives, and tars and single files
// compressed with gzip, bzip2 or xz, are read in place,
// nested ones too, and never unpacked to disk; members are named
// "archive.zip!dir/member.pbn". A missing path or a broken archive is an
// error in the sequence, and the sequence goes on.
//
// [Run] hands each input to a work function on a pool of goroutines and
// passes each result to an emit function in input order, as gofmt's
// sequencer does: a result waits until all earlier ones are emitted. The
// ordering machinery is a [Sequencer], which can equally order the games of
// one large file handed to workers one by one.
//
// # Bounds
//
// Memory does not grow with the size of the input. Run bounds, through
// [RunOptions]:
//
//   - the tasks running at once (Jobs, default GOMAXPROCS);
//   - the input bytes of tasks running or waiting to be emitted
//     (MaxInFlight, default 4 MiB per job), by a weighted semaphore: an
//     input weighs its size, and one larger than the bound, or of unknown
//     size, runs alone;
//   - the tasks waiting to be emitted (MaxPending, default 16 per job), so
//     that one slow input does not pile up the results of thousands of
//     small ones behind it.
//
// [Audit] cuts a large input into batches of games of about 32 KiB, which
// workers read; when the boards are kept for a writer (AuditOptions.Boards)
// any input past one batch is read so, and a batch holds at most 128 games,
// since a kept board takes kilobytes however short its text.
//
// [Options].MaxOpenFiles (default 64) bounds the files open at once; members
// of one zip share one descriptor, opened while any of them is being read.
// A tar is read sequentially: its members up to [Limits].ReadAhead (4 MiB)
// are read ahead into memory so they can run in parallel, larger ones are
// [Input.Streamed] and worked on before discovery moves on.
//
// # Hostile archives
//
// [Limits] stop an archive that would cost too much, with a [LimitError]
// naming the member and the limit, while the run goes on: decompressed bytes
// per archive (16 GiB), expansion ratio (200, checked from 1 MiB of output
// on, which stops zip bombs after a megabyte), members per archive
// (100,000, checked on a zip's end record before its directory is read),
// nesting depth (2), and the size of a zip that must be read into memory
// (32 MiB). In a tar.gz, the members after a limit error are not read, since
// they come from the same stream.
//
// # Formats
//
// [Sniff] tells PBN, LIN and HTML pages with embedded LIN apart by content.
// Inside directories and archives, .pbn and .lin files are taken by name and
// every other file only when Sniff recognises it (or it is an archive), so
// that READMEs, spreadsheets and images are skipped quietly.
//
// # Findings
//
// [Audit] gives the findings of the readers, of the converters and of the
// replay of each board, merged in file order. One decision applies across
// them: a reader's warning about a LIN pair whose value the converter or
// the replay reports as an error ("mb value 1X is not a call" beside "call
// 2: 1X is not a call") is left out, since the error says the same and
// what it means for the board. Warnings about a value that reads but
// looks wrong, and all PBN findings, are kept.
//
// Some inputs would make findings without end: a board lists at most 100
// (then one more-findings finding counts the rest, with their worst
// severity; its syntax errors are all listed, since they say what text was
// not read), and a message quotes at most 200 bytes of the file. The
// readers cap their own reports (see package parser). Unless
// AuditOptions.AllFindings, a file lists the first RepeatLimit findings of
// each code and one finding that counts the rest; the workers do not even
// make the findings most such files raise on every board once a part's
// boards before list the limit of their code, and count them instead
// (diag.Tally), so that the report still counts every one.
//
// # Reports
//
// A [Report] counts files, games, bytes, formats, encodings, generators,
// contracts and [Finding] values by code and severity; per-input reports
// [Report.Merge] into one. A [DuplicateIndex] finds deals that repeat under
// other boards, and boards that repeat with other deals, across a whole run.
package corpus
