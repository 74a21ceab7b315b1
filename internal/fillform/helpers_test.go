package fillform_test

import (
	"fmt"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/fillform"
	"zhdj/internal/member"
	"zhdj/internal/org"
)

// world: a school committee with two secondary committees (计算机, 数学);
// under 计算机 two branches: b1, whose secretary sec1 is a member with an
// account anchored at b1 (a branch secretary's), and b2, without a named
// secretary, whose account sec2 is anchored there; b1's members m1 and m2
// have their own accounts (a member's: SELF scope); under 数学 the branch mb
// with its member mm. csTK and mathTK administer forms for their committee;
// noTK holds no txbd permission.
type world struct {
	e                                *apptest.Env
	root, cs, math, b1, b2, mb       int64
	csTK, mathTK, noTK               string
	sec1TK, sec2TK, m1TK, m2TK, mmTK string
	sec1, m1, m2, mm                 int64
	sec1UID, sec2UID, m1UID, m2UID   int64
	clock                            atomic.Int64 // unix nanoseconds the service reads; 0: the real time
}

var admins = []string{fillform.PermList, fillform.PermAdd, fillform.PermEdit, fillform.PermDel, fillform.PermPublish,
	fillform.PermReview, fillform.PermExport}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	e.App.FillForm.SetClock(func() time.Time {
		if n := w.clock.Load(); n != 0 {
			return time.Unix(0, n).UTC()
		}
		return time.Now().UTC()
	})
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.b1 = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.b2 = e.Org(t, w.cs, "5", "计算机学生党支部")
	w.mb = e.Org(t, w.math, "5", "数学教工党支部")
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, admins...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, admins...)
	w.noTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	w.sec1, w.sec1TK, w.sec1UID = w.person(t, w.b1, "王书记", "LEVEL_AND_BELOW")
	if _, err := e.DB.NewUpdate().Model((*org.Org)(nil)).Set("secretary_member_id = ?", w.sec1).Set("secretary_name = ?", "王书记").
		Where("id = ?", w.b1).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	w.sec2TK, w.sec2UID = e.UserAt(t, "LEVEL_AND_BELOW", w.b2, fillform.PermFill)
	w.m1, w.m1TK, w.m1UID = w.person(t, w.b1, "张党员", "SELF")
	w.m2, w.m2TK, w.m2UID = w.person(t, w.b1, "李党员", "SELF")
	w.mm, w.mmTK, _ = w.person(t, w.mb, "赵党员", "SELF")
	return w
}

// person adds a full member of branch with an account holding txbd:fill
// (anchored at the branch, with the data scope given) linked to the record.
func (w *world) person(t testing.TB, branch int64, name, scope string) (id int64, token string, uid int64) {
	t.Helper()
	id = w.e.Create(t, w.e.AdminTK, "/api/dyjbxx", apptest.FullMember(name, branch, "gender", member.GenderMale))
	token, uid = w.e.UserAt(t, scope, branch, fillform.PermFill)
	if _, err := w.e.DB.NewUpdate().Model((*member.Member)(nil)).Set("user_id = ?", uid).Where("id = ?", id).Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	return id, token, uid
}

// at moves the service's clock.
func (w *world) at(t time.Time) { w.clock.Store(t.UnixNano()) }

// fields are a form's fields of every kind but attachments, as the designer sends them.
func fields() []map[string]any {
	return []map[string]any{
		{"label": "支部党员人数", "kind": "number", "required": true, "min": 0, "max": 500},
		{"label": "特色工作", "kind": "textarea", "required": true, "maxLength": 200},
		{"label": "开展情况", "kind": "single", "required": true, "options": []string{"按时开展", "未按时开展"}},
		{"label": "活动类型", "kind": "multiple", "options": []string{"学习", "实践", "服务"}},
		{"label": "填报日期", "kind": "date"},
		{"label": "联系人", "kind": "text", "maxLength": 10},
	}
}

// good are answers to fields() that pass.
func good() map[string]any {
	return map[string]any{"f1": 25, "f2": "开展结对共建", "f3": "按时开展", "f4": []string{"服务", "学习"}, "f5": "2026-03-01", "f6": "王老师"}
}

// body is a draft of the committee csOrg sending to audience by mode.
func body(title string, sender int64, audience, mode string, root int64, ids []int64, deadline time.Time) map[string]any {
	b := map[string]any{"title": title, "description": "请如实填报", "orgId": sender, "deadline": deadline, "audience": audience,
		"mode": mode, "fields": fields()}
	if mode == fillform.ModeSubtree {
		b["rootId"] = root
	} else {
		b["ids"] = ids
	}
	return b
}

// publish creates and publishes a form as token and answers it.
func (w *world) publish(t testing.TB, token string, b map[string]any) fillform.FormDetail {
	t.Helper()
	d := apptest.DoJSON[fillform.FormDetail](t, w.e, 201, "POST", "/api/txbd/forms", token, b)
	return apptest.DoJSON[fillform.FormDetail](t, w.e, 200, "POST", formPath(d.ID, "publish"), token, nil)
}

// branchForm publishes a form of 计算机 to its branches, due in a week.
func (w *world) branchForm(t testing.TB, title string) fillform.FormDetail {
	t.Helper()
	return w.publish(t, w.csTK, body(title, w.cs, fillform.AudienceOrgs, fillform.ModeSubtree, w.cs, nil, time.Now().Add(7*24*time.Hour)))
}

func formPath(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/txbd/forms/%d", id)
	}
	return fmt.Sprintf("/api/txbd/forms/%d/%s", id, action)
}

func entryPath(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/txbd/entries/%d", id)
	}
	return fmt.Sprintf("/api/txbd/entries/%d/%s", id, action)
}

func minePath(id int64, action string) string {
	if action == "" {
		return fmt.Sprintf("/api/txbd/my/%d", id)
	}
	return fmt.Sprintf("/api/txbd/my/%d/%s", id, action)
}

// entries lists form id's entries as token sees them, by target.
func (w *world) entries(t testing.TB, token string, id int64, q url.Values) map[int64]fillform.EntryView {
	t.Helper()
	if q == nil {
		q = url.Values{}
	}
	q.Set("size", "100")
	rows, _ := apptest.GetPage[fillform.EntryView](t, w.e, token, fmt.Sprintf("/api/txbd/forms/%d/entries", id), q)
	out := map[int64]fillform.EntryView{}
	for _, r := range rows {
		out[r.TargetID] = r
	}
	return out
}

// mine lists the entries token fills, by form.
func (w *world) mine(t testing.TB, token string) map[int64]fillform.EntryView {
	t.Helper()
	rows, _ := apptest.GetPage[fillform.EntryView](t, w.e, token, "/api/txbd/my", url.Values{"size": {"100"}})
	out := map[int64]fillform.EntryView{}
	for _, r := range rows {
		out[r.FormID] = r
	}
	return out
}

// messages are the titles of the messages account uid got.
func (w *world) messages(t testing.TB, uid int64) []string {
	t.Helper()
	var out []string
	if err := w.e.DB.NewSelect().Table("msg_push_history").Column("title").Where("user_id = ?", uid).OrderExpr("id").
		Scan(t.Context(), &out); err != nil {
		t.Fatal(err)
	}
	return out
}
