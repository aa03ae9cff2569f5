package main

import (
	"bytes"
	"io"
	"testing"
)

// TestSpool writes text in pieces of many sizes, across the doubling of
// the spool's memory and past spoolMemory into its file, and reads back
// exactly what was written.
func TestSpool(t *testing.T) {
	t.Parallel()
	for _, total := range []int{0, 1, 4 << 10, 4<<10 + 1, 100 << 10, spoolMemory, spoolMemory + 1, spoolMemory + 70<<10} {
		s := newSpool(tempSpill)
		var want bytes.Buffer
		for i := 0; want.Len() < total; i++ {
			p := bytes.Repeat([]byte{byte('a' + i%26)}, min(1+i*37%5000, total-want.Len()))
			if n, err := s.Write(p); n != len(p) || err != nil {
				t.Fatalf("%d bytes: Write = %d, %v", total, n, err)
			}
			want.Write(p)
			if s.file == nil && cap(s.mem) > spoolMemory {
				t.Fatalf("%d bytes: %d bytes held in memory, more than %d", total, cap(s.mem), spoolMemory)
			}
		}
		got, err := io.ReadAll(s.reader())
		if err != nil || !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%d bytes: read back %d bytes (%v), want %d", total, len(got), err, want.Len())
		}
		s.discard()
	}
}
