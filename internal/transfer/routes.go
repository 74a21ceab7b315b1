package transfer

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/resource"
	"zhdj/internal/transfer/letter"
)

// View is a transfer as the lists and the detail show it.
type View struct {
	Transfer     `bun:",extend"`
	OrgName      string  `bun:"org_name,scanonly" json:"orgName"`
	ToOrgName    *string `bun:"to_org_name,scanonly" json:"toOrgName"`
	KindLabel    string  `bun:"-" json:"kindLabel"`
	SubKindLabel string  `bun:"-" json:"subKindLabel"`
	StateLabel   string  `bun:"-" json:"stateLabel"`
	// IDNumber is masked (the member domain's crypto; never in clear here).
	IDNumber string `bun:"-" json:"idNumber"`
	// Letters are the transfer's letters of introduction: in the detail,
	// an empty list when it has none; absent from the list rows.
	Letters *[]letter.Letter `bun:"-" json:"letters,omitempty"`
}

// listSpec is the list's filters and sorts (the export's too).
var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"kind":       {Columns: []string{"t.kind"}, Match: httpx.In},
		"subKind":    {Columns: []string{"t.sub_kind"}, Match: httpx.In},
		"state":      {Columns: []string{"t.state"}, Match: httpx.In},
		"blurry":     {Columns: []string{"t.name", "t.other_org"}, Match: httpx.Like},
		"orgId":      org.SubtreeFilter("t.org_id"),
		"toOrgId":    org.SubtreeFilter("t.to_org_id"),
		"memberId":   {Columns: []string{"t.member_id"}, Kind: httpx.Int},
		"createTime": {Columns: []string{"t.created_at"}, Match: httpx.Range, Kind: httpx.Date},
		"doneOn":     {Columns: []string{"t.done_on"}, Match: httpx.Range, Kind: httpx.Date},
	},
	Sorts:       map[string]string{"createTime": "t.created_at", "doneOn": "t.done_on", "name": "t.name"},
	DefaultSort: "t.id DESC",
	Key:         "t.id",
}

// records is the declared list and export of transfers (they are written
// by Create and the workflows, never by a generic update).
func (s *Service) records() *resource.Resource[Transfer, View] {
	text := func(f func(v *View) string) func(v *View) any { return func(v *View) any { return f(v) } }
	return &resource.Resource[Transfer, View]{DB: s.db, Noun: "组织关系转接记录", Spec: listSpec, Now: s.now, Access: s.sys.LogAccess,
		Scope:  s.scope,
		Join:   joinNames,
		Record: func(v *View) *Transfer { return &v.Transfer },
		Show:   func(v *View, _ audit.Labeller) { s.show(v) },
		Export: resource.Export[View]{Title: "组织关系转接", Columns: []resource.Column[View]{
			{Header: "类型", Width: 14, Cell: text(func(v *View) string { return v.KindLabel })},
			{Header: "类别", Width: 14, Cell: text(func(v *View) string { return v.SubKindLabel })},
			{Header: "姓名", Width: 12, Cell: text(func(v *View) string { return v.Name })},
			{Header: "身份证号码", Width: 22, Cell: text(func(v *View) string { return v.IDNumber })},
			{Header: "所在党组织", Width: 28, Cell: text(func(v *View) string { return v.OrgName })},
			{Header: "接收党支部", Width: 28, Cell: text(func(v *View) string {
				if v.ToOrgName == nil {
					return ""
				}
				return *v.ToOrgName
			})},
			{Header: "校外党组织", Width: 28, Cell: text(func(v *View) string { return v.OtherOrg })},
			{Header: "党费缴纳至", Width: 12, Cell: text(func(v *View) string { return v.FeesPaidUpTo })},
			{Header: "状态", Width: 14, Cell: text(func(v *View) string { return v.StateLabel })},
			{Header: "申请时间", Width: 18, Cell: text(func(v *View) string { return v.CreatedAt.In(date.China).Format("2006-01-02 15:04") })},
			{Header: "办结日期", Width: 12, Cell: text(func(v *View) string { return string(v.DoneOn) })},
		}},
	}
}

// joinNames adds the sending and receiving organisations' names.
func joinNames(q *bun.SelectQuery) *bun.SelectQuery {
	return org.NameLeftJoinAs("t.to_org_id", "tz", "to_org_name")(org.NameJoin("t.org_id")(q))
}

// show fills a view's labels and the masked ID number.
func (s *Service) show(v *View) {
	v.KindLabel, v.SubKindLabel, v.StateLabel = KindNames[v.Kind], SubKindNames[v.SubKind], StateNames[v.State]
	v.IDNumber = ""
	if v.IDNumberEnc != "" {
		if plain, err := s.cipher.Decrypt(v.IDNumberEnc); err == nil {
			v.IDNumber = crypto.MaskIDNumber(plain)
		}
	}
}

