package system_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
)

func TestMain(m *testing.M) { db.TestMain(m) }

type dictOption struct {
	Label string `json:"label"`
	Value string `json:"value"`
}

type dictPage struct {
	Content []struct {
		ID          int64  `json:"id"`
		Name        string `json:"name"`
		Description string `json:"description"`
	} `json:"content"`
	TotalElements int `json:"totalElements"`
}

type dictDetailPage struct {
	Content []struct {
		ID      int64  `json:"id"`
		DictID  int64  `json:"dictId"`
		Label   string `json:"label"`
		Value   string `json:"value"`
		Sort    int    `json:"sort"`
		Enabled bool   `json:"enabled"`
	} `json:"content"`
	TotalElements int `json:"totalElements"`
}

// createdID reads the id of a 201 answer.
func created201(t *testing.T, res *apptest.Response) int64 {
	t.Helper()
	apptest.Expect(t, res, http.StatusCreated)
	var out struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &out)
	if out.ID == 0 {
		t.Fatalf("no id in %s", res.Body)
	}
	return out.ID
}

func TestDictSeedsPresent(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tk, _ := e.UserWith("SELF", 0) // any session reads dictionaries
	res := e.Do("GET", "/api/dictDetail/map?dictName=DJ_COMM_XB,DJ_COMM_MZXX", tk, nil)
	apptest.Expect(t, res, http.StatusOK)
	var m map[string][]dictOption
	res.JSON(t, &m)
	if len(m) != 2 {
		t.Fatalf("want 2 dictionaries, got %v", m)
	}
	labels := map[string]string{}
	for _, o := range m["DJ_COMM_XB"] {
		labels[o.Value] = o.Label
	}
	if labels["1"] != "男" || labels["2"] != "女" {
		t.Fatalf("DJ_COMM_XB = %v", m["DJ_COMM_XB"])
	}
	if n := len(m["DJ_COMM_MZXX"]); n != 58 {
		t.Fatalf("DJ_COMM_MZXX has %d items, want 58", n)
	}
	if first := m["DJ_COMM_MZXX"][0]; first.Value != "01" || first.Label != "汉族" {
		t.Fatalf("first 民族 = %+v, want 01 汉族 (items ordered by sort)", first)
	}

	// The paged list is ordered by sort as well.
	res = e.Do("GET", "/api/dictDetail?dictName=DJ_COMM_MZXX&size=3", tk, nil)
	apptest.Expect(t, res, http.StatusOK)
	var page dictDetailPage
	res.JSON(t, &page)
	if page.TotalElements != 58 || len(page.Content) != 3 || page.Content[0].Value != "01" || page.Content[2].Value != "03" {
		t.Fatalf("page %+v", page)
	}
}

func TestDictMapNames(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tk, _ := e.UserWith("SELF", 0)

	// Comma-separated and repeated names mix; an unknown name is an empty array (not null).
	res := e.Do("GET", "/api/dictDetail/map?dictName=DJ_COMM_XB&dictName=NO_SUCH_DICT,%20DJ_COMM_XB", tk, nil)
	apptest.Expect(t, res, http.StatusOK)
	m := res.Map(t)
	if len(m) != 2 {
		t.Fatalf("keys %v", m)
	}
	if arr, ok := m["NO_SUCH_DICT"].([]any); !ok || len(arr) != 0 {
		t.Fatalf("unknown dictionary = %#v, want []", m["NO_SUCH_DICT"])
	}
	if arr, ok := m["DJ_COMM_XB"].([]any); !ok || len(arr) != 4 {
		t.Fatalf("DJ_COMM_XB = %#v", m["DJ_COMM_XB"])
	}

	for _, q := range []string{"", "?dictName=", "?dictName=%20,%20,", "?other=1"} {
		t.Run("no names "+q, func(t *testing.T) {
			apptest.ExpectMessage(t, e.Do("GET", "/api/dictDetail/map"+q, tk, nil), http.StatusBadRequest, "need Dict names")
		})
	}
	apptest.Expect(t, e.Do("GET", "/api/dictDetail/map?dictName=DJ_COMM_XB", "", nil), http.StatusUnauthorized)
}

