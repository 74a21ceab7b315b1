package flow

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
)

// openTodos gives everyone who may act at link l (for organisation org) a
// to-do for record id; nobody may: none (the record still waits in the
// module's lists, where the administrators find it).
func (wf *Workflow[R]) openTodos(ctx context.Context, idb bun.IDB, rec *R, id int64, l Link, org Org) error {
	st := wf.step(l.Step)
	people, err := wf.Orgs.Actors(ctx, idb, st.Perm, org.ID)
	if err != nil {
		return httpx.Internal(err)
	}
	if len(people) == 0 {
		return nil
	}
	ids := make([]int64, len(people))
	for i, p := range people {
		ids[i] = p.ID
	}
	name := wf.NameOf(rec)
	title := fmt.Sprintf("%s待%s：%s", wf.Noun, st.Name, name)
	content := fmt.Sprintf("%s「%s」待%s（%s）办理「%s」环节。", wf.Noun, name, org.Name, l.Role, st.Name)
	link := ""
	if wf.Link != nil {
		link = wf.Link(id)
	}
	return wf.Todos.AddTodo(ctx, idb, ids, truncate(title, 200), content, link, wf.Key, bizID(id, st.Key))
}

// truncate keeps at most n characters of s.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
