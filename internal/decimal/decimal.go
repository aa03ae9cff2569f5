// Package decimal reads the numbers that bridge files write: scores,
// matchpoints, percentages, IMPs and carry-overs, in plain decimal
// notation. strconv.ParseFloat also reads "NaN", "Inf", "1e9" and hex
// floats, which no scoring program writes and which, read, would carry a
// NaN or an infinity into totals, rankings and JSON (which cannot hold
// them).
package decimal

import "strconv"

// Parse reads s as a decimal number: an optional sign, digits, and an
// optional fraction after a point ("-620", "+4", "36.7", ".5"). Anything
// else, including an empty string, is not one.
func Parse(s string) (float64, bool) {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits, point := 0, false
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			digits++
		case c == '.' && !point:
			point = true
		default:
			return 0, false
		}
	}
	if digits == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}
