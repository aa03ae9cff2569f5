package lin

import (
	"strings"
	"testing"
)

// TestPageRows: a LIN link in a web page's table row comes with the row's
// cells under the table's headings; a table of links of one deal is a
// traveller, one with another deal or a link whose LIN is not in the page
// is not.
func TestPageRows(t *testing.T) {
	t.Parallel()
	link := func(md string) string {
		return `<a onclick="hv_popuplin('pn|a,b,c,d|md|` + md + `|ah|Board 1|mb|p|')">Movie</a>`
	}
	page := func(md2 string) string {
		return "<html><body><table>\n<tr><th colspan=\"4\">Traveller 1-2</th></tr>\n" +
			"<tr><th>N&ordm;</th><th>Result</th><th>Points</th><th>Movie</th></tr>\n" +
			"<tr><td>1</td><td>4<span>&spades;</span>E=</td><td>-620</td><td>" + link("3SAK") + "</td></tr>\n" +
			"<!-- <tr><td>not a row</td></tr> -->\n" +
			"<tr><td>2</td><td>A==</td><td>N/A</td><td>" + link(md2) + "</td></tr>\n" +
			"<tr><td>3</td><td>3NS-1</td><td>50</td><td><a href=\"handviewer.html?myhand=M-1-2\">Movie</a></td></tr>\n" +
			"</table></body></html>\n"
	}
	recs, _ := Parse([]byte(page("3SAK")), "t.html")
	if len(recs) != 2 || recs[0].Row == nil || recs[1].Row == nil {
		t.Fatalf("%d records, want 2, each with its row", len(recs))
	}
	row := recs[0].Row
	tb := row.Table
	if tb.Title != "Traveller 1-2" || len(tb.Header) != 4 || tb.Header[0].Text != "Nº" {
		t.Errorf("title %q, header %v", tb.Title, tb.Header)
	}
	if c, _, ok := row.Column("result"); !ok || c.Text != "4♠E=" || c.Pos.String() != "4:19" {
		t.Errorf("result %q at %s, %v", c.Text, c.Pos, ok)
	}
	if c, _, _ := recs[1].Row.Column("Points"); c.Text != "N/A" {
		t.Errorf("row 2's points %q", c.Text)
	}
	if len(tb.Rows) != 2 || len(tb.Unread) != 1 || tb.Traveller() {
		t.Errorf("%d rows, %d unread, traveller %v: want 2, 1 and not a traveller (a row's LIN is not in the page)", len(tb.Rows), len(tb.Unread), tb.Traveller())
	}
	whole := strings.Replace(page("3SAK"), "<tr><td>3</td>", "<tr><td>3</td><td>x</td></tr><tr>", 1)
	whole = strings.Replace(whole, `<a href="handviewer.html?myhand=M-1-2">Movie</a>`, "", 1)
	if recs, _ := Parse([]byte(whole), "t.html"); len(recs) != 2 || !recs[0].Row.Table.Traveller() {
		t.Error("two rows of one deal are not read as a traveller")
	}
	if recs, _ := Parse([]byte(strings.Replace(whole, link("3SAK"), link("3SQJ"), 1)), "t.html"); len(recs) != 2 || recs[0].Row.Table.Traveller() {
		t.Error("rows of two deals are read as a traveller")
	}
}

// TestPageViewer: BBO's titles name the player a page is shown to in a
// username element; names may hold spaces.
func TestPageViewer(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ cell, want string }{
		{"Tourney 81382-1777478400- played by <span class='username'>kemistry</span>", "kemistry"},
		{"Hands played by <span class='username'>lena m</span> since 2020-05-01 00:00:00", "lena m"},
		{"Hands played by lena m since 2020-05-01", "lena m"},
		{"Traveller 1538-1385205517-38345854", ""},
	} {
		if got := pageViewer(tc.cell); got != tc.want {
			t.Errorf("pageViewer(%q) = %q, want %q", tc.cell, got, tc.want)
		}
	}
}

// TestPageOtherRows: a row of numbers without a link in a table of
// results (BBO's summary of the player's tournament) is said unread; the
// dates of a table of links alone are no results.
func TestPageOtherRows(t *testing.T) {
	t.Parallel()
	link := `<a onclick="hv_popuplin('pn|a,b,c,d|md|3SAK|ah|Board 1|mb|p|')">Movie</a>`
	for _, tc := range []struct {
		name, page string
		want       int
	}{
		{"summary", "<table><tr><th>Result</th><th>Points</th><th>Score</th><th>Movie</th></tr>\n" +
			"<tr><td>32/80</td><td>0.18</td><td>4.98</td><td></td></tr>\n" +
			"<tr><td>3NS=</td><td>400</td><td>1.00</td><td>" + link + "</td></tr></table>", 1},
		{"links", "<table><tr><th>Date</th><th>Hand</th></tr>\n<tr><td>2020-05-01</td><td>none</td></tr>\n" +
			"<tr><td>2020-05-02</td><td>" + link + "</td></tr></table>", 0},
	} {
		_, ds := Parse([]byte("<html><body>"+tc.page+"</body></html>"), "p.html")
		n := 0
		for _, d := range ds {
			if d.Code == "lin-page-row" {
				n++
			}
		}
		if n != tc.want {
			t.Errorf("%s: %d lin-page-row, want %d: %v", tc.name, n, tc.want, ds)
		}
	}
}
