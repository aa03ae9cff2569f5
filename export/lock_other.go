//go:build !unix

package export

import (
	"errors"
	"os"
)

// openNonblock: there is no such flag here.
const openNonblock = 0

// errBusy is the lock held by another run; never met here.
var errBusy = errors.New("the lock is held")

// lockFolder: there is no flock here, and runs into one folder are not
// kept apart.
func lockFolder(*os.Root, string) (func(), error) { return func() {}, nil }

// syncDir: a folder cannot be synced here; the renames are the
// system's to keep.
func syncDir(*os.Root) error { return nil }
