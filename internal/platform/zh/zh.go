// Package zh orders Chinese names by pinyin on both databases. PostgreSQL
// sorts a name column with the ICU collation zh (created by the migration
// helper db.ZhSortKey); SQLite, which has no ICU, sorts by a sort-key column
// beside the name (_name_py for name) that triggers keep with SortKey,
// registered as the SQL function zh_key. A list declares such a sort with
// Name (httpx resolves it per database), never per domain.
package zh

import (
	"strings"
	"unicode"

	"github.com/mozillazg/go-pinyin"
)

// Collation is the PostgreSQL collation names sort by.
const Collation = "zh"

// KeyFunc is the SQLite function computing SortKey (registered by package db).
const KeyFunc = "zh_key"

// marker wraps a column in a sort expression (see Name and Resolve).
const markerOpen, markerClose = "{{zh ", "}}"

// Name is the sort expression of a Chinese name column (written by us, e.g.
// "m.name") in a ListSpec's Sorts or DefaultSort: Resolve turns it into the
// database's pinyin order.
func Name(column string) string { return markerOpen + column + markerClose }

// KeyColumn is the SQLite sort-key column of column: "m.name" → "m._name_py".
// Its leading underscore keeps it out of every model (bun skips such columns
// when it scans a "x.*" select).
func KeyColumn(column string) string {
	if i := strings.LastIndexByte(column, '.'); i >= 0 {
		return column[:i+1] + "_" + column[i+1:] + "_py"
	}
	return "_" + column + "_py"
}

// Resolve replaces every Name(column) in an order expression by the
// database's pinyin order: column COLLATE zh on PostgreSQL, the sort-key
// column on SQLite.
func Resolve(expr string, postgres bool) string {
	for {
		start := strings.Index(expr, markerOpen)
		if start < 0 {
			return expr
		}
		end := strings.Index(expr[start:], markerClose)
		if end < 0 {
			return expr
		}
		column := expr[start+len(markerOpen) : start+end]
		order := KeyColumn(column)
		if postgres {
			order = column + " COLLATE " + Collation
		}
		expr = expr[:start] + order + expr[start+end+len(markerClose):]
	}
}

var args = func() pinyin.Args {
	a := pinyin.NewArgs()
	a.Style = pinyin.Tone3 // "zhang1": the tone orders syllables that sound alike
	return a
}()

// leading are the readings a name's first character usually has where its
// first dictionary reading is another: family names (曾 céng → zēng, 单 dān
// → shàn) and the places names start with (重庆, 长沙).
var leading = map[rune]string{
	'曾': "zeng1", '单': "shan4", '解': "xie4", '仇': "qiu2", '区': "ou1", '朴': "piao2", '查': "zha1",
	'盖': "ge3", '缪': "miao4", '覃': "qin2", '翟': "zhai2", '乐': "yue4", '尉': "yu4", '重': "chong2", '长': "chang2",
}

// SortKey is the pinyin sort key of a name: per character its syllable with
// the tone number and the character itself (so that 张 and 章 do not
// interleave), other characters lower-cased, separated by spaces (so that
// "li3" sorts before "lin2"). 李四 < 王五 < 张三.
func SortKey(s string) string {
	var b strings.Builder
	for i, r := range []rune(strings.TrimSpace(s)) {
		if i > 0 {
			b.WriteByte(' ')
		}
		if !unicode.Is(unicode.Han, r) {
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		syllable, ok := leading[r]
		if !ok || i > 0 {
			if p := pinyin.SinglePinyin(r, args); len(p) > 0 {
				syllable = p[0]
			}
		}
		b.WriteString(syllable)
		b.WriteRune(r)
	}
	return b.String()
}
