package app_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A module reads and writes another module's data through that module's Go
// API or an event, never by naming its tables: the module that creates a
// table (CREATE TABLE in its migrations) owns it, and no other package under
// internal/ names it in an SQL string, a bun .Table/.TableExpr/.ModelTableExpr
// argument, a bun model's table tag, or a .Model argument of another
// package's model type. The exceptions are listed here, each with its reason.
var boundaryExceptions = map[string]string{
	// package → table: reason
	"cadre/analysis → gb_jbxx":           "the cadre reminders and the team analysis group and filter the serving cadres, their current posts and certificates in SQL (analysis.Queries: FROM clauses only); the cadre base offers Scoped and Each (rows read into Go) but no select a GROUP BY runs on yet; demo data: the demo files the cadres SaveForm leaves as 临时档案 (FormData has no status, category, tenure status or team type) and adds their assessments and a passport, which the base offers no Go API to write",
	"cadre/analysis → sys_dept":          "the cadre reminders and the team analysis group and filter the serving cadres, their current posts and certificates in SQL (analysis.Queries: FROM clauses only); the cadre base offers Scoped and Each (rows read into Go) but no select a GROUP BY runs on yet",
	"cadre → sys_dept":                   "a cadre's unit is a system department: its name is joined in lists and the unit subtree filter walks the department tree; system offers no query-level API for that yet",
	"cadre/quota → sys_dept":             "the posts and quotas of a unit (a system department) are listed and summed with its name and order in one paged query; neither system nor unit offers a name join",
	"develop → dyjbxx":                   "member → dyjbxx: the member row is joined in list queries (name, organisation, scope) of a record that points at a member; member offers no query-level API for that yet; the demo seeder counts and adjusts members",
	"develop → flow_history":             "a migration recounts extensions from the workflow history; the demo clears it",
	"develop → flow_instance":            "a migration recounts extensions from the workflow history (develop → flow_history); the demo clears and adjusts its records' instance rows",
	"develop → jsjbxx":                   "the people registry's teachers are joined for names and numbers in reports and the demo (people offers no query-level API yet)",
	"develop → xsjbxx":                   "the people registry's students are joined for names and numbers in reports and the demo (people offers no query-level API yet)",
	"fee → sys_config":                   "the fee migrations seed their own settings as system.Config rows",
	"fee/report → df_due":                "the fee reports read the dues the fee module keeps (one domain split in three packages: fee, fee/standard, fee/report)",
	"platform/report → dzz":              "org → dzz: the report kit limits a report's select to the chosen organisation's subtree (path LIKE) in the same query; org offers no query-level API for that yet",
	"fee/report → dzz":                   "org → dzz: the report per organisation level reads the organisations it has lines for (the caller's top ones, an organisation's children with whether they have any); org offers no API for that yet",
	"home → sys_menu":                    "a migration seeds or checks menus/roles in system's tables in its own transaction; system's seed helpers (AddPages, AddButtons, EnsureRole) do not cover this case yet",
	"home → sys_role":                    "a migration seeds or checks menus/roles in system's tables in its own transaction; system's seed helpers (AddPages, AddButtons, EnsureRole) do not cover this case yet",
	"home → sys_role_menu":               "a migration seeds or checks menus/roles in system's tables in its own transaction; system's seed helpers (AddPages, AddButtons, EnsureRole) do not cover this case yet",
	"member → change_trail":              "the member statistics count moves in the change trail (platform/audit) in one query",
	"member → dzz":                       "org → dzz: lists and checks join the organisation tree (name, path LIKE for the caller's subtree) in the same query; org offers no query-level API for that yet",
	"member → sys_dept":                  "joins system's identity tables (departments, accounts, roles) in list and scope queries; system offers no query-level API for that yet",
	"member → sys_menu":                  "a migration seeds or checks menus/roles in system's tables in its own transaction; system's seed helpers (AddPages, AddButtons, EnsureRole) do not cover this case yet",
	"member → sys_user":                  "joins system's identity tables (departments, accounts, roles) in list and scope queries; system offers no query-level API for that yet",
	"org → sys_dept":                     "joins system's identity tables (departments, accounts, roles) in list and scope queries; system offers no query-level API for that yet",
	"org → sys_dict":                     "the organisation tree labels its types from the dictionary in the same query",
	"org → sys_dict_detail":              "the organisation tree labels its types from the dictionary in the same query",
	"org → sys_menu":                     "org answers who holds a permission at an organisation (flow's handlers) from the role tables in one query",
	"org → sys_role":                     "org answers who holds a permission at an organisation (flow's handlers) from the role tables in one query",
	"org → sys_role_menu":                "org answers who holds a permission at an organisation (flow's handlers) from the role tables in one query",
	"org → sys_user":                     "org answers who holds a permission at an organisation (flow's handlers) from the role tables in one query",
	"org → sys_user_role":                "org answers who holds a permission at an organisation (flow's handlers) from the role tables in one query",
	"people → dw_info":                   "units' codes are joined to departments in imports and the branch cover (unit offers no query-level API yet)",
	"people → dw_ldbz":                   "a leadership member row refers to its unit's team (resource.Ref and a join)",
	"people → sys_dept":                  "joins system's identity tables (departments, accounts, roles) in list and scope queries; system offers no query-level API for that yet",
	"survey → dyjbxx":                    "migration 2026120580 moves, once, the meeting receipts orglife kept (zzsh_receipt, dropped by orglife's next migration) into questionnaires: it reads the closed meetings, their lists, the members' accounts and the receipt days' setting in its own transaction, where no module's Go API runs",
	"survey → sys_config":                "migration 2026120580 moves, once, the meeting receipts orglife kept (zzsh_receipt, dropped by orglife's next migration) into questionnaires: it reads the closed meetings, their lists, the members' accounts and the receipt days' setting in its own transaction, where no module's Go API runs",
	"survey → zzsh_attendee":             "migration 2026120580 moves, once, the meeting receipts orglife kept (zzsh_receipt, dropped by orglife's next migration) into questionnaires: it reads the closed meetings, their lists, the members' accounts and the receipt days' setting in its own transaction, where no module's Go API runs",
	"survey → zzsh_meeting":              "migration 2026120580 moves, once, the meeting receipts orglife kept (zzsh_receipt, dropped by orglife's next migration) into questionnaires: it reads the closed meetings, their lists, the members' accounts and the receipt days' setting in its own transaction, where no module's Go API runs",
	"survey → zzsh_receipt":              "migration 2026120580 moves, once, the meeting receipts orglife kept (zzsh_receipt, dropped by orglife's next migration) into questionnaires: it reads the closed meetings, their lists, the members' accounts and the receipt days' setting in its own transaction, where no module's Go API runs",
	"transfer/letter → sys_menu":         "a migration seeds or checks menus/roles in system's tables in its own transaction; system's seed helpers (AddPages, AddButtons, EnsureRole) do not cover this case yet",
	"transfer/oversight → dyjbxx":        "demo data: the module's demo seeder picks the members it moves (the reminders join member.SelectBriefs)",
	"transfer/oversight → dzz":           "org → dzz: lists and checks join the organisation tree (name, path LIKE for the caller's subtree) in the same query; org offers no query-level API for that yet",
	"transfer/oversight → flow_history":  "demo data: the module's demo seeder adjusts rows and dates it cannot reach through the APIs",
	"transfer/oversight → flow_instance": "demo data: the module's demo seeder adjusts rows and dates it cannot reach through the APIs",
	"transfer/oversight → zzgx_letter":   "demo data: the module's demo seeder adjusts rows and dates it cannot reach through the APIs",
	"transfer/oversight → zzgx_transfer": "the oversight statistics and reminders read the transfers (one domain: transfer, transfer/letter, transfer/oversight); the demo adjusts them",
	"unit → dzz":                         "org → dzz: lists and checks join the organisation tree (name, path LIKE for the caller's subtree) in the same query; org offers no query-level API for that yet",
	"unit → sys_dept":                    "a unit is a system department (sys_dept) with its dw_info row: the unit module lists and imports departments",
}

