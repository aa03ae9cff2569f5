package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/bridgekit/bridgekit/internal/testinput"
)

// TestFixHeirsAcrossParts: standard input is read in batches of about
// 64 KiB, planned apart; a game at the start of one that takes with "#"
// the Result an edit of the batch before changes leaves that edit unmade,
// as a game of the same batch does. Every other game's Result is fixed.
func TestFixHeirsAcrossParts(t *testing.T) {
	played := fmt.Sprintf(testinput.PlayedGame, "N", "4HX", "9")
	// Games of some 1.5 KB with a Result to fix, each followed by a
	// short one that takes it with "#": a batch ends after a long game
	// more often than not, so the next begins with an heir.
	var in strings.Builder
	const pairs = 120
	for i := range pairs {
		fmt.Fprintf(&in, "[Event \"Club\"]\n[Board \"%d\"]\n{%s}\n%s\n", 2*i+1, strings.Repeat("padding ", 150), played)
		fmt.Fprintf(&in, "[Event \"Club\"]\n[Board \"%d\"]\n[Result \"#\"]\n\n", 2*i+2)
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"bridgekit", "fix", "--only", "result", "-"}, strings.NewReader(in.String()), &out, &errOut); code >= exitError {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if n := strings.Count(out.String(), `[Result "10"]`); n != 0 {
		t.Errorf("%d Results fixed that a later game takes with \"#\"", n)
	}
	if !bytes.Equal(out.Bytes(), []byte(in.String())) {
		t.Error("the text changed")
	}
	if n := strings.Count(errOut.String(), `takes this game's [Result] with "#"`); n != pairs {
		t.Errorf("%d boards said left alone, want %d:\n%s", n, pairs, errOut.String())
	}
}
