// Package benchinput builds the large, realistic inputs the benchmarks
// read: the real-world files of one format, one after the other, repeated
// up to a size. It is imported by tests only.
package benchinput

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Repeat returns the UTF-8 files with extension ext (any case) under the
// first of dirs that holds any, each without a byte-order mark and
// followed by a blank line, repeated until the text is at least size bytes
// long. Files in other encodings are left out, as one input has one
// encoding. It returns nil when no dir holds such a file; the caller
// then skips its benchmark.
func Repeat(ext string, size int, dirs ...string) []byte {
	for _, dir := range dirs {
		var parts [][]byte
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ext) {
				if data, err := os.ReadFile(p); err == nil && utf8.Valid(data) {
					parts = append(parts, bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
				}
			}
			return nil
		})
		if len(parts) == 0 {
			continue
		}
		var buf bytes.Buffer
		for buf.Len() < size {
			for _, p := range parts {
				buf.Write(p)
				buf.WriteString("\n\n")
			}
		}
		return buf.Bytes()
	}
	return nil
}
