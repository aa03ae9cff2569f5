package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestOutputPath(t *testing.T) {
	t.Parallel()
	args := []string{"events", "/data/events/", "season.zip", "<stdin>"}
	for _, tc := range []struct{ name, want, err string }{
		{name: "events/2019/final.pbn", want: "events/2019/final.lin"},
		{name: "/data/events/a.pbn", want: "events/a.lin"},
		{name: "season.zip!dir/a.pbn", want: "season/dir/a.lin"},
		{name: "season.zip!inner.tar.gz!b.pbn", want: "season/inner/b.lin"},
		{name: "season.zip!plain!b.pbn", want: "season/plain.d/b.lin"},
		{name: "old.tar.xz!b.pbn", want: "old/b.lin"},
		{name: "old.tar.bz2!b.pbn", want: "old/b.lin"},
		{name: "<stdin>", want: "stdin.lin"},
		{name: "<url 2>", want: "url-2.lin"},
		{name: "<stdin>!dir/a.pbn", want: "stdin/dir/a.lin"},
		{name: "<stdin>!/abs/a.pbn", want: "stdin/abs/a.lin"},
		{name: `season.zip!dir\sub\a.pbn`, want: "season/dir/sub/a.lin"},
		{name: `season.zip!C:\dir\a.pbn`, want: "season/dir/a.lin"},
		{name: "season.zip!./a.pbn", want: "season/a.lin"},
		{name: "<stdin>!../../../../tmp/x>", err: "climbs out"},
		{name: "season.zip!../a.pbn", err: "climbs out"},
		{name: `season.zip!dir\..\..\a.pbn`, err: "climbs out"},
		{name: "season.zip!/", err: "no name"},
		{name: "elsewhere/x.pbn", want: "x.lin"},
	} {
		got, _, err := outputPath(tc.name, args, ".lin")
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: %q, %v; want an error saying %q", tc.name, got, err, tc.err)
		case tc.err == "" && (err != nil || got != filepath.FromSlash(tc.want)):
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}

// FuzzOutputPath: whatever the input's name and the arguments, the output
// path is local to the output folder, or refused.
func FuzzOutputPath(f *testing.F) {
	for _, s := range []string{"events/a.pbn", "<stdin>!../../x>", "a.zip!/abs/b.pbn", `a.zip!..\b`, "<url 2>", "a.zip!b.zip!../c"} {
		f.Add(s, "events")
	}
	f.Fuzz(func(t *testing.T, name, arg string) {
		p, _, err := outputPath(name, []string{arg}, ".pbn")
		if err == nil && !filepath.IsLocal(p) {
			t.Fatalf("%q from %q leaves the folder: %q", name, arg, p)
		}
	})
}