func TestDictCRUDRoundTrip(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tk := e.AdminTK

	id := created201(t, e.Do("POST", "/api/dict", tk, map[string]any{"name": "TEST_DICT", "description": "测试字典"}))
	apptest.ExpectMessage(t, e.Do("POST", "/api/dict", tk, map[string]any{"name": "TEST_DICT"}), http.StatusConflict, "字典名称已存在")

	list := func(blurry string) dictPage {
		t.Helper()
		res := e.Do("GET", "/api/dict?blurry="+url.QueryEscape(blurry), tk, nil)
		apptest.Expect(t, res, http.StatusOK)
		var p dictPage
		res.JSON(t, &p)
		return p
	}
	if p := list("TEST_DICT"); p.TotalElements != 1 || p.Content[0].Description != "测试字典" {
		t.Fatalf("list %+v", p)
	}
	if p := list("测试字典"); p.TotalElements != 1 { // blurry matches the description too
		t.Fatalf("blurry on description: %+v", p)
	}

	apptest.Expect(t, e.Do("PUT", "/api/dict", tk, map[string]any{"id": id, "name": "TEST_DICT2", "description": "改"}), http.StatusNoContent)
	if p := list("TEST_DICT2"); p.TotalElements != 1 || p.Content[0].Description != "改" {
		t.Fatalf("after rename %+v", p)
	}
	apptest.ExpectMessage(t, e.Do("PUT", "/api/dict", tk, map[string]any{"id": id, "name": "DJ_COMM_XB"}), http.StatusConflict, "字典名称已存在")
	apptest.Expect(t, e.Do("PUT", "/api/dict", tk, map[string]any{"id": 999999, "name": "NOPE_X"}), http.StatusNotFound)

	a := created201(t, e.Do("POST", "/api/dictDetail", tk, map[string]any{"dictId": id, "label": "甲", "value": "a", "sort": 2}))
	b := created201(t, e.Do("POST", "/api/dictDetail", tk, map[string]any{"dictId": id, "label": "乙", "value": "b", "sort": 1}))
	apptest.ExpectMessage(t, e.Do("POST", "/api/dictDetail", tk, map[string]any{"dictId": id, "label": "丙", "value": "a"}),
		http.StatusConflict, "该字典中已存在相同的值")
	// The same value in another dictionary is fine.
	other := created201(t, e.Do("POST", "/api/dict", tk, map[string]any{"name": "OTHER_DICT"}))
	created201(t, e.Do("POST", "/api/dictDetail", tk, map[string]any{"dictId": other, "label": "甲", "value": "a"}))

	details := func() dictDetailPage {
		t.Helper()
		res := e.Do("GET", "/api/dictDetail?dictName=TEST_DICT2", tk, nil)
		apptest.Expect(t, res, http.StatusOK)
		var p dictDetailPage
		res.JSON(t, &p)
		return p
	}
	if p := details(); p.TotalElements != 2 || p.Content[0].ID != b || p.Content[1].ID != a || !p.Content[0].Enabled {
		t.Fatalf("details %+v", p)
	}

	apptest.ExpectMessage(t, e.Do("PUT", "/api/dictDetail", tk, map[string]any{"id": a, "label": "甲", "value": "b"}),
		http.StatusConflict, "该字典中已存在相同的值")
	apptest.Expect(t, e.Do("PUT", "/api/dictDetail", tk, map[string]any{"id": a, "label": "甲二", "value": "a2", "sort": 0}), http.StatusNoContent)
	if p := details(); p.Content[0].ID != a || p.Content[0].Label != "甲二" || p.Content[0].Value != "a2" {
		t.Fatalf("after update %+v", p)
	}

	apptest.Expect(t, e.Do("DELETE", fmt.Sprintf("/api/dictDetail/%d", b), tk, nil), http.StatusNoContent)
	apptest.Expect(t, e.Do("DELETE", fmt.Sprintf("/api/dictDetail/%d", b), tk, nil), http.StatusNotFound)
	apptest.Expect(t, e.Do("DELETE", "/api/dictDetail", tk, []int64{a}), http.StatusNoContent)
	if p := details(); p.TotalElements != 0 {
		t.Fatalf("after delete %+v", p)
	}

	apptest.Expect(t, e.Do("DELETE", "/api/dict", tk, []int64{id, other}), http.StatusNoContent)
	if p := list("_DICT"); p.TotalElements != 0 {
		t.Fatalf("after dict delete %+v", p)
	}
	n, err := e.DB.NewSelect().Table("sys_dict_detail").Where("dict_id IN (?, ?)", id, other).Count(t.Context())
	if err != nil || n != 0 {
		t.Fatalf("items of deleted dictionaries left: %d %v", n, err)
	}
}

