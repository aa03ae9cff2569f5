package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bridgekit/bridgekit/corpus"
)

// isDirTarget reports whether -o names a directory: one that exists, or a
// name ending in a separator.
func isDirTarget(out string) bool {
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		return true
	}
	fi, err := os.Stat(out)
	return err == nil && fi.IsDir()
}

// outputPath returns the path, relative to the output directory, of the
// file written for the input named name: its path relative to the
// directory of the argument it was found under, with archive members under
// a directory named after the archive and the extension ext.
//
//	events/2019/final.pbn (from events)       events/2019/final.lin
//	/data/events/a.pbn (from /data/events)    events/a.lin
//	season.zip!dir/a.pbn                      season/dir/a.lin
//	<stdin>, <url 2>                          stdin.lin, url-2.lin
//	<stdin>!dir/a.pbn (a zip on stdin)        stdin/dir/a.lin
//
// A member's name is the archive's to choose, and a hostile archive
// chooses "../../x": such a name is refused. One written with
// backslashes, or as an absolute path (C:\dir\a.pbn, /dir/a.pbn), is read
// as the relative path it stands for, and renamed says how. The result is
// always a local path (filepath.IsLocal): it never leaves the directory.
func outputPath(name string, args []string, ext string) (rel string, renamed bool, err error) {
	parts := strings.Split(name, "!")
	outer, special := specialName(parts[0])
	if !special {
		outer = relativeToArg(outer, args)
	}
	elems := []string{outer}
	for i, member := range parts[1:] {
		if i == 0 && !special || i > 0 {
			elems[len(elems)-1] = stripArchiveExt(elems[len(elems)-1])
		}
		clean, changed, err := memberPath(member)
		if err != nil {
			return "", false, fmt.Errorf("%s: not written: %w", name, err)
		}
		renamed = renamed || changed
		elems = append(elems, clean)
	}
	p := filepath.Join(elems...)
	p = strings.TrimSuffix(p, filepath.Ext(p)) + ext
	if !filepath.IsLocal(p) {
		return "", false, fmt.Errorf("%s: not written: %s would leave the output folder", name, p)
	}
	return p, renamed, nil
}

// specialName returns the file name for an input with no path of its
// own, "<stdin>" or "<url 2>": "stdin", "url-2".
func specialName(outer string) (string, bool) {
	if len(outer) > 2 && outer[0] == '<' && outer[len(outer)-1] == '>' && !strings.ContainsAny(outer[1:len(outer)-1], `<>/\`) {
		return strings.ReplaceAll(outer[1:len(outer)-1], " ", "-"), true
	}
	return outer, false
}

// relativeToArg returns the path of a file found under one of the
// arguments relative to that argument's parent, so that the output keeps
// the argument's own name; a file named by no argument keeps its base name.
func relativeToArg(outer string, args []string) string {
	for _, arg := range args {
		if outer == arg || strings.HasPrefix(outer, strings.TrimSuffix(arg, "/")+"/") {
			if rel, err := filepath.Rel(filepath.Dir(filepath.Clean(arg)), outer); err == nil && filepath.IsLocal(rel) {
				return rel
			}
			break
		}
	}
	return filepath.Base(outer)
}

// errLeaves is the error of a member name that climbs out of its archive.
var errLeaves = errors.New(`the member's name climbs out of its archive with ".."`)

// memberPath returns a member's name as a relative path: backslashes read
// as separators, a leading separator or drive letter dropped, "." and
// empty elements left out; changed says whether it was written with
// backslashes or as an absolute path. A ".." element is an error.
func memberPath(member string) (clean string, changed bool, err error) {
	s := strings.ReplaceAll(member, `\`, "/")
	if len(s) >= 2 && s[1] == ':' && ('a' <= s[0]|0x20 && s[0]|0x20 <= 'z') {
		s = s[2:]
	}
	changed = s != member || strings.HasPrefix(s, "/")
	var elems []string
	for _, e := range strings.Split(s, "/") {
		switch e {
		case "", ".":
			continue
		case "..":
			return "", false, errLeaves
		}
		elems = append(elems, e)
	}
	if len(elems) == 0 {
		return "", false, errors.New("the member has no name")
	}
	return filepath.FromSlash(strings.Join(elems, "/")), changed, nil
}

// stripArchiveExt removes the extension of an archive's name (see
// corpus.ArchiveExt), or adds .d to a name with none, so that the
// directory of its members is not named as a file beside it could be.
func stripArchiveExt(name string) string {
	if ext := corpus.ArchiveExt(name); ext != "" {
		return strings.TrimSuffix(name, ext)
	}
	return name + ".d"
}
