package report

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/bridgekit/bridgekit/internal/testinput"
)

var screenshots = flag.Bool("screenshots", false, "write the screenshots of the README under docs/")

// chromium returns the path of a Chromium to drive, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium here: the browser tests need one (Debian: apt-get install chromium); .ci/run installs it")
	return ""
}

// writeReport audits paths and writes their report into a new directory,
// returning it and the number of findings audit lists.
func writeReport(t *testing.T, paths []string) (string, int) {
	t.Helper()
	out := t.TempDir()
	listed, err := audit(out, paths, Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return out, listed
}

// TestBrowser opens the report of the samples and part of the real-world
// corpus in headless Chromium: the index lists as many findings as audit;
// filtering a findings page by a code shows only that code; following a
// finding opens its board with the offending call marked; no page raises
// an error.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	paths := []string{"../corpus/samples"}
	if testinput.HaveCorpus() {
		paths = append(paths, filepath.Join(testinput.CorpusDir(), "endplay"), filepath.Join(testinput.CorpusDir(), "bridge-bots"))
	}
	out, listed := writeReport(t, paths)
	runs, _ := filepath.Glob(filepath.Join(out, "pages-*"))
	if len(runs) != 1 {
		t.Fatalf("the report has %d folders of pages, want 1: %q", len(runs), runs)
	}
	run := filepath.Base(runs[0])

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true),
		chromedp.WindowSize(1200, 900), chromedp.UserDataDir(t.TempDir()))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	var mu sync.Mutex
	var errs []string
	if err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			errs = append(errs, ev.ExceptionDetails.Text)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				errs = append(errs, fmt.Sprint(ev.Args))
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	url := func(name string) string { return "file://" + filepath.Join(out, name) }

	// The index says how many findings it lists: audit's number.
	if err := chromedp.Do(ctx, chromedp.Navigate(url("index.html"))); err != nil {
		t.Fatal(err)
	}
	shown, err := chromedp.Run(ctx, chromedp.AttributeValue(".listed", "data-listed"))
	if err != nil {
		t.Fatal(err)
	}
	if shown.Value != fmt.Sprint(listed) {
		t.Errorf("the index lists %s findings; audit %d", shown.Value, listed)
	}
	index, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}

	// Filtering by a code shows that code alone.
	const code = "insufficient-bid"
	if err := chromedp.Do(ctx, chromedp.Navigate(url(run+"/findings-0001.html")+"?code="+code), chromedp.WaitVisible("#f-count")); err != nil {
		t.Fatal(err)
	}
	visible, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#findings tbody tr")).filter(r => !r.hidden).map(r => r.dataset.code)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(visible) == 0 {
		t.Fatalf("no %s row shown", code)
	}
	for _, c := range visible {
		if c != code {
			t.Errorf("filtered by %s, a row of %s is shown", code, c)
		}
	}

	// Following the finding opens its board, the call marked.
	link := `#findings tbody tr[data-code="` + code + `"] a`
	if err := chromedp.Do(ctx, chromedp.Click(link), chromedp.WaitVisible("section.board:target td.bad")); err != nil {
		t.Fatal(err)
	}
	marked, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("section.board:target td.bad").title`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(marked, code) || !strings.Contains(marked, "Law 27") {
		t.Errorf("the marked call says %q", marked)
	}
	if err := chromedp.Do(ctx, chromedp.ScrollIntoView("section.board:target")); err != nil {
		t.Fatal(err)
	}
	board, err := chromedp.Run(ctx, chromedp.Screenshot("section.board:target"))
	if err != nil {
		t.Fatal(err)
	}

	// A team-match board's other room is a link that opens it, and it
	// links back.
	pages, _ := filepath.Glob(filepath.Join(runs[0], "files", "*.html"))
	var roomsPage string
	for _, p := range pages {
		if data, err := os.ReadFile(p); err == nil && bytes.Contains(data, []byte(`<p class="rooms">`)) {
			roomsPage = filepath.Join(run, "files", filepath.Base(p))
			break
		}
	}
	if roomsPage == "" {
		t.Fatal("no board page says its other room: the samples hold a team match")
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url(roomsPage))); err != nil {
		t.Fatal(err)
	}
	from, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("p.rooms").closest("section.board").id`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click("p.rooms a"), chromedp.WaitVisible("section.board:target p.rooms")); err != nil {
		t.Fatal(err)
	}
	back, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("section.board:target p.rooms a").getAttribute("href")`))
	if err != nil {
		t.Fatal(err)
	}
	if want := "#" + from; !strings.HasSuffix(back, want) {
		t.Errorf("the other room links back to %q, not to %s", back, want)
	}

	mu.Lock()
	if len(errs) > 0 {
		t.Errorf("the pages raised errors: %v", errs)
	}
	mu.Unlock()
	if *screenshots {
		for name, png := range map[string][]byte{"report-index.png": index, "report-board.png": board} {
			if err := os.WriteFile(filepath.Join("..", "docs", name), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, png := range [][]byte{index, board} {
		if !bytes.HasPrefix(png, []byte("\x89PNG")) {
			t.Error("a screenshot is no PNG")
		}
	}
}
