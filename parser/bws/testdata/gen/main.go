// Command gen writes the .bws fixtures of parser/bws/testdata, invented
// sessions built by package bwstest (no real Bridgemate file may be
// shipped). Run it from the repository's root after changing bwstest:
//
//	go run ./parser/bws/testdata/gen
//
// TestFixturesUpToDate fails while a fixture differs from what gen
// writes.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/bridgekit/bridgekit/internal/bwstest"
)

func main() {
	for name, data := range bwstest.Fixtures() {
		if err := os.WriteFile(filepath.Join("parser", "bws", "testdata", name), data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
