package match

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryPolicyErrorNamesItsRule: each PolicyError the match logic makes
// names its rule, which the bot words in the player's language.
func TestEveryPolicyErrorNamesItsRule(t *testing.T) {
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	found := 0
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if id, ok := lit.Type.(*ast.Ident); !ok || id.Name != "PolicyError" {
				return true
			}
			found++
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Rule" {
						return true
					}
				}
			}
			t.Errorf("%s: a PolicyError without its Rule", fset.Position(lit.Pos()))
			return true
		})
	}
	if found == 0 {
		t.Error("found no PolicyError: the test reads the wrong files")
	}
}