func TestDictValidation(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tk := e.AdminTK
	id := created201(t, e.Do("POST", "/api/dict", tk, map[string]any{"name": "VALID_DICT"}))

	dictCases := []struct {
		name string
		body map[string]any
		want int
	}{
		{"empty name", map[string]any{"name": ""}, http.StatusBadRequest},
		{"starts with digit", map[string]any{"name": "1abc"}, http.StatusBadRequest},
		{"one character", map[string]any{"name": "a"}, http.StatusBadRequest},
		{"hyphen", map[string]any{"name": "a-b"}, http.StatusBadRequest},
		{"chinese", map[string]any{"name": "字典"}, http.StatusBadRequest},
		{"sql", map[string]any{"name": "a'; DROP TABLE sys_dict;--"}, http.StatusBadRequest},
		{"101 characters", map[string]any{"name": "a" + strings.Repeat("b", 100)}, http.StatusBadRequest},
		{"100 characters", map[string]any{"name": "a" + strings.Repeat("b", 99)}, http.StatusCreated},
		{"description 256", map[string]any{"name": "DESC_LONG", "description": strings.Repeat("字", 256)}, http.StatusBadRequest},
		{"description 255", map[string]any{"name": "DESC_OK", "description": strings.Repeat("字", 255)}, http.StatusCreated},
	}
	for _, c := range dictCases {
		t.Run("dict "+c.name, func(t *testing.T) {
			apptest.Expect(t, e.Do("POST", "/api/dict", tk, c.body), c.want)
		})
	}

	itemCases := []struct {
		name string
		body map[string]any
		want int
	}{
		{"no dictId", map[string]any{"label": "x", "value": "x"}, http.StatusBadRequest},
		{"unknown dictId", map[string]any{"dictId": 999999, "label": "x", "value": "x"}, http.StatusBadRequest},
		{"empty label", map[string]any{"dictId": id, "label": " ", "value": "x"}, http.StatusBadRequest},
		{"empty value", map[string]any{"dictId": id, "label": "x", "value": ""}, http.StatusBadRequest},
		{"label 201", map[string]any{"dictId": id, "label": strings.Repeat("党", 201), "value": "l1"}, http.StatusBadRequest},
		{"label 200", map[string]any{"dictId": id, "label": strings.Repeat("党", 200), "value": "l2"}, http.StatusCreated},
		{"value 101", map[string]any{"dictId": id, "label": "v", "value": strings.Repeat("v", 101)}, http.StatusBadRequest},
		{"value 100", map[string]any{"dictId": id, "label": "v", "value": strings.Repeat("v", 100)}, http.StatusCreated},
	}
	for _, c := range itemCases {
		t.Run("item "+c.name, func(t *testing.T) {
			apptest.Expect(t, e.Do("POST", "/api/dictDetail", tk, c.body), c.want)
		})
	}

	for _, q := range []string{"sort=name;drop", "sort=description,asc", "sort=name,sideways", "nosuch=1"} {
		t.Run("list "+q, func(t *testing.T) {
			apptest.Expect(t, e.Do("GET", "/api/dict?"+q, tk, nil), http.StatusBadRequest)
		})
	}
	apptest.Expect(t, e.Do("GET", "/api/dict?sort=name,desc", tk, nil), http.StatusOK)
	apptest.Expect(t, e.Do("GET", "/api/dictDetail", tk, nil), http.StatusBadRequest)
	apptest.Expect(t, e.Do("GET", "/api/dictDetail/cache", tk, nil), http.StatusBadRequest)
	apptest.Expect(t, e.Do("DELETE", "/api/dictDetail/abc", tk, nil), http.StatusBadRequest)
}

