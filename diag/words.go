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

// Plural says how many of noun there are, as counts are said for people:
// "1 board", "19,552 boards", "2 leading passes".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "s") || strings.HasSuffix(noun, "x") || strings.HasSuffix(noun, "ch") || strings.HasSuffix(noun, "sh") {
		return Thousands(n) + " " + noun + "es"
	}
	return Thousands(n) + " " + noun + "s"
}