// crossCutting are the packages that wire or seed every module: they name
// every module's tables by design.
var crossCutting = map[string]string{
	"app":      "builds the program from every module and checks their tables at start-up",
	"apptest":  "the test kit seeds every module's rows for the tests",
	"benchkit": "the benchmarks seed every module's rows",
	"demo":     "the demo seeds every module's rows",
}

var (
	createTable = regexp.MustCompile(`(?i)\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)`)
	sqlTable    = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|UPDATE|TABLE|USING)\s+"?([a-z_][a-z0-9_]*)`)
	tagTable    = regexp.MustCompile(`bun:"table:([a-z_][a-z0-9_]*)`)
	leadingName = regexp.MustCompile(`^\s*"?([a-z_][a-z0-9_]*)`)
)

// goPackage is one directory of internal/ parsed: its non-test files.
type goPackage struct {
	dir   string // relative to internal/, as "fee/standard"
	files []*ast.File
}

func parsePackages(t *testing.T) []goPackage {
	t.Helper()
	fset := token.NewFileSet()
	byDir := map[string]*goPackage{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		dir := filepath.ToSlash(filepath.Dir(strings.TrimPrefix(path, "../")))
		if byDir[dir] == nil {
			byDir[dir] = &goPackage{dir: dir}
		}
		byDir[dir].files = append(byDir[dir].files, f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []goPackage
	for _, p := range byDir {
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b goPackage) int { return strings.Compare(a.dir, b.dir) })
	return out
}

// stringLit is the value of a string literal, or "" for anything else.
func stringLit(e ast.Expr) string {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return ""
	}
	return s
}

