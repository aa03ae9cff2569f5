package lin

import (
	"strings"
	"testing"
)

func TestExtractLIN(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in string
		want     []string // decoded texts
		source   string   // of the first fragment
	}{
		{"plain", "pn|a,b,c,d|md|1S2,,,|", []string{"pn|a,b,c,d|md|1S2,,,|"}, "plain"},
		{"url form-encoded", "https://www.bridgebase.com/tools/handviewer.html?lin=ah%7CBoard+1%7Can%7C5%2B+hearts%7C",
			[]string{"ah|Board 1|an|5+ hearts|"}, "url"},
		{"url with %20", "http://www.bridgebase.com/tools/handviewer.html?bbo=y&lin=an%7C5+%20hearts%7C&x=1",
			[]string{"an|5+ hearts|"}, "url"},
		{"hand-made url, + read as a space", "handviewer.html?lin=an|5+|mb|1C|", []string{"an|5 |mb|1C|"}, "url"},
		{"a url ends at a space", "handviewer.html?lin=an|5+ hearts|", []string{"an|5 "}, "url"},
		{"two urls", "https://x/handviewer.html?lin=mb%7C1C%7C\nhttps://x/handviewer.html?lin=mb%7C1D%7C#frag",
			[]string{"mb|1C|", "mb|1D|"}, "url"},
		{"encoded", "  pn%7Ca%2Cb%7Cah%7CBoard+2%7C\n", []string{"pn|a,b|ah|Board 2|"}, "encoded"},
		{"script", `<a onclick="hv_popuplin('pn|a|st%7C%7Cmd%7C1S2%2C%7Can%7Cit\'s%20ok%21%7C')">`,
			[]string{"pn|a|st||md|1S2,|an|it's ok!|"}, "script"},
		{"script double quotes", `<script>lin("mb%7C1C%7C")</script>`, []string{"mb|1C|"}, "script"},
		{"page link with &amp;", `<a href="handviewer.html?bbo=y&amp;lin=mb%7C2C%7C">x</a>`, []string{"mb|2C|"}, "url"},
		{"latin-1 and %u escapes", "<p>lin('pn|Andr%E9,%u0418%u0432%u0430%u043D,c,d|')</p>", []string{"pn|André,Иван,c,d|"}, "script"},
		{"bad escapes kept", "lin=an%7C100%%7C%zz%7C", []string{"an|100%|%zz|"}, "url"},
		{"no lin", "<html><a href='handviewer.html?myhand=M-1-2'>x</a></html>", nil, ""},
		{"linurl is not lin", "https://x/handviewer.html?linurl=http://y/z.lin", nil, ""},
	}
	for _, tt := range tests {
		frags := Extract(tt.in)
		var got []string
		for _, f := range frags {
			got = append(got, f.Text)
		}
		if strings.Join(got, "\x00") != strings.Join(tt.want, "\x00") {
			t.Errorf("%s: Extract = %q, want %q", tt.name, got, tt.want)
			continue
		}
		if len(frags) > 0 && frags[0].Source != tt.source {
			t.Errorf("%s: source %q, want %q", tt.name, frags[0].Source, tt.source)
		}
	}
}

func TestDecodeLINURL(t *testing.T) {
	t.Parallel()
	got, err := DecodeURL(" https://www.bridgebase.com/tools/handviewer.html?bbo=y&lin=pn%7CAnn%2CBen%7Cah%7CBoard+3%7C ")
	if err != nil || got != "pn|Ann,Ben|ah|Board 3|" {
		t.Errorf("DecodeURL = %q, %v", got, err)
	}
	if _, err := DecodeURL("https://www.bridgebase.com/tools/handviewer.html?myhand=M-3399598383-1586231644"); err == nil ||
		!strings.Contains(err.Error(), "myhand=M-3399598383-1586231644") {
		t.Errorf("myhand link: %v", err)
	}
	if _, err := DecodeURL("https://www.bridgebase.com/"); err == nil {
		t.Errorf("a URL without LIN should be an error")
	}
}

// TestLINFragmentPositions checks that positions of records read from a web
// page point into the page, in characters.
func TestLINFragmentPositions(t *testing.T) {
	t.Parallel()
	page := "<html>\n<p>Жюри</p><a onclick=\"lin('pn|a|md%7C1S2%2C%7Cmb%7C1C%7C')\">\n</html>\n"
	recs, diags := Parse([]byte(page), "page.html")
	if len(recs) != 1 {
		t.Fatalf("records %d, diagnostics %v", len(recs), diags)
	}
	col := func(s string) int { return strings.IndexRune(strings.Split(page, "\n")[1], []rune(s)[0]) }
	_ = col
	line := []rune(strings.Split(page, "\n")[1])
	want := map[string]int{}
	for i := range line {
		for _, l := range []string{"pn|", "md%", "mb%"} {
			if strings.HasPrefix(string(line[i:]), l) {
				want[l[:2]] = i + 1
			}
		}
	}
	for _, p := range recs[0].Pairs {
		if p.Pos.Line != 2 || int(p.Pos.Col) != want[p.Label] {
			t.Errorf("%s at %s, want 2:%d", p.Label, p.Pos, want[p.Label])
		}
	}
	if v := recs[0].Pairs[1].ValuePos; int(v.Col) != want["md"]+5 {
		t.Errorf("md value at %s, want column %d (after md%%7C)", v, want["md"]+5)
	}
}

func TestSniffLINContainer(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]linContainer{
		"pn|a|":                       linPlain,
		"% LIN 1\npn|a|":              linPlain,
		"nt|see https://x/y?lin=1|":   linPlain,
		"  <!DOCTYPE html>":           linHTML,
		"https://x/handviewer.html?a": linURL,
		"www.bridgebase.com/x":        linURL,
		"handviewer.html?lin=pn%7Ca":  linURL,
		"pn%7Ca%7Cmd%7C1S2%7C":        linEncoded,
		"pn|a|st%7C%7Cmd%7C1S2%7C":    linEncoded,
		"nt|100%7C|":                  linPlain,
	} {
		if got := sniffLINContainer([]byte(in)); got != want {
			t.Errorf("sniff(%q) = %d, want %d", in, got, want)
		}
	}
}
