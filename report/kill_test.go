//go:build unix

package report

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary run with these set writes the report of the paths into
// the folder, as the report command does, for TestKilled to kill.
const (
	childOut   = "BRIDGEKIT_TEST_REPORT_OUT"
	childPaths = "BRIDGEKIT_TEST_REPORT_PATHS"
)

func TestMain(m *testing.M) {
	if out := os.Getenv(childOut); out != "" {
		if _, err := audit(out, filepath.SplitList(os.Getenv(childPaths)), Options{}, nil); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestKilled kills report runs at random moments, each over the report of
// other files that the run before left: whatever the moment, index.html
// and every page it links are there, and all are of one run. A run that
// ends removes the pages of those before it.
func TestKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("kills a run 20 times")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	in, out := t.TempDir(), t.TempDir()
	sets := map[string][]string{}
	for _, set := range []string{"a", "b"} {
		files := map[string]string{}
		for i := range 40 {
			var b strings.Builder
			for n := range 10 {
				fmt.Fprintf(&b, played, i*10+n+1)
			}
			files[fmt.Sprintf("%s%02d.pbn", set, i)] = b.String()
		}
		sets[set] = writeFiles(t, in, files)
	}
	start := func(set string) *exec.Cmd {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), childOut+"="+out, childPaths+"="+strings.Join(sets[set], string(filepath.ListSeparator)))
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	began := time.Now()
	if err := start("a").Wait(); err != nil {
		t.Fatal(err)
	}
	whole := time.Since(began)
	checkReport(t, out, sets["a"])

	seed := uint64(time.Now().UnixNano())
	t.Logf("a run takes %v; seed %d", whole, seed)
	r := rand.New(rand.NewPCG(seed, 0))
	last, cut := "a", 0
	for i := range 20 {
		set := string("ab"[i%2])
		cmd := start(set)
		time.Sleep(time.Duration(r.Int64N(int64(whole))))
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		last = checkReport(t, out, nil)
		if len(entries(t, out)) > 2 {
			cut++ // a folder of pages that no index links
		}
	}
	t.Logf("%d of 20 kills left pages no index links", cut)
	set := string("ab"[strings.Index("ab", last)^1])
	if err := start(set).Wait(); err != nil {
		t.Fatal(err)
	}
	checkReport(t, out, sets[set])
	if names := entries(t, out); len(names) != 2 || names[0] != "index.html" || !runFolder.MatchString(names[1]) {
		t.Errorf("after a whole run the folder holds %q; want index.html and its run's pages", names)
	}
}