// The read routes list disabled items too, flagged: a record holding one
// still shows its label, and a form offers it to that record only.
func TestDictReadsFlagDisabled(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tk := e.AdminTK
	id := created201(t, e.Do("POST", "/api/dict", tk, map[string]any{"name": "CACHE_DICT"}))
	created201(t, e.Do("POST", "/api/dictDetail", tk, map[string]any{"dictId": id, "label": "开", "value": "on", "sort": 1}))
	off := created201(t, e.Do("POST", "/api/dictDetail", tk, map[string]any{"dictId": id, "label": "关", "value": "off", "sort": 2, "enabled": false}))
	late := created201(t, e.Do("POST", "/api/dictDetail", tk, map[string]any{"dictId": id, "label": "迟", "value": "late", "sort": 3}))
	// Disabling through an update works too.
	apptest.Expect(t, e.Do("PUT", "/api/dictDetail", tk, map[string]any{"id": late, "label": "迟", "value": "late", "sort": 3, "enabled": false}), http.StatusNoContent)

	user, _ := e.UserWith("SELF", 0)
	res := e.Do("GET", "/api/dictDetail/cache?dictName=CACHE_DICT", user, nil)
	apptest.Expect(t, res, http.StatusOK)
	want := `[{"label":"开","value":"on"},{"label":"关","value":"off","disabled":true},{"label":"迟","value":"late","disabled":true}]`
	if !strings.Contains(string(res.Body), `"content":`+want) {
		t.Fatalf("cache %s", res.Body)
	}
	res = e.Do("GET", "/api/dictDetail/map?dictName=CACHE_DICT", user, nil)
	apptest.Expect(t, res, http.StatusOK)
	if strings.TrimSpace(string(res.Body)) != `{"CACHE_DICT":`+want+`}` {
		t.Fatalf("map %s", res.Body)
	}

	// The management list shows every item, disabled ones included.
	res = e.Do("GET", "/api/dictDetail?dictName=CACHE_DICT", user, nil)
	apptest.Expect(t, res, http.StatusOK)
	var page dictDetailPage
	res.JSON(t, &page)
	if page.TotalElements != 3 || page.Content[1].ID != off || page.Content[1].Enabled {
		t.Fatalf("list %s", res.Body)
	}

	res = e.Do("GET", "/api/dictDetail/cache?dictName=NO_SUCH_DICT", user, nil)
	apptest.Expect(t, res, http.StatusOK)
	if !strings.Contains(string(res.Body), `"content":[]`) {
		t.Fatalf("unknown dictionary cache %s", res.Body)
	}
}

func TestDictPermissions(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	reader, _ := e.UserWith("SELF", 0, "dict:list")
	nobody, _ := e.UserWith("SELF", 0)
	apptest.Expect(t, e.Do("GET", "/api/dict", reader, nil), http.StatusOK)
	apptest.Expect(t, e.Do("GET", "/api/dict", nobody, nil), http.StatusForbidden)
	apptest.Expect(t, e.Do("POST", "/api/dict", reader, map[string]any{"name": "NOPE_DICT"}), http.StatusForbidden)
	apptest.Expect(t, e.Do("POST", "/api/dictDetail", reader, map[string]any{"dictId": 1, "label": "x", "value": "x"}), http.StatusForbidden)
	apptest.Expect(t, e.Do("DELETE", "/api/dictDetail/1", reader, nil), http.StatusForbidden)
	apptest.Expect(t, e.Do("GET", "/api/dictDetail?dictName=DJ_COMM_XB", nobody, nil), http.StatusOK)

	editor, _ := e.UserWith("SELF", 0, "dict:add")
	created201(t, e.Do("POST", "/api/dict", editor, map[string]any{"name": "EDITOR_DICT"}))
}