// modelTypes maps "dir.Type" to the table of each bun model declared in internal/.
func modelTypes(pkgs []goPackage) map[string]string {
	out := map[string]string{}
	for _, p := range pkgs {
		for _, f := range p.files {
			ast.Inspect(f, func(n ast.Node) bool {
				ts, ok := n.(*ast.TypeSpec)
				if !ok {
					return true
				}
				st, ok := ts.Type.(*ast.StructType)
				if !ok {
					return true
				}
				for _, fd := range st.Fields.List {
					if fd.Tag == nil {
						continue
					}
					if m := tagTable.FindStringSubmatch(fd.Tag.Value); m != nil {
						out[p.dir+"."+ts.Name.Name] = m[1]
					}
				}
				return true
			})
		}
	}
	return out
}

// imports maps a file's import names to directories of internal/.
func imports(f *ast.File) map[string]string {
	out := map[string]string{}
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		dir, ok := strings.CutPrefix(path, "zhdj/internal/")
		if !ok {
			continue
		}
		name := dir[strings.LastIndex(dir, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		out[name] = dir
	}
	return out
}

// namedTables lists the tables each file of p names, with where.
func namedTables(fset *token.FileSet, p goPackage, models map[string]string) map[string]bool {
	out := map[string]bool{}
	for _, f := range p.files {
		imp := imports(f)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(n.Value)
				if err != nil {
					return true
				}
				for _, m := range sqlTable.FindAllStringSubmatch(s, -1) {
					out[strings.ToLower(m[1])] = true
				}
				for _, m := range tagTable.FindAllStringSubmatch(s, -1) {
					out[m[1]] = true
				}
			case *ast.Field:
				if n.Tag != nil {
					for _, m := range tagTable.FindAllStringSubmatch(n.Tag.Value, -1) {
						out[m[1]] = true
					}
				}
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				switch sel.Sel.Name {
				case "Table", "TableExpr", "ModelTableExpr":
					for _, a := range n.Args {
						if m := leadingName.FindStringSubmatch(stringLit(a)); m != nil {
							out[m[1]] = true
						}
					}
				case "Model":
					for _, a := range n.Args {
						ast.Inspect(a, func(x ast.Node) bool {
							if s, ok := x.(*ast.SelectorExpr); ok {
								if id, ok := s.X.(*ast.Ident); ok && imp[id.Name] != "" {
									if table := models[imp[id.Name]+"."+s.Sel.Name]; table != "" {
										out[table] = true
									}
								}
							}
							return true
						})
					}
				}
			}
			return true
		})
	}
	return out
}

func TestModulesNameOnlyTheirOwnTables(t *testing.T) {
	if _, err := os.Stat("../app"); err != nil {
		t.Fatal("run from internal/app:", err)
	}
	pkgs := parsePackages(t)
	owner := map[string]string{}
	for _, p := range pkgs {
		for _, f := range p.files {
			ast.Inspect(f, func(n ast.Node) bool {
				for _, m := range createTable.FindAllStringSubmatch(stringLit(asExpr(n)), -1) {
					if prev, ok := owner[m[1]]; ok && prev != p.dir {
						t.Errorf("%s is created by both %s and %s", m[1], prev, p.dir)
					}
					owner[m[1]] = p.dir
				}
				return true
			})
		}
	}
	if len(owner) < 50 || owner["sys_user"] != "system" || owner["dev_record"] != "develop" {
		t.Fatalf("the table owners were not found: %d tables, sys_user by %q", len(owner), owner["sys_user"])
	}
	models := modelTypes(pkgs)
	used := map[string]bool{}
	fset := token.NewFileSet()
	for _, p := range pkgs {
		if crossCutting[p.dir] != "" {
			continue
		}
		named := namedTables(fset, p, models)
		var foreign []string
		for table := range named {
			if o, ok := owner[table]; ok && o != p.dir {
				foreign = append(foreign, table)
			}
		}
		slices.Sort(foreign)
		for _, table := range foreign {
			key := p.dir + " → " + table
			if boundaryExceptions[key] != "" {
				used[key] = true
				continue
			}
			t.Errorf("%s names %s, a table of %s: go through that module's Go API or an event (or list the exception with its reason)",
				p.dir, table, owner[table])
		}
	}
	for key := range boundaryExceptions {
		if !used[key] {
			t.Errorf("the exception %q is no longer needed: remove it", key)
		}
	}
}

func asExpr(n ast.Node) ast.Expr {
	e, _ := n.(ast.Expr)
	return e
}
