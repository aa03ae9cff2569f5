package report

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// runFolder is the name of a run's folder of pages, with the process
// that wrote it: the name is bridgekit's, so that a later run knows the
// folder for its own to remove.
var runFolder = regexp.MustCompile(`^pages-([0-9]+)-[0-9a-f]{8}$`)

// runName returns a new run's folder name: pages-PID-RANDOM.
func runName() string {
	var r [4]byte
	rand.Read(r[:])
	return "pages-" + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(r[:])
}

// linkedRun finds the run folders the index links.
var linkedRun = regexp.MustCompile(`href="(pages-[0-9]+-[0-9a-f]{8})/`)

// sweep removes from root, whose index links the pages in the folder run,
// the pages of the reports before it: the folders of runs that are over
// (the last report's, and those of killed runs, which no index links),
// and the pages of a report of before run folders (see legacyPage). A
// folder the index links is kept, though not run's: another run may have
// written the index since. So is one a live process is writing. Anything
// else is the user's and stays. Errors are left: the report is whole, and
// what is not removed only takes room.
func sweep(root *os.Root, run string) {
	keep := map[string]bool{run: true}
	if index, err := root.ReadFile("index.html"); err == nil {
		for _, m := range linkedRun.FindAllSubmatch(index, -1) {
			keep[string(m[1])] = true
		}
	}
	entries, _ := fs.ReadDir(root.FS(), ".")
	for _, e := range entries {
		name := e.Name()
		if m := runFolder.FindStringSubmatch(name); m != nil && e.IsDir() && !keep[name] {
			if pid, err := strconv.Atoi(m[1]); err == nil && (pid == os.Getpid() || !alive(pid)) {
				root.RemoveAll(name)
			}
		}
		if legacyList.MatchString(name) && e.Type().IsRegular() && legacyPage(root, name) {
			root.Remove(name)
		}
	}
	files, _ := fs.ReadDir(root.FS(), "files")
	for _, e := range files {
		if name := "files/" + e.Name(); legacyFile.MatchString(e.Name()) && e.Type().IsRegular() && legacyPage(root, name) {
			root.Remove(name)
		}
	}
	if len(files) > 0 {
		root.Remove("files") // only when nothing else is in it
	}
}

// The names of the pages of a report written before run folders: they
// went into the report's folder itself, beside the index.
var (
	legacyList = regexp.MustCompile(`^(findings|files)-[0-9]{4,}\.html$`)
	legacyFile = regexp.MustCompile(`^[0-9]{5,}(-[0-9]+)?\.html$`)
)

// legacyPage reports whether the regular file name in root is a page a
// report wrote: one that starts as header starts every page, with the
// same style and script. A page bridgekit did not write, or one of a
// version with another style, is not taken for one.
func legacyPage(root *os.Root, name string) bool {
	f, err := root.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	const start = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"
	head := "</title>\n<style>" + style + "</style>\n<script>" + script + "</script>\n</head>\n"
	// The title is a file's name, escaped: a path of at most a few KiB.
	buf := make([]byte, len(start)+len(head)+32<<10)
	n, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return false
	}
	text, ok := strings.CutPrefix(string(buf[:n]), start)
	if !ok {
		return false
	}
	i := strings.Index(text, "</title>\n")
	return i >= 0 && !strings.Contains(text[:i], "<") && strings.HasPrefix(text[i:], head)
}
