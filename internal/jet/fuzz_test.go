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

// BenchmarkRows reads every row of every table, system tables included,
// of the fixture with the most rows (about 1,800, with every
// 8-bit character, GUIDs and dates).
func BenchmarkRows(b *testing.B) {
	var data []byte
	for _, fx := range loadFixtures(b) {
		if fx.name == "testIndexCodesV1997.mdb" {
			data = fx.data
		}
	}
	if data == nil {
		b.Fatal("no fixture testIndexCodesV1997.mdb")
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	rows := 0
	for b.Loop() {
		n, err := readAll(openBytes(b, data))
		if err != nil {
			b.Fatal(err)
		}
		rows = n
	}
	b.ReportMetric(float64(rows), "rows/op")
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
