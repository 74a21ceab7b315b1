package httpx

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestParsePage(t *testing.T) {
	t.Parallel()
	p, err := ParsePage(url.Values{"page": {"2"}, "size": {"20"}, "sort": {"a,asc", "b,desc"}})
	if err != nil || p.Page != 2 || p.Size != 20 || p.Offset() != 40 || len(p.Sorts) != 2 {
		t.Fatalf("%+v %v", p, err)
	}
	if p, _ := ParsePage(url.Values{}); p.Size != DefaultPageSize || p.Page != 0 {
		t.Fatalf("defaults %+v", p)
	}
	for _, q := range []url.Values{{"page": {"-1"}}, {"page": {"x"}}, {"size": {"0"}}, {"size": {"10001"}}} {
		if _, err := ParsePage(q); err == nil {
			t.Errorf("%v accepted", q)
		}
	}
}

func TestFilterParsing(t *testing.T) {
	t.Parallel()
	cases := []struct {
		f    Filter
		in   any
		want any
		ok   bool
	}{
		{Filter{Kind: Int}, "42", int64(42), true},
		{Filter{Kind: Int}, "1 OR 1=1", nil, false},
		{Filter{Kind: Bool}, "true", true, true},
		{Filter{Kind: Bool}, "0", false, true},
		{Filter{Kind: Bool}, "yes", nil, false},
		{Filter{Kind: String}, strings.Repeat("x", 201), nil, false},
		{Filter{Kind: Time}, "2026-01-02", nil, true},
		{Filter{Kind: Time}, "tomorrow", nil, false},
	}
	for _, c := range cases {
		got, err := c.f.parse("f", c.in)
		if (err == nil) != c.ok || (c.want != nil && got != c.want) {
			t.Errorf("parse(%v) = %v, %v", c.in, got, err)
		}
	}
	if EscapeLike(`50%_\`) != `50\%\_\\` {
		t.Fatalf("EscapeLike: %s", EscapeLike(`50%_\`))
	}
}

func TestContentDispositionKeepsChineseNames(t *testing.T) {
	t.Parallel()
	h := ContentDisposition("attachment", "党员花名册 2026.xlsx")
	if !strings.Contains(h, "filename*=UTF-8''%E5%85%9A%E5%91%98") || !strings.HasPrefix(h, "attachment;") {
		t.Fatalf("%s", h)
	}
	h = ContentDisposition("attachment", "a\"b\r\n.txt")
	if strings.ContainsAny(h, "\r\n") {
		t.Fatalf("header injection: %q", h)
	}
}

func TestOptionalTellsAbsentFromNull(t *testing.T) {
	t.Parallel()
	var in struct {
		A Optional[int64] `json:"a"`
		B Optional[int64] `json:"b"`
		C Optional[int64] `json:"c"`
	}
	if err := json.Unmarshal([]byte(`{"a":5,"b":null}`), &in); err != nil {
		t.Fatal(err)
	}
	if !in.A.Set || *in.A.Value != 5 || !in.B.Set || in.B.Value != nil || in.C.Set {
		t.Fatalf("%+v", in)
	}
	if err := json.Unmarshal([]byte(`{"a":"x"}`), &in); err == nil {
		t.Fatal("wrong type accepted")
	}
}

// A body that does not decode names the field it failed on, so the form marks
// it: a type error's field, or the field whose value alone does not decode (a
// time.Time's parse error names none); a body that is no JSON names none.
func TestDecodeNamesTheFieldItFailedOn(t *testing.T) {
	t.Parallel()
	type base struct {
		ID int64 `json:"id"`
	}
	type input struct {
		base
		Name     string    `json:"name"`
		StartsAt time.Time `json:"startsAt"`
		Skipped  string    `json:"-"`
	}
	cases := map[string]string{
		`{"name":"会议","startsAt":"明天下午"}`: "startsAt",
		`{"name":1}`:             "name",
		`{"id":"七","name":"会议"}`: "id",
		`{"name":"会议","startsAt":"2026-03-02T14:00"}`: "startsAt",
		`{`:   "",
		`[1]`: "",
	}
	for body, want := range cases {
		r := httptest.NewRequest("POST", "/", strings.NewReader(body))
		var in input
		err := Decode(r, &in)
		if err == nil || FieldOf(err) != want || !strings.Contains(err.Error(), "请求数据格式错误") {
			t.Errorf("%s: %v (field %q), want field %q", body, err, FieldOf(err), want)
		}
	}
}
