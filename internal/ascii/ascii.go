// Package ascii folds ASCII letters without allocating, for the names the
// readers look up in every game and board (tag names, scoring methods).
package ascii

// AppendLower appends s to dst with its ASCII capitals in lower case;
// other bytes are kept. Appended to a buffer on the caller's stack, the
// result looks a name up in a map without an allocation.
func AppendLower(dst []byte, s string) []byte {
	for i := range len(s) {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}
