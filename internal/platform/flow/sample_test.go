package flow_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/module"
)

func TestMain(m *testing.M) { db.TestMain(m) }

// request is the sample module's record: an application kept per party
// organisation that goes through the sample workflow.
type request struct {
	bun.BaseModel `bun:"table:sample_request,alias:s"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	OrgID         int64     `bun:"org_id" json:"orgId"`
	Title         string    `bun:"title" json:"title"`
	Amount        int       `bun:"amount" json:"amount"`
	Status        string    `bun:"status" json:"status"`
	CreatedAt     time.Time `bun:"created_at" json:"createTime"`
}

// The sample workflow: 支部审核 → 二级党委审批 → 组织部审批 for a branch under a
// secondary committee (or a general branch); a 直属党支部 skips the middle.
const (
	permList   = "sample:list"
	permAdd    = "sample:add"
	permChain  = "sample:chain"
	permBranch = "sample:branch"
	permMiddle = "sample:committee"
	permTop    = "sample:department"
)

var sampleChains = []flow.Chain{
	{OrgType: "5", Links: []flow.Link{ // 党支部
		{Step: "branch", Acting: []string{"5"}, Role: "党支部"},
		{Step: "committee", Acting: []string{"2", "3"}, Role: "二级党委"},
		{Step: "department", Acting: []string{"1"}, Role: "组织部"}}},
	{OrgType: "4", Links: []flow.Link{ // 直属党支部
		{Step: "branch", Acting: []string{"4"}, Role: "党支部"},
		{Step: "department", Acting: []string{"1"}, Role: "组织部"}}},
}

// maxAmount is the sample's rule.
const maxAmount = 5000

func sampleWorkflow() *flow.Workflow[request] {
	return &flow.Workflow[request]{
		Key: "sample", Noun: "示例申请",
		States: []flow.State{{Key: "review", Name: "审核中"}, {Key: "approval", Name: "审批中"},
			{Key: "passed", Name: "已通过"}, {Key: "rejected", Name: "未通过"}, {Key: "ended", Name: "已终止"}},
		Done: "passed", Rejected: "rejected",
		Steps: []flow.Step[request]{
			{Key: "branch", Name: "支部审核", State: "review", Perm: permBranch, Rules: []flow.Rule[request]{{
				Name: fmt.Sprintf("申请金额不超过 %d 元", maxAmount), Field: "amount",
				Check: func(_ context.Context, _ bun.IDB, a *flow.Act[request]) (string, error) {
					if a.Record.Amount > maxAmount {
						return fmt.Sprintf("本申请金额为 %d 元", a.Record.Amount), nil
					}
					return "", nil
				}}}},
			{Key: "committee", Name: "二级党委审批", State: "approval", Perm: permMiddle},
			{Key: "department", Name: "组织部审批", State: "approval", Perm: permTop,
				// The module's consequence, in the action's transaction.
				After: func(ctx context.Context, tx bun.Tx, a *flow.Act[request]) error {
					if a.Record.Title == "后续处理失败" {
						return httpx.BadRequest("后续处理失败")
					}
					_, err := tx.NewUpdate().Model((*request)(nil)).Set("status = ?", a.State).Where("id = ?", a.ID).Exec(ctx)
					return err
				}},
		},
		OrgOf:  func(r *request) int64 { return r.OrgID },
		NameOf: func(r *request) string { return r.Title },
		Link:   func(id int64) string { return fmt.Sprintf("/sample?id=%d", id) },
	}
}

// world is a server with the sample module and the organisations and users
// the tests act as.
type world struct {
	e  *apptest.Env
	wf *flow.Workflow[request]
	// 学校党委 → 计算机学院党委 (二级党委) → 计算机教工党支部; 学校党委 → 机关直属党支部;
	// 学校党委 → 图书馆党总支 → 图书馆党支部; 学校党委 → 数学学院党委 → 数学党支部.
	root, cs, branch, direct, general, gbranch, math, mbranch int64
	// Tokens: the branch's two committee members, its secretary, the secondary
	// committee, the organisation department, the direct branch, the general
	// branch, a branch member without the step's level, someone of another
	// college, someone without permissions.
	branchTK, branch2TK, csTK, deptTK, directTK, generalTK, lowTK, mathTK, noTK string
	branchID, branch2ID, csID, deptID                                           int64
}

func newWorld(t *testing.T) *world {
	w := &world{wf: sampleWorkflow()}
	w.e = apptest.NewModules(t, func(mods []module.Module) []module.Module {
		return append(mods, module.Module{Name: "sample", Routes: func(all *httpx.Routes) {
			rs := all.In("示例申请")
			w.wf.Routes(rs, "/api/sample", flow.Perms{View: permList, Chains: permList, ChainsEdit: permChain})
			rs.Post("/api/sample", permAdd, "新增", httpx.Create(w.create))
		}})
	})
	w.wf.DB, w.wf.Orgs, w.wf.Todos, w.wf.Files = w.e.DB, w.e.App.Orgs, w.e.Sys, w.e.Sys
	w.wf.Find = func(ctx context.Context, idb bun.IDB, id int64) (*request, error) {
		scope, err := w.e.App.Orgs.Scoped("s.org_id")(ctx)
		if err != nil {
			return nil, err
		}
		r := new(request)
		if err := scope(idb.NewSelect().Model(r).Where("s.id = ?", id)).Scan(ctx); err != nil {
			return nil, httpx.NotFound("示例申请不存在")
		}
		return r, nil
	}
	ctx := context.Background()
	if err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		if err := db.DDL(ctx, tx, `CREATE TABLE sample_request (id {{pk}}, org_id BIGINT NOT NULL, title VARCHAR(50) NOT NULL,
			amount INTEGER NOT NULL, status VARCHAR(16) NOT NULL, created_at TIMESTAMP NOT NULL)`); err != nil {
			return err
		}
		return flow.SeedChains(ctx, tx, "sample", sampleChains)
	}); err != nil {
		t.Fatal(err)
	}
	e := w.e
	w.root = e.Org(t, 0, "1", "学校党委")
	w.cs = e.Org(t, w.root, "2", "计算机学院党委")
	w.branch = e.Org(t, w.cs, "5", "计算机教工党支部")
	w.direct = e.Org(t, w.root, "4", "机关直属党支部")
	w.general = e.Org(t, w.root, "3", "图书馆党总支")
	w.gbranch = e.Org(t, w.general, "5", "图书馆党支部")
	w.math = e.Org(t, w.root, "2", "数学学院党委")
	w.mbranch = e.Org(t, w.math, "5", "数学党支部")
	const below = "LEVEL_AND_BELOW"
	w.branchTK, w.branchID = e.UserAt(t, below, w.branch, permList, permAdd, permBranch)
	w.branch2TK, w.branch2ID = e.UserAt(t, below, w.branch, permList, permBranch)
	w.csTK, w.csID = e.UserAt(t, below, w.cs, permList, permMiddle)
	w.deptTK, w.deptID = e.UserAt(t, "ALL", w.root, permList, permTop, permChain)
	w.directTK, _ = e.UserAt(t, below, w.direct, permList, permAdd, permBranch)
	w.generalTK, _ = e.UserAt(t, below, w.general, permList, permAdd, permBranch, permMiddle)
	w.lowTK, _ = e.UserAt(t, below, w.branch, permList, permMiddle)
	w.mathTK, _ = e.UserAt(t, below, w.math, permList, permAdd, permBranch, permMiddle)
	w.noTK, _ = e.UserAt(t, below, w.branch)
	return w
}

// create adds a request and submits it, in one transaction.
func (w *world) create(ctx context.Context, in request) (request, error) {
	if ok, err := w.e.App.Orgs.InScope(ctx, in.OrgID); err != nil || !ok {
		return in, httpx.Invalid("orgId", "所选党组织不存在")
	}
	in.Status, in.CreatedAt = "submitted", time.Now().UTC()
	err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(&in).Returning("id").Exec(ctx); err != nil {
			return err
		}
		return w.wf.Start(ctx, tx, in.ID, flow.Note{Comment: "请审核"})
	})
	return in, httpx.AsError(err)
}

// submit creates a request as token in organisation org and answers its id.
func (w *world) submit(t *testing.T, token string, org int64, title string, amount int) int64 {
	t.Helper()
	return w.e.Create(t, token, "/api/sample", map[string]any{"orgId": org, "title": title, "amount": amount})
}

func (w *world) view(t *testing.T, token string, id int64) flow.View {
	t.Helper()
	return apptest.DoJSON[flow.View](t, w.e, 200, "GET", fmt.Sprintf("/api/sample/%d/flow", id), token, nil)
}

// act takes an action as token on the version the token's view shows.
func (w *world) act(t *testing.T, token string, id int64, body map[string]any) *apptest.Response {
	t.Helper()
	body = apptest.With(body, "version", w.view(t, token, id).Version)
	return w.e.Do("POST", fmt.Sprintf("/api/sample/%d/flow", id), token, body)
}

// approve approves as token and expects 200.
func (w *world) approve(t *testing.T, token string, id int64) flow.View {
	t.Helper()
	res := w.act(t, token, id, map[string]any{"result": "approve", "comment": "同意"})
	apptest.Expect(t, res, 200)
	var v flow.View
	res.JSON(t, &v)
	return v
}

// todo is a to-do as the message centre lists it.
type todo struct {
	Module, BizID, Title, Link string
	Done                       bool
}

// todos are the open to-dos of token's user.
func (w *world) todos(t *testing.T, token string) []todo {
	t.Helper()
	rows, _ := apptest.GetPage[todo](t, w.e, token, "/api/msgTodo/getTodo", nil)
	return rows
}
