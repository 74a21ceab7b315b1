package people

import "zhdj/internal/platform/search"

// The text-search indexes of the people lists' keyword boxes: a person's
// name and number (ID numbers and phones are encrypted and found exactly,
// by their blind indexes); a class's name and code.
var (
	teacherSearch = search.Index{Table: "jsjbxx", Columns: []string{"name", "staff_no"}}
	studentSearch = search.Index{Table: "xsjbxx", Columns: []string{"name", "student_no"}}
	classSearch   = search.Index{Table: "bj", Columns: []string{"name", "code"}}
)

// onPerson is k's index on alias x (every people list's alias).
func onPerson(k personKind) []search.On { return []search.On{{Index: k.index, Alias: "x"}} }

var onClass = []search.On{{Index: classSearch, Alias: "c"}}
