package httpx

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
)

type mergeInput struct {
	ID    int64    `json:"id"`
	Name  string   `json:"name"`
	Phone string   `json:"phone"`
	Org   *int64   `json:"org"`
	Tags  []string `json:"tags"`
}

func TestDecodeMergeKeepsFieldsLeftOut(t *testing.T) {
	t.Parallel()
	org := int64(5)
	load := func(_ context.Context, id int64) (mergeInput, error) {
		if id != 7 {
			return mergeInput{}, NotFound("不存在")
		}
		return mergeInput{ID: 7, Name: "张三", Phone: "13800138000", Org: &org}, nil
	}
	in, sent, err := DecodeMerge(httptest.NewRequest("PUT", "/", strings.NewReader(`{"id":7,"name":"李四","org":null}`)), "缺少编号", load)
	if err != nil || in.Name != "李四" || in.Phone != "13800138000" || in.Org != nil || len(sent) != 3 {
		t.Fatalf("%+v %v %v", in, sent, err)
	}
	for body, want := range map[string]string{
		`{"name":"x"}`:      "缺少编号",
		`{"id":"7"}`:        "缺少编号",
		`{"id":8}`:          "不存在",
		`[1]`:               "请求数据格式错误",
		``:                  "请求内容不能为空",
		`{"id":7,"name":1}`: "请求数据格式错误",
	} {
		_, _, err := DecodeMerge(httptest.NewRequest("PUT", "/", strings.NewReader(body)), "缺少编号", load)
		var he *Error
		if !errors.As(err, &he) || he.Message != want {
			t.Errorf("%s: %v, want %s", body, err, want)
		}
	}
}
