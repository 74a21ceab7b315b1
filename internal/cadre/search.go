package cadre

import (
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/search"
)

// cadreSearch is the text-search index of the cadre lists' name box (the
// cadre list, the picker, the change requests): the name (ID numbers are
// encrypted and found exactly, by their blind index).
var cadreSearch = search.Index{Table: "gb_jbxx", Columns: []string{"name"}}

// byName is the name box's filter over gb_jbxx AS g.
var byName = httpx.Filter{Columns: []string{"g.name"}, Match: httpx.Text, Search: []search.On{{Index: cadreSearch, Alias: "g"}}}
