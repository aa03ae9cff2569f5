package parser

import (
	"os"
	"testing"
)

// corpusDir is the shared real-world corpus, beside the repository. Tests
// that read it skip when it is absent.
const corpusDir = "../../shared/corpus"

// needCorpus returns corpusDir, skipping the test when the corpus is absent.
func needCorpus(t testing.TB) string {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("corpus not found at", corpusDir)
	}
	return corpusDir
}
