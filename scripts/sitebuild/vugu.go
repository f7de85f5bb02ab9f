// vugu.go: Vugu's DOM renderer helper as a file of the site. domrender
// installs it with window.eval, which the site's Content-Security-Policy
// forbids; the page loads this copy (vugu.js) first and boot.js turns
// that one eval into a no-op, so no script is ever evaluated from a string.

package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// vuguHelper reads domrender's jsHelperScript from the vugu module this
// build uses (the version go.mod pins).
func vuguHelper() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/vugu/vugu").Output()
	if err != nil {
		return "", fmt.Errorf("finding the vugu module: %v", err)
	}
	file := filepath.Join(strings.TrimSpace(string(out)), "domrender", "renderer-js-script.go")
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		return "", err
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if len(v.Names) == 1 && v.Names[0].Name == "jsHelperScript" && len(v.Values) == 1 {
				if lit, ok := v.Values[0].(*ast.BasicLit); ok {
					return strconv.Unquote(lit.Value)
				}
			}
		}
	}
	return "", fmt.Errorf("%s has no jsHelperScript constant: has vugu changed?", file)
}
