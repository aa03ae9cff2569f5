package parser

// maxFileDiagnostics caps what a reader keeps about a file as a whole,
// outside its games and records: a file of a million stray lines would
// otherwise hold a million reports.
const maxFileDiagnostics = 1000
