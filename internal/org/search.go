package org

import "zhdj/internal/platform/search"

// orgSearch is the text-search index of the organisation lists' keyword
// boxes (blurry: name, code, short name; name: name, short name).
var orgSearch = search.Index{Table: "dzz", Columns: []string{"name", "code", "short_name"}}

var onOrg = []search.On{{Index: orgSearch, Alias: "z"}}
