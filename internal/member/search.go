package member

import "zhdj/internal/platform/search"

// memberSearch is the text-search index of the member lists' keyword box:
// the name and the staff or student number (ID numbers and phones are
// encrypted and found exactly, by their blind indexes).
var memberSearch = search.Index{Table: "dyjbxx", Columns: []string{"name", "staff_or_student_no"}}
