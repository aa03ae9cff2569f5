package diag

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSourceCodes reads the repository's Go source for the codes it writes
// as text: a Code: field given a string, and a string passed just after a
// severity (add(at, diag.Error, "usebio-hand", …)). Each must be in Codes,
// with the severity the table gives it. The fixtures (corpus's
// TestCodeTable) catch a code only where some fixture reaches it; this
// catches one no fixture reaches, such as a reader's rarest error.
func TestSourceCodes(t *testing.T) {
	t.Parallel()
	sevs := map[string]Severity{"Info": Info, "Warning": Warning, "Error": Error}
	fset := token.NewFileSet()
	checked := 0
	check := func(at token.Pos, lit *ast.BasicLit, sev string) {
		if lit == nil || lit.Kind != token.STRING {
			return
		}
		code, err := strconv.Unquote(lit.Value)
		if err != nil {
			return
		}
		checked++
		info, ok := Code(code).Info()
		switch {
		case !ok:
			t.Errorf("%s: code %q is not in diag.Codes", fset.Position(at), code)
		case sev != "" && !info.Varies && info.Severity != sevs[sev]:
			t.Errorf("%s: %s is a %s in diag.Codes, written as a %s", fset.Position(at), code, info.Severity, strings.ToLower(sev))
		}
	}
	// severity names the diag.Info, Warning or Error that e is, or "".
	severity := func(e ast.Expr, local bool) string {
		switch e := e.(type) {
		case *ast.SelectorExpr:
			if x, ok := e.X.(*ast.Ident); ok && x.Name == "diag" {
				if _, ok := sevs[e.Sel.Name]; ok {
					return e.Sel.Name
				}
			}
		case *ast.Ident:
			if _, ok := sevs[e.Name]; ok && local {
				return e.Name
			}
		}
		return ""
	}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		local := f.Name.Name == "diag" // its own severities are not qualified
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				sev := ""
				var code *ast.BasicLit
				for _, e := range n.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					key, ok := kv.Key.(*ast.Ident)
					if !ok {
						continue
					}
					switch key.Name {
					case "Code":
						code, _ = kv.Value.(*ast.BasicLit)
					case "Severity":
						sev = severity(kv.Value, local)
					}
				}
				if code != nil {
					check(code.Pos(), code, sev)
				}
			case *ast.CallExpr:
				for i := 0; i+1 < len(n.Args); i++ {
					if sev := severity(n.Args[i], local); sev != "" {
						lit, _ := n.Args[i+1].(*ast.BasicLit)
						check(n.Args[i+1].Pos(), lit, sev)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d codes written as text found: the source was not read", checked)
	}
}
