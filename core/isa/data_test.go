// data_test.go: the tables are data the linker lays out, with no code at
// start-up.

package isa

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestTablesAreData: no package-level variable of core/isa is set by a
// function call (a helper, append, sync.OnceValue). The compiler then
// writes every table as static data. One call is enough to undo that for
// more than its own variable: after the first initializer that runs code,
// the compiler copies each slice a later table names (bulkGroups,
// mmAllTypes, the table files into tables) when the package starts, not at
// build time (cmd/compile's staticinit: "skipping static copy", shown by
// -gcflags=-d=staticcopy=1), and a ptxplay process paid some 30 page
// faults for it before main (docs/benchmarks.md, "Session 17: the process
// floor"). Function literals are not run at start-up and are allowed.
func TestTablesAreData(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	n := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name.Name != "isa" {
			continue // gen_shapes.go: package main, behind a build tag
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			for _, s := range g.Specs {
				for _, v := range s.(*ast.ValueSpec).Values {
					n++
					ast.Inspect(v, func(x ast.Node) bool {
						switch x := x.(type) {
						case *ast.FuncLit:
							return false
						case *ast.CallExpr:
							t.Errorf("%s: a package-level initializer calls a function: write the value out", fset.Position(x.Pos()))
						}
						return true
					})
				}
			}
		}
	}
	if n < 20 {
		t.Fatalf("read %d package-level initializers: the files were not found", n)
	}
	// The lists written out twice stay the same.
	if want := append(slices.Clone(cvtTypes), ".bf16"); !reflect.DeepEqual(cvtTypesBF16, want) {
		t.Errorf("cvtTypesBF16 = %v, want cvtTypes and .bf16: %v", cvtTypesBF16, want)
	}
	if len(surfPGroups) == 0 || surfPGroups[0].Name != "ptype_s" || !reflect.DeepEqual(surfPGroups[1:], surfGroups) {
		t.Errorf("surfPGroups = %v, want ptype_s, then surfGroups %v", surfPGroups, surfGroups)
	}
}
