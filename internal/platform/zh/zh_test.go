package zh

import (
	"slices"
	"sort"
	"testing"
)

func sorted(names ...string) []string {
	out := slices.Clone(names)
	sort.Slice(out, func(i, j int) bool { return SortKey(out[i]) < SortKey(out[j]) })
	return out
}

func TestSortKeyOrdersByPinyin(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want []string }{
		{[]string{"张三", "李四", "王五"}, []string{"李四", "王五", "张三"}},
		// A shorter syllable first (li before lin), then the next character.
		{[]string{"林一", "李二", "李"}, []string{"李", "李二", "林一"}},
		// The same syllable: the characters do not interleave.
		{[]string{"章二", "张三", "章一", "张一"}, []string{"张三", "张一", "章二", "章一"}},
		// Polyphones a name starts with: 曾 as zeng (not ceng, before 陈), 重庆 as chong (not zhong).
		{[]string{"张伟", "曾强", "重庆学院", "大学", "陈红"}, []string{"陈红", "重庆学院", "大学", "曾强", "张伟"}},
		// Digits and Latin letters as they are, before the syllables they precede.
		{[]string{"计算机2班", "计算机10班", "计算机1班"}, []string{"计算机10班", "计算机1班", "计算机2班"}},
	} {
		if got := sorted(c.in...); !slices.Equal(got, c.want) {
			t.Errorf("sorted %v = %v, want %v", c.in, got, c.want)
		}
	}
	if k := SortKey("李四"); k != "li3李 si4四" {
		t.Errorf("SortKey(李四) = %q", k)
	}
}

func TestResolve(t *testing.T) {
	t.Parallel()
	expr := "m.org_id ASC, " + Name("m.name") + " ASC, " + Name("z.name") + ", m.id"
	if got := Resolve(expr, false); got != "m.org_id ASC, m._name_py ASC, z._name_py, m.id" {
		t.Errorf("SQLite: %s", got)
	}
	if got := Resolve(expr, true); got != "m.org_id ASC, m.name COLLATE zh ASC, z.name COLLATE zh, m.id" {
		t.Errorf("PostgreSQL: %s", got)
	}
	if got := Resolve("u.id DESC", true); got != "u.id DESC" {
		t.Errorf("plain: %s", got)
	}
	if KeyColumn("nick_name") != "_nick_name_py" {
		t.Error(KeyColumn("nick_name"))
	}
}
