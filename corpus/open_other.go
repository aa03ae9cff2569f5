//go:build !unix

package corpus

import (
	"io"
	"os"
)

// openRead opens a file for reading.
func openRead(path string) (io.ReadCloser, error) { return os.Open(path) }
