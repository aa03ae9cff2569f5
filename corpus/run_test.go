package corpus

import (
	"archive/tar"
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// TestRunOrder works on files with random delays and checks that results,
// and the errors for missing paths among them, come out in input order.
func TestRunOrder(t *testing.T) {
	dir := t.TempDir()
	tree := map[string][]byte{}
	var paths, want []string
	for i := range 120 {
		name := fmt.Sprintf("f%03d.pbn", i)
		tree[name] = []byte(pbnText(fmt.Sprint(i)))
		paths = append(paths, name)
		want = append(want, name+" "+pbnText(fmt.Sprint(i)))
		if i%17 == 5 {
			missing := fmt.Sprintf("missing%d.pbn", i)
			paths = append(paths, missing)
			want = append(want, "ERR "+missing+": no such file or directory")
		}
	}
	writeTree(t, dir, tree)
	t.Chdir(dir)

	for _, jobs := range []int{1, 3, 16} {
		var got []string
		work := func(in *Input) string {
			if rand.IntN(4) == 0 {
				time.Sleep(time.Duration(rand.IntN(2000)) * time.Microsecond)
			}
			b, err := readInput(in)
			if err != nil {
				return err.Error()
			}
			return string(b)
		}
		emit := func(in *Input, r string, err error) {
			if err != nil {
				got = append(got, "ERR "+err.Error())
				return
			}
			got = append(got, in.Name+" "+r)
		}
		if err := Run(context.Background(), Inputs(paths, nil, Options{}), RunOptions{Jobs: jobs}, work, emit); err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("jobs %d: results out of order or wrong:\n%s", jobs, strings.Join(got, "\n"))
		}
	}
}

// TestSequencerLimits checks, under random task durations, that running
// tasks never exceed Jobs, unemitted tasks never exceed MaxPending, their
// weight never exceeds MaxInFlight, and the results keep their order.
func TestSequencerLimits(t *testing.T) {
	t.Parallel()
	opts := RunOptions{Jobs: 3, MaxInFlight: 1000, MaxPending: 7}
	var running, pending, weight, maxRunning, maxPending, maxWeight atomic.Int64
	raise := func(m *atomic.Int64, v int64) {
		for {
			old := m.Load()
			if v <= old || m.CompareAndSwap(old, v) {
				return
			}
		}
	}
	type res struct{ i, w int64 }
	var order []int64
	s := NewSequencer(context.Background(), opts, func(r res) {
		order = append(order, r.i)
		pending.Add(-1)
		weight.Add(-r.w)
	})
	for i := range int64(300) {
		w := rand.Int64N(400)
		if i%50 == 0 {
			w = -1 // unknown: runs alone
		}
		eff := w
		if w < 0 {
			eff = opts.MaxInFlight
		}
		raise(&maxPending, pending.Add(1))
		raise(&maxWeight, weight.Add(eff))
		err := s.Add(w, func() res {
			raise(&maxRunning, running.Add(1))
			if rand.IntN(5) == 0 {
				time.Sleep(time.Duration(rand.IntN(1000)) * time.Microsecond)
			}
			running.Add(-1)
			return res{i, eff}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	s.Wait()
	for i, v := range order {
		if int64(i) != v {
			t.Fatalf("result %d emitted in place %d", v, i)
		}
	}
	if len(order) != 300 {
		t.Fatalf("%d results emitted, want 300", len(order))
	}
	// The counters are raised before Add waits, so they may exceed a limit
	// by the one task being added.
	if maxRunning.Load() > int64(opts.Jobs) {
		t.Errorf("%d tasks ran at once, Jobs is %d", maxRunning.Load(), opts.Jobs)
	}
	if maxPending.Load() > int64(opts.MaxPending)+1 {
		t.Errorf("%d tasks pending at once, MaxPending is %d", maxPending.Load(), opts.MaxPending)
	}
	if maxWeight.Load() > opts.MaxInFlight+opts.MaxInFlight {
		t.Errorf("weight in flight reached %d, MaxInFlight is %d", maxWeight.Load(), opts.MaxInFlight)
	}
}

// TestSequencerExclusive checks that a task of unknown weight runs alone.
func TestSequencerExclusive(t *testing.T) {
	t.Parallel()
	var running atomic.Int32
	var bad atomic.Bool
	s := NewSequencer(context.Background(), RunOptions{Jobs: 4, MaxInFlight: 100}, func(int) {})
	for i := range 40 {
		w := int64(10)
		if i%7 == 3 {
			w = -1
		}
		s.Add(w, func() int {
			n := running.Add(1)
			if w < 0 && n != 1 {
				bad.Store(true)
			}
			time.Sleep(100 * time.Microsecond)
			running.Add(-1)
			return i
		})
	}
	s.Wait()
	if bad.Load() {
		t.Error("a task of unknown weight ran alongside others")
	}
}

func TestRunCancel(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	inputs := func(yield func(*Input, error) bool) {
		for i := 0; ; i++ {
			if !yield(memInput(fmt.Sprint(i), "", []byte("x")), nil) {
				return
			}
		}
	}
	var got []string
	err := Run(ctx, inputs, RunOptions{Jobs: 2}, func(in *Input) string {
		if in.Name == "10" {
			cancel()
		}
		return in.Name
	}, func(in *Input, r string, err error) { got = append(got, r) })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Run after cancel: %v", err)
	}
	if len(got) < 11 {
		t.Fatalf("only %d results emitted", len(got))
	}
	for i, r := range got {
		if r != fmt.Sprint(i) {
			t.Fatalf("result %d is %q", i, r)
		}
	}
}

// TestRunStreamed runs over a tar on standard input whose large members are
// streamed: Run must work on each before discovery moves on.
func TestRunStreamed(t *testing.T) {
	t.Parallel()
	var ms []member
	var want []string
	for i := range 12 {
		text := pbnText(fmt.Sprint(i))
		if i%3 == 0 {
			text = strings.Repeat(text, 100)
		}
		ms = append(ms, member{name: fmt.Sprintf("m%d.pbn", i), data: []byte(text)})
		want = append(want, fmt.Sprintf("<stdin>!m%d.pbn %d", i, len(text)))
	}
	opts := Options{Limits: Limits{ReadAhead: 1000}}
	var got []string
	err := Run(context.Background(), Inputs([]string{"-"}, bytes.NewReader(tarBytes(t, ms)), opts), RunOptions{Jobs: 4},
		func(in *Input) string {
			b, err := readInput(in)
			if err != nil {
				return err.Error()
			}
			return fmt.Sprintf("%s %d", in.Name, len(b))
		},
		func(in *Input, r string, err error) { got = append(got, r) })
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// tarStream writes a tar of total bytes of PBN-like members to a pipe as it
// is read, so the input itself never sits in memory. Every tenth member is
// large enough to be streamed; the others are read ahead.
func tarStream(total int64) io.Reader {
	pr, pw := io.Pipe()
	go func() {
		bw := bufio.NewWriterSize(pw, 256<<10)
		tw := tar.NewWriter(bw)
		game := []byte(strings.Repeat(pbnText("1")+"[Deal \"N:AKQJ.T98.765.432 ...\"]\n\n", 200))
		var written int64
		for i := 0; written < total; i++ {
			size := int64(64 << 10)
			if i%10 == 9 {
				size = 6 << 20
			}
			if err := tw.WriteHeader(&tar.Header{Name: fmt.Sprintf("m%d.pbn", i), Mode: 0o644, Size: size}); err != nil {
				pw.CloseWithError(err)
				return
			}
			for left := size; left > 0; {
				n, err := tw.Write(game[:min(left, int64(len(game)))])
				if err != nil {
					pw.CloseWithError(err)
					return
				}
				left -= int64(n)
			}
			written += size
		}
		err := tw.Close()
		if err == nil {
			err = bw.Flush()
		}
		pw.CloseWithError(err)
	}()
	return pr
}

// peakHeap runs f while sampling the live heap, and returns the highest
// sample after a collection before f starts.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(2 * time.Millisecond):
			}
		}
	})
	f()
	close(stop)
	wg.Wait()
	return peak.Load()
}

