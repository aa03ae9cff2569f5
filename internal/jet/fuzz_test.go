package jet

import (
	"bytes"
	"testing"
)

// FuzzOpen opens arbitrary bytes as a database and reads every row of
// every table. Whatever the bytes, it must end, with rows or an error,
// without a panic.
func FuzzOpen(f *testing.F) {
	for _, fx := range loadFixtures(f) {
		f.Add(fx.data)
	}
	f.Add(synth())
	f.Fuzz(func(t *testing.T, data []byte) {
		db, err := Open(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return
		}
		readAll(db)
	})
}

// BenchmarkRows reads every row of every table of the largest fixture.
func BenchmarkRows(b *testing.B) {
	var big fixture
	for _, fx := range loadFixtures(b) {
		if len(fx.data) > len(big.data) {
			big = fx
		}
	}
	b.Logf("%s, %d bytes", big.name, len(big.data))
	b.SetBytes(int64(len(big.data)))
	b.ReportAllocs()
	for b.Loop() {
		db := openBytes(b, big.data)
		if _, err := readAll(db); err != nil {
			b.Fatal(err)
		}
	}
}
