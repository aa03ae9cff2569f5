package scan

import "unsafe"

// MaxChunkBytes bounds the memory ResetChunk keeps: the memory of a game
// or record far larger than the rest is left to the collector rather than
// held for the next batch.
const MaxChunkBytes = 4 << 20

// Carve returns n zero elements from the chunk *buf, or from a new chunk
// when it has no room left: the chunks grow until one holds what a batch
// needs. What was carved before keeps its memory.
func Carve[T any](buf *[]T, n int) []T {
	b := *buf
	if cap(b)-len(b) < n {
		b = make([]T, 0, max(2*cap(b), n, 64))
	}
	s := b[len(b) : len(b)+n : len(b)+n]
	*buf = b[:len(b)+n]
	return s
}

// ResetChunk makes a chunk's memory free to be carved again. It clears
// what was used, so that what is carved next is zero as new memory is and
// the collector keeps nothing alive through it.
func ResetChunk[T any](buf []T) []T {
	var zero T
	if uintptr(cap(buf))*unsafe.Sizeof(zero) > MaxChunkBytes {
		return nil
	}
	clear(buf)
	return buf[:0]
}