// TestRunMemoryFlat runs the pipeline over 32 MiB and 512 MiB of input and
// checks that the heap does not grow with the input.
func TestRunMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 544 MiB")
	}
	run := func(total int64) (uint64, int64) {
		var bytesSeen atomic.Int64
		peak := peakHeap(func() {
			err := Run(context.Background(), Inputs([]string{"-"}, tarStream(total), Options{}),
				RunOptions{Jobs: 4, MaxInFlight: 16 << 20},
				func(in *Input) int64 {
					rc, err := in.Open()
					if err != nil {
						t.Error(err)
						return 0
					}
					defer rc.Close()
					n, err := io.Copy(io.Discard, rc)
					if err != nil {
						t.Error(err)
					}
					return n
				},
				func(in *Input, n int64, err error) {
					if err != nil {
						t.Error(err)
					}
					bytesSeen.Add(n)
				})
			if err != nil {
				t.Error(err)
			}
		})
		return peak, bytesSeen.Load()
	}
	smallPeak, smallBytes := run(32 << 20)
	bigPeak, bigBytes := run(512 << 20)
	t.Logf("peak heap: %s over %s, %s over %s", human(int64(smallPeak)), human(smallBytes), human(int64(bigPeak)), human(bigBytes))
	if bigBytes < 512<<20 || smallBytes < 32<<20 {
		t.Fatalf("read %d and %d bytes", smallBytes, bigBytes)
	}
	if bigPeak > 64<<20 {
		t.Errorf("peak heap %s over %s of input; want under 64 MiB", human(int64(bigPeak)), human(bigBytes))
	}
	if bigPeak > smallPeak+16<<20 {
		t.Errorf("heap grew with input: %s over 32 MiB, %s over 512 MiB", human(int64(smallPeak)), human(int64(bigPeak)))
	}
}

// TestRunOpenFiles checks that readers never hold more files open than
// Options.MaxOpenFiles, however many jobs want one. It runs in a synctest
// bubble, where each job's hold of its file is fake time: the jobs overlap
// as far as the limit lets them, the same on any machine.
func TestRunOpenFiles(t *testing.T) {
	synctest.Test(t, testRunOpenFiles)
}

func testRunOpenFiles(t *testing.T) {
	dir := t.TempDir()
	tree := map[string][]byte{}
	for i := range 30 {
		tree[fmt.Sprintf("f%02d.pbn", i)] = []byte(pbnText(fmt.Sprint(i)))
	}
	writeTree(t, dir, tree)
	var open, maxOpen atomic.Int32
	err := Run(context.Background(), Inputs([]string{dir}, nil, Options{MaxOpenFiles: 3}), RunOptions{Jobs: 10},
		func(in *Input) error {
			rc, err := in.Open()
			if err != nil {
				return err
			}
			n := open.Add(1)
			for old := maxOpen.Load(); n > old && !maxOpen.CompareAndSwap(old, n); old = maxOpen.Load() {
			}
			time.Sleep(time.Millisecond)
			open.Add(-1)
			return rc.Close()
		},
		func(in *Input, err, ierr error) {
			if err != nil || ierr != nil {
				t.Error(err, ierr)
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	if m := maxOpen.Load(); m != 3 {
		t.Errorf("%d files open at once; MaxOpenFiles is 3 and 10 jobs wanted one each", m)
	}
}
