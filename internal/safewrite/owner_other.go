//go:build !unix

package safewrite

import (
	"io/fs"
	"os"
)

// alive reports whether process pid is running: here that cannot be told,
// so a temporary file is taken for alive and left alone.
func alive(int) bool { return true }

// writable: the rename's own permission check is all there is here.
func writable(string) error { return nil }

// keepOwner: files have no owner to keep here.
func keepOwner(*os.File, fs.FileInfo) error { return nil }

// links: hard links are not counted here.
func links(fs.FileInfo) uint64 { return 1 }

// openNonblock: there is no such flag here.
const openNonblock = 0
