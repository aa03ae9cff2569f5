package pbn

import (
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// TestPBNLexerTokens checks the coarse tokens the lexer hands participle.
func TestPBNLexerTokens(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want string // token types, then each token's text
	}{
		{"", ""},
		{"% x\n{c} prose\n[A \"1\"] [B \"2\"] ; b\n", "Lead|% x\n{c} prose Tags|[A \"1\"] [B \"2\"] ; b"},
		{"[A \"1\"]\n[Auction \"N\"] {c}\n1C AP\n[Note \"1:x\"]\n[Note \"2:y\"]\n[B \"2\"]",
			"Tags|[A \"1\"] Section|[Auction \"N\"] {c}\n1C AP Notes|[Note \"1:x\"]\n[Note \"2:y\"] Tags|[B \"2\"]"},
		{"[Play \"W\"]\n[ScoreTable \"Rank\"]\n[Other \"x\"] data\n[Table \"3\"]",
			"Section|[Play \"W\"] Section|[ScoreTable \"Rank\"] Section|[Other \"x\"] data Tags|[Table \"3\"]"},
		{"[A \"1\"]\n% escape\n[ \"bad\"]\n[B \"2\"]", "Tags|[A \"1\"]\n% escape\n[ \"bad\"]\n[B \"2\"]"},
	}
	for _, tt := range tests {
		lx, err := pbnLexDefinition{}.Lex("t.pbn", strings.NewReader(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		tokens, err := lexer.ConsumeAll(lx)
		if err != nil {
			t.Fatal(err)
		}
		names := lexer.SymbolsByRune(pbnLexDefinition{})
		var got []string
		for _, tok := range tokens {
			if tok.EOF() {
				continue
			}
			got = append(got, names[tok.Type]+"|"+tok.Value)
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("%q:\n got  %q\n want %q", tt.in, g, tt.want)
		}
	}
}

// TestPBNGrammar runs the participle grammar alone: a section's Notes are
// part of it, Notes after plain tags stand alone.
func TestPBNGrammar(t *testing.T) {
	t.Parallel()
	src := "{lead}\n[A \"1\"]\n[Auction \"N\"]\n1C\n[Note \"1:x\"]\n[B \"2\"]\n[Note \"2:y\"]\n"
	ast, err := pbnGrammar.ParseString("t.pbn", src)
	if err != nil {
		t.Fatal(err)
	}
	if ast.Lead == nil || ast.Lead.Value != "{lead}" || ast.Lead.Pos.Line != 1 {
		t.Errorf("lead %v", ast.Lead)
	}
	var got []string
	for _, part := range ast.Parts {
		s := part.Head.Value
		if part.Notes != nil {
			s += " + " + part.Notes.Value
		}
		got = append(got, s)
	}
	want := []string{`[A "1"]`, "[Auction \"N\"]\n1C + [Note \"1:x\"]", `[B "2"] + [Note "2:y"]`}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("parts %q, want %q", got, want)
	}
	if p := ast.Parts[1].Head.Pos; p.Line != 3 || p.Column != 1 || p.Offset != 15 {
		t.Errorf("section at %v, want 3:1 offset 15", p)
	}
}

func TestLeavesCommentOpen(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"", false},
		{"{open", true},
		{"{closed} text", false},
		{"{a}{b", true},
		{`";"{`, true},      // the ';' is in a string: the brace opens a comment
		{`"{"`, false},      // a brace in a string opens nothing
		{"; {\n", false},    // a brace in a line comment opens nothing
		{"; x\n{", true},    // the line comment ends with its line
		{`"a\"{"`, false},   // an escaped quote does not end the string
		{"\"open\n{", true}, // a string never closed ends with its line
		{"{ \"}\" ", false}, // quotes mean nothing in a brace comment
		{"; only a line", false},
		{`00["]{`, true}, // a '[' starts a tag pair, whose quote opens no string here
	} {
		if got := LeavesCommentOpen(tc.text); got != tc.want {
			t.Errorf("LeavesCommentOpen(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
