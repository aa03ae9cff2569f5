package diag

import "strings"

// JoinAnd joins words as a sentence lists them: "a", "a and b",
// "a, b and c".
func JoinAnd(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
