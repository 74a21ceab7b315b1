package unit

import (
	"zhdj/internal/platform/search"
	"zhdj/internal/system"
)

// infoSearch is the text-search index of the unit information (short name,
// code); the unit's name is the department's (system.DeptSearch).
var infoSearch = search.Index{Table: "dw_info", Key: "dept_id", Columns: []string{"short_name", "code"}}

var onUnit = []search.On{{Index: system.DeptSearch, Alias: "d"}, {Index: infoSearch, Alias: "i"}}
