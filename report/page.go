package report

import (
	"fmt"
	"html"
	"io"
)

// header starts a page: its title, and its style and script, inline.
func header(w io.Writer, title, up string) {
	fmt.Fprintf(w, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s</style>\n<script>%s</script>\n</head>\n<body>\n", html.EscapeString(title), style, script)
	if up != "" {
		fmt.Fprintf(w, "<nav><a href=\"%sindex.html\">Summary</a></nav>\n", up)
	}
}

func footer(w io.Writer) { io.WriteString(w, "</body>\n</html>\n") }

// filterControls filter a findings page by code, severity and text.
const filterControls = `<form class="filter" onsubmit="return false">
<label>Code <input id="f-code" list="codes" placeholder="any"></label>
<label>Severity <select id="f-sev"><option value="">any</option><option>error</option><option>warning</option><option>info</option></select></label>
<label>Text <input id="f-text" placeholder="any"></label>
<output id="f-count"></output>
</form>
`

const style = `
body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid #bbb; padding: .2em .5em; text-align: left; vertical-align: top; }
thead th { background: #eee; cursor: pointer; }
caption { text-align: left; font-weight: bold; }
code { font-size: .95em; }
.red { color: #c00; } .black { color: #000; }
.diagram td { border: none; padding: .3em 1em; }
.hand { white-space: nowrap; }
.auction td { min-width: 4em; }
td.bad { background: #fde2e2; outline: 2px solid #c00; }
td.bad mark { background: none; font-weight: bold; text-decoration: underline wavy #c00; }
.why { font-size: .8em; }
tr.error td:first-child, li.error .sev { font-weight: bold; color: #a00; }
tr.warning td:first-child, li.warning .sev { color: #a60; }
.board { border-top: 2px solid #888; margin-top: 1.5em; padding-top: .5em; page-break-inside: avoid; }
.chart text { font: 12px system-ui, sans-serif; } .chart .bar { fill: #3a6ea5; }
.filter label { margin-right: 1em; }
nav { margin-bottom: 1em; }
@media print { nav, .filter, details > summary { display: none; } body { margin: 0; } a { color: inherit; text-decoration: none; } }
`

// script makes tables with class sortable sort by a header's column, and
// filters the findings table by code, severity and text.
const script = `
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("table.sortable").forEach(function (table) {
    table.querySelectorAll("thead th").forEach(function (th, col) {
      th.setAttribute("tabindex", "0");
      var sort = function () {
        var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
        table.querySelectorAll("thead th").forEach(function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
        rows.sort(function (a, b) {
          var x = a.cells[col].textContent, y = b.cells[col].textContent;
          var nx = parseFloat(x), ny = parseFloat(y);
          if (!isNaN(nx) && !isNaN(ny)) { return dir * (nx - ny); }
          return dir * x.localeCompare(y);
        });
        rows.forEach(function (r) { body.appendChild(r); });
      };
      th.addEventListener("click", sort);
      th.addEventListener("keydown", function (e) { if (e.key === "Enter") { sort(); } });
    });
  });
  var table = document.getElementById("findings");
  if (!table) { return; }
  var code = document.getElementById("f-code"), sev = document.getElementById("f-sev"), text = document.getElementById("f-text");
  var count = document.getElementById("f-count");
  var apply = function () {
    var shown = 0;
    Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
      var ok = (!code.value || r.getAttribute("data-code") === code.value.trim()) &&
        (!sev.value || r.className === sev.value) &&
        (!text.value || r.textContent.toLowerCase().indexOf(text.value.toLowerCase()) >= 0);
      r.hidden = !ok;
      if (ok) { shown++; }
    });
    count.textContent = shown + " shown";
  };
  var codes = document.createElement("datalist");
  codes.id = "codes";
  var seen = {};
  Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
    var c = r.getAttribute("data-code");
    if (!seen[c]) { seen[c] = true; var o = document.createElement("option"); o.value = c; codes.appendChild(o); }
  });
  document.body.appendChild(codes);
  [code, sev, text].forEach(function (el) { el.addEventListener("input", apply); });
  var params = new URLSearchParams(location.search);
  if (params.get("code")) { code.value = params.get("code"); }
  apply();
});
`