// Routes registers the transfer endpoints under /api/zzgx, each with its
// permission, and every kind's workflow under /api/zzgx/<kind>.
func (s *Service) Routes(rs *httpx.Routes) {
	rs = rs.In("组织关系转接")
	view := Perms.List + "|" + PermMine
	s.list.ListRoutes(rs, "/api/zzgx", Perms)
	rs.Get("/api/zzgx/branches", Perms.Add+"|"+PermMine, "查询接收党支部", httpx.ReadList(s.Branches))
	rs.Get("/api/zzgx/mine", PermMine, "查看我的组织关系", httpx.Read(s.Mine))
	rs.Post("/api/zzgx/mine", PermMine, "申请转接", httpx.Create(s.CreateMine))
	s.outgoingRoutes(rs)
	rs.Get("/api/zzgx/{id}", view, "查看详情", httpx.ReadOn(errNoTransfer, s.Detail))
	rs.Post("/api/zzgx", Perms.Add, "发起转接", httpx.Create(s.Create))
	rs.Post("/api/zzgx/{id}/withdraw", Perms.Add+"|"+PermMine, "撤回", httpx.ActionOn(errNoTransfer, s.Withdraw))
	rs.Post("/api/zzgx/{id}/cancel", PermCancel, "撤销", httpx.ActionOn(errNoTransfer, s.Cancel))
	for _, k := range Kinds {
		s.flows[k].Routes(rs, "/api/zzgx/"+k, flow.Perms{View: view, Chains: Perms.List, ChainsEdit: PermChain})
	}
}

// Detail is one transfer of the caller's scope with its letters.
func (s *Service) Detail(ctx context.Context, id int64) (View, error) {
	v, err := s.list.Detail(ctx, id)
	if err != nil {
		return View{}, err
	}
	letters, err := s.letters.OfTransfer(ctx, s.db, id)
	if err != nil {
		return View{}, httpx.Internal(err)
	}
	v.Letters = &letters
	return v, nil
}

// StopInput is the body of a withdrawal or a cancellation.
type StopInput struct {
	Version int64  `json:"version"`
	Comment string `json:"comment"`
}

// Withdraw is 本人撤回: the person who started a transfer (or, for a
// member's own, the member) takes it back while it is under way.
func (s *Service) Withdraw(ctx context.Context, id int64, in StopInput) (View, error) {
	return s.stop(ctx, id, in, flow.Withdraw, StateWithdrawn, func(t *Transfer) error {
		if ok, _ := s.isStarter(ctx, t); ok {
			return nil
		}
		return httpx.Forbidden("只有发起人本人可以撤回")
	})
}

// Cancel is 撤销 by an administrator (zzgx:cancel) of a transfer under way.
func (s *Service) Cancel(ctx context.Context, id int64, in StopInput) (View, error) {
	return s.stop(ctx, id, in, flow.Cancel, StateCancelled, func(*Transfer) error { return nil })
}

func (s *Service) stop(ctx context.Context, id int64, in StopInput, result flow.Result, state string, may func(*Transfer) error) (View, error) {
	role := "发起人"
	if result == flow.Cancel {
		role = "管理员"
	}
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		t, err := s.find(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := may(t); err != nil {
			return err
		}
		if err := s.flows[t.Kind].Stop(ctx, tx, id, in.Version, result, state, role, in.Comment); err != nil {
			return err
		}
		_, err = tx.NewUpdate().Model((*Transfer)(nil)).Set("state = ?", state).Set("updated_at = ?", s.now()).Where("id = ?", id).Exec(ctx)
		return err
	})
	if err != nil {
		return View{}, httpx.AsError(err)
	}
	return s.Detail(ctx, id)
}

// Act takes a workflow action on transfer id (its kind's workflow): what
// the demo and tests call from Go; the web posts to /api/zzgx/<kind>/{id}/flow.
func (s *Service) Act(ctx context.Context, id int64, in flow.ActionInput) (flow.View, error) {
	t, err := s.find(ctx, s.db, id)
	if err != nil {
		return flow.View{}, err
	}
	return s.flows[t.Kind].Act(ctx, id, in)
}

// Flow is transfer id's workflow view for the caller.
func (s *Service) Flow(ctx context.Context, id int64) (flow.View, error) {
	t, err := s.find(ctx, s.db, id)
	if err != nil {
		return flow.View{}, err
	}
	return s.flows[t.Kind].View(ctx, id)
}
