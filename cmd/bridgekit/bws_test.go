package main

import (
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdBWSFixture copies .bws fixtures of parser/bws/testdata, databases a
// txtar cannot hold as text, into the script's folder: bwsfixture NAME...
func cmdBWSFixture(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) == 0 {
		ts.Fatalf("usage: bwsfixture NAME...")
	}
	for _, name := range args {
		data, err := os.ReadFile(filepath.Join("..", "..", "parser", "bws", "testdata", name))
		ts.Check(err)
		ts.Check(os.WriteFile(ts.MkAbs(name), data, 0o644))
	}
}
