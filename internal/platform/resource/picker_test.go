package resource_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
)

type pickedNote struct {
	ID        int64  `bun:"id" json:"id"`
	Text      string `bun:"text" json:"text"`
	OwnerName string `bun:"owner_name" json:"ownerName"`
	Mark      string `bun:"-" json:"mark"`
}

// ownerScope is a domain scope value: the notes of one owner.
type ownerScope struct{ owner int64 }

func (sc ownerScope) Apply(q *bun.SelectQuery, column string) *bun.SelectQuery {
	return q.Where("? = ?", bun.Safe(column), sc.owner)
}

// A picker pages the caller's rows only, joined and finished, with its
// default filters unless the caller gives them; a scope that fails is
// answered as the error it is.
func TestPickerPagesTheScopeWithDefaults(t *testing.T) {
	t.Parallel()
	res, database := notes(t)
	mine := context.WithValue(context.Background(), ownerKey{}, int64(1))
	theirs := context.WithValue(context.Background(), ownerKey{}, int64(2))
	for _, text := range []string{"甲", "乙", "丙"} {
		if _, err := res.Create(mine, note{Text: text}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := res.Create(theirs, note{Text: "丁"}); err != nil {
		t.Fatal(err)
	}
	refused := httpx.NotFound("没有权限")
	scopeOf := func(ctx context.Context) (ownerScope, error) {
		owner, _ := ctx.Value(ownerKey{}).(int64)
		if owner == 0 {
			return ownerScope{}, refused
		}
		return ownerScope{owner}, nil
	}
	finished := 0
	p := &resource.Picker[pickedNote]{DB: database, From: "sample_note AS n",
		Joins:   []string{"LEFT JOIN sample_owner AS o ON o.id = n.owner"},
		Columns: []string{"n.id, n.text", "COALESCE(o.name, '') AS owner_name"},
		Scope:   record.ScopeOn(scopeOf, "n.owner"),
		Spec: httpx.ListSpec{Filters: map[string]httpx.Filter{"text": {Columns: []string{"n.text"}}},
			DefaultSort: "n.id ASC", Key: "n.id"},
		Defaults: map[string]any{"text": "乙"},
		Finish: func(context.Context) (func(*pickedNote), error) {
			finished++
			return func(it *pickedNote) { it.Mark = "·" + it.Text }, nil
		}}
	page, err := p.Page(mine, httpx.ListQuery{Page: httpx.Page{Size: 10}})
	if err != nil || page.TotalElements != 1 || page.Content[0].Text != "乙" || page.Content[0].OwnerName != "一支部" || page.Content[0].Mark != "·乙" {
		t.Fatalf("default filter: %+v %v", page, err)
	}
	page, err = p.Page(mine, httpx.ListQuery{Page: httpx.Page{Size: 10}, Filters: map[string]any{"text": "丙"}})
	if err != nil || page.TotalElements != 1 || page.Content[0].Text != "丙" {
		t.Fatalf("given filter: %+v %v", page, err)
	}
	page, err = p.Page(theirs, httpx.ListQuery{Page: httpx.Page{Size: 10}, Filters: map[string]any{"text": "甲"}})
	if err != nil || page.TotalElements != 0 {
		t.Fatalf("out of scope rows listed: %+v %v", page, err)
	}
	if finished != 3 {
		t.Fatalf("Finish read %d times for 3 pages", finished)
	}
	if _, err := p.Page(context.Background(), httpx.ListQuery{Page: httpx.Page{Size: 10}}); !errors.Is(err, refused) {
		t.Fatalf("a scope's refusal is answered as it is: %v", err)
	}
}
