//go:build !unix

package corpus

import "io"

// fileReaderAt returns false: files are *os.File here, which readerAtOf
// takes.
func fileReaderAt(io.Reader) (io.ReaderAt, int64, bool) { return nil, 0, false }
