package parser

// corpusDir is the shared real-world corpus, beside the repository. Tests
// that read it skip when it is absent.
const corpusDir = "../../shared/corpus"
