//go:build unix

package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bridgekit/bridgekit/internal/testinput"
)

// TestWritesKilled kills fix -w and apply at random moments, by SIGKILL
// and by SIGINT: the file is always either the old text or the fixed one,
// no spool is left in $TMPDIR, and the temporary file a kill leaves beside
// the file goes with the next write (with SIGINT, at once).
func TestWritesKilled(t *testing.T) {
	bin := killable(t)
	src := []byte(strings.Repeat(mismatchBoard+"\n", 4000))
	for _, args := range [][]string{{"fix", "-w", "big.pbn"}, {"apply", "fix.patch"}} {
		t.Run(args[0], func(t *testing.T) { killed(t, bin, src, args) })
	}
}

// killed runs bridgekit with args in a folder holding big.pbn, src, and
// fix.patch, its fixes, and kills it 20 times.
func killed(t *testing.T, bin string, src []byte, args []string) {
	dir, tmp := t.TempDir(), t.TempDir()
	file := filepath.Join(dir, "big.pbn")
	os.WriteFile(file, src, 0o644)
	patch := exec.Command(bin, "fix", "--patch", "fix.patch", "big.pbn")
	patch.Dir = dir
	if out, err := patch.CombinedOutput(); err != nil {
		t.Fatalf("fix --patch: %v\n%s", err, out)
	}
	pid := 0 // of the last run
	run := func(sig syscall.Signal, after time.Duration) int {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		code := runKilled(t, cmd, sig, after)
		pid = cmd.Process.Pid
		return code
	}
	start := time.Now()
	if code := run(0, 0); code != 0 {
		t.Fatalf("%s: exit %d", args[0], code)
	}
	took := time.Since(start)
	fixed, _ := os.ReadFile(file)
	if bytes.Equal(fixed, src) {
		t.Fatal("nothing fixed")
	}
	for i := range 20 {
		sig := syscall.SIGKILL
		if i%4 == 3 {
			sig = syscall.SIGINT
		}
		os.WriteFile(file, src, 0o644)
		run(sig, rand.N(took*3/2)+time.Millisecond)
		got, _ := os.ReadFile(file)
		if !bytes.Equal(got, src) && !bytes.Equal(got, fixed) {
			t.Fatalf("kill %d (%v): the file is neither the old text nor the fixed one", i, sig)
		}
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Fatalf("kill %d (%v): %s left in TMPDIR", i, sig, left[0].Name())
		}
		if sig == syscall.SIGINT {
			// Its own, that is: a SIGKILL before may have left one, which
			// the next write of the file removes.
			if left := temps(t, dir, pid); len(left) > 0 {
				t.Fatalf("an interrupt left %v beside the file", left)
			}
		}
	}
	os.WriteFile(file, src, 0o644)
	if code := run(0, 0); code != 0 {
		t.Fatalf("%s after the kills: exit %d", args[0], code)
	}
	if left := temps(t, dir, 0); len(left) > 0 {
		t.Errorf("the next write left %v beside the file", left)
	}
}

// killable returns the bridgekit a kill test runs, or skips the test:
// with -short, or where there is none.
func killable(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("kills a run 20 times")
	}
	bin, err := exec.LookPath("bridgekit")
	if err != nil {
		t.Skip("no bridgekit to run:", err)
	}
	return bin
}

// runKilled runs cmd and sends it sig after the time given (never, for
// 0), and returns its exit status once it has ended.
func runKilled(t *testing.T, cmd *exec.Cmd, sig os.Signal, after time.Duration) int {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if after > 0 {
		time.Sleep(after)
		cmd.Process.Signal(sig)
	}
	cmd.Wait()
	return cmd.ProcessState.ExitCode()
}

// temps lists the temporary files of writes in dir: of the process pid,
// or of any for 0.
func temps(t *testing.T, dir string, pid int) []string {
	t.Helper()
	of := "*"
	if pid > 0 {
		of = strconv.Itoa(pid)
	}
	m, err := filepath.Glob(filepath.Join(dir, ".*.bridgekit-"+of+"-*.tmp"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// mismatchBoard is a board whose declarer, contract and result fix
// corrects.
var mismatchBoard = "[Event \"Club\"]\n[Board \"1\"]\n" + fmt.Sprintf(testinput.PlayedGame, "S", "4H", "9")
