package oversight

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/transfer"
)

// The staged import of transfers already done on paper (/api/import/zzgx):
// each row is one completed transfer of a member of the member base (found
// by the ID number's blind index). A committed row becomes a transfer in
// state 已完成 whose history is the one entry "导入（纸质办理）" with the
// letter's number, and — only when it is the member's latest transfer (its
// date after every transfer the system completed for the member, and the
// latest of the batch's rows for the member; the later row on the same
// date) — the member's organisation and status change as the completed
// kind changes them (see change), with a trail entry of origin 导入更新. An
// older row is history only: the member's record already reflects what
// came after it.
// 流动党员流入 is not imported (its member belongs to another
// organisation, not to the member base).
func (s *Service) importKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "zzgx", Label: "组织关系转接（已办结）", Perm: PermImport, Cols: importColumns,
		Sample: s.importSample}, s.validateImport, s.commitImport)
}

var importColumns = imports.Columns{
	{Key: "name", Label: "姓名", Required: true, Example: "张三", Note: "与党员信息中的姓名一致"},
	{Key: "idNumber", Label: "身份证号", Required: true, Personal: imports.PersonalIDNumber, Example: "110101199001011234",
		Note: "用于匹配党员信息中的党员"},
	{Key: "kind", Label: "类型", Required: true, Example: "校内转接",
		Note: "校外转入、转出、校内转接、出国（境）暂留、恢复组织生活、流动党员流出、停止党籍、失联党员或出党"},
	{Key: "subKind", Label: "细类", Example: "",
		Note: "转出必填：省内、省外或系统外；出党必填：自行脱党/退党、开除党籍、不予承认或去世；停止党籍必填原因：失去联系满6个月或出国（境）学习研究超过5年"},
	{Key: "fromOrg", Label: "转出组织", Example: "D0101",
		Note: "校外转入：原所在党组织名称；其他类型：您管理范围内党组织的编码或唯一的名称"},
	{Key: "toOrg", Label: "转入组织", Example: "D0102",
		Note: "校外转入、校内转接：您管理范围内党组织的编码或名称；转出、流动党员流出：接收党组织名称；出国（境）暂留：前往国家（地区）"},
	{Key: "date", Label: "日期", Required: true, Example: "2024-09-01", Note: "办结日期；失联党员为失去联系之日，出国（境）暂留为出国（境）之日"},
	{Key: "letterNo", Label: "介绍信编号", Example: "2024-015"},
	{Key: "feesPaidUpTo", Label: "党费缴纳至", Example: "2024-08", Note: "年月，如 2024-08"},
	{Key: "remark", Label: "备注"},
}

// importKinds are the kinds a row may name, by their names.
var importKinds = func() map[string]string {
	out := map[string]string{}
	for _, k := range transfer.Kinds {
		if k != transfer.KindFlowIn {
			out[transfer.KindNames[k]] = k
		}
	}
	out["出国暂留"] = transfer.KindAbroad
	out["出国(境)暂留"] = transfer.KindAbroad
	return out
}()

// importSubKinds are the sub-kinds of 转出 and 出党 by the names people use.
var importSubKinds = map[string]map[string]string{
	transfer.KindOut: {"省内": transfer.OutProvince, "省内转出": transfer.OutProvince, "省外": transfer.OutOutside,
		"省外转出": transfer.OutOutside, "系统外": transfer.OutSystem, "转出系统外": transfer.OutSystem},
	transfer.KindLeave: {"自行脱党/退党": transfer.LeaveQuit, "自行脱党": transfer.LeaveQuit, "退党": transfer.LeaveQuit,
		"开除党籍": transfer.LeaveExpel, "不予承认": transfer.LeaveDeny, "去世": transfer.LeaveDeath},
	// 停止党籍's cause (条例 第二十四条).
	transfer.KindSuspend: {"失去联系满6个月": transfer.SuspendLost, "失去联系": transfer.SuspendLost, "失联": transfer.SuspendLost,
		"出国（境）学习研究超过5年": transfer.SuspendAbroad, "出国（境）超过5年": transfer.SuspendAbroad, "出国（境）": transfer.SuspendAbroad,
		"出国": transfer.SuspendAbroad},
}

// sides are which organisation columns name a school organisation (the
// other names one outside, as text) and which the row requires.
type sides struct{ fromSchool, toSchool, needTo bool }

func sidesOf(kind string) sides {
	switch kind {
	case transfer.KindIn:
		return sides{toSchool: true, needTo: true}
	case transfer.KindInside:
		return sides{fromSchool: true, toSchool: true, needTo: true}
	case transfer.KindOut, transfer.KindFlowOut:
		return sides{fromSchool: true, needTo: true}
	}
	return sides{fromSchool: true}
}

var monthPattern = regexp.MustCompile(`^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*月?$`)

// month reads 党费缴纳至 ("2024-08", "2024/8", "2024年8月") as "YYYY-MM".
func month(text string) (string, bool) {
	m := monthPattern.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return "", false
	}
	n, _ := strconv.Atoi(m[2])
	if n < 1 || n > 12 {
		return "", false
	}
	return fmt.Sprintf("%s-%02d", m[1], n), true
}

// importRow is a validated row ready for its commit.
type importRow struct {
	t      transfer.Transfer
	letter string
	apply  bool // the member's latest transfer: the member changes
}

func (s *Service) importSample(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	code, err := s.orgs.SampleCode(ctx, idb, org.TypeBranch, org.TypeDirectBranch)
	return map[string]string{"fromOrg": code}, err
}

// importMember is a member a row names, with the latest transfer the system
// completed for them and whether one is under way.
type importMember struct {
	member.Member
	lastDone date.Date
	open     bool
	inScope  bool // the member's organisation lies in the caller's scope
}

func (s *Service) validateImport(ctx context.Context, idb bun.IDB, p *rbac.Principal, rows []*imports.Row) error {
	cells, err := s.orgs.OrgCells(ctx, idb)
	if err != nil {
		return err
	}
	people, err := s.importMembers(ctx, idb, rows)
	if err != nil {
		return err
	}
	today := date.Of(s.now().In(date.China))
	now := s.now()
	var started *int64
	if p != nil && p.UserID != 0 {
		started = &p.UserID
	}
	for _, r := range rows {
		item := &importRow{letter: r.Cells["letterNo"]}
		kind := r.Enum("kind", importKinds, "类型应为校外转入、转出、校内转接、出国（境）暂留、恢复组织生活、流动党员流出、停止党籍、失联党员或出党")
		sub := ""
		if names := importSubKinds[kind]; names != nil {
			if sub = names[r.Cells["subKind"]]; sub == "" && kind == transfer.KindSuspend {
				r.Fail("subKind", "请填写停止党籍的原因：失去联系满6个月或出国（境）学习研究超过5年（《中国共产党党员教育管理工作条例》第二十四条）")
			} else if sub == "" {
				r.Fail("subKind", fmt.Sprintf("请填写%s的细类", transfer.KindNames[kind]))
			}
		}
		m := people[s.members.IDIndex(r.Cells["idNumber"])]
		switch {
		case m == nil || !m.inScope && (kind != transfer.KindIn || m.MemberStatus == member.StatusNormal):
			r.Fail("idNumber", "您管理范围内的党员中没有该身份证号的党员")
		case m.Name != r.Cells["name"] && !m.inScope:
			r.Fail("name", "姓名与身份证号匹配的党员不一致") // not named outside the caller's scope
		case m.Name != r.Cells["name"]:
			r.Fail("name", fmt.Sprintf("与身份证号匹配的党员姓名为「%s」", m.Name))
		}
		sd := sidesOf(kind)
		t := transfer.Transfer{Kind: kind, SubKind: sub, State: transfer.StateDone, Reason: r.Cells["remark"], StartedBy: started}
		if sd.fromSchool {
			t.OrgID, _ = cells.Cell(r, "fromOrg")
		} else {
			t.OtherOrg = r.Cells["fromOrg"]
		}
		switch {
		case sd.needTo && r.Cells["toOrg"] == "":
			r.Fail("toOrg", "请填写转入组织")
		case sd.toSchool && kind == transfer.KindIn:
			t.OrgID, _ = cells.Cell(r, "toOrg")
		case sd.toSchool:
			if id, ok := cells.Cell(r, "toOrg"); ok {
				t.ToOrgID = &id
				if id == t.OrgID {
					r.Fail("toOrg", "转入组织与转出组织相同")
				}
			}
		default:
			t.OtherOrg = r.Cells["toOrg"]
		}
		if len([]rune(t.OtherOrg)) > 100 {
			r.Fail(map[bool]string{true: "fromOrg", false: "toOrg"}[kind == transfer.KindIn], "组织名称不超过100个字")
		}
		if len([]rune(t.Reason)) > 500 {
			r.Fail("remark", "备注不超过500个字")
		}
		if len([]rune(item.letter)) > 50 {
			r.Fail("letterNo", "介绍信编号不超过50个字")
		}
		// A completed transfer has the day it was completed: the column is
		// required, and so is its cell.
		importColumns.Require(r, "date")
		if d := importColumns.Dates(r, "date")["date"]; d.After(today) {
			r.Fail("date", "日期不能晚于今天")
		} else {
			t.DoneOn, t.HappenedOn = d, d
		}
		if text := r.Cells["feesPaidUpTo"]; text != "" {
			if v, ok := month(text); !ok {
				r.Fail("feesPaidUpTo", "党费缴纳至应为年月，如 2024-08")
			} else {
				t.FeesPaidUpTo, t.FeesFrom = v, "entered"
			}
		}
		if r.Status == imports.StatusInvalid {
			continue
		}
		t.MemberID = &m.ID
		t.Name, t.Gender, t.PartyStatus, t.JoinedOn, t.PersonType = m.Name, m.Gender, m.PartyStatus, m.JoinedOn, m.PersonType
		t.IDNumberEnc, t.IDNumberIdx, t.PhoneEnc = m.IDNumberEnc, m.IDNumberIdx, m.PhoneEnc
		t.CreatedAt, t.UpdatedAt = now, now
		item.t = t
		r.Data, r.Status = item, imports.StatusNew
	}
	return latest(rows, people)
}

// latest marks the valid row that is each member's latest transfer: after
// every transfer the system completed for the member and the latest of the
// batch's (the later row on the same date). Such a row of a member with a
// transfer under way is refused: that transfer would land on a member the
// row changed.
func latest(rows []*imports.Row, people map[string]*importMember) error {
	best := map[int64]*imports.Row{}
	for _, r := range rows {
		item, ok := r.Data.(*importRow)
		if !ok || r.Status != imports.StatusNew {
			continue
		}
		id := *item.t.MemberID
		if cur := best[id]; cur == nil || !item.t.DoneOn.Before(cur.Data.(*importRow).t.DoneOn) {
			best[id] = r
		}
	}
	byID := map[int64]*importMember{}
	for _, m := range people {
		byID[m.ID] = m
	}
	for id, r := range best {
		item, m := r.Data.(*importRow), byID[id]
		if !m.lastDone.IsZero() && !item.t.DoneOn.After(m.lastDone) {
			continue // the system completed a transfer after it
		}
		if m.open {
			r.Fail("idNumber", "该党员有正在办理的组织关系转接，请办结后再导入其最近一次转接")
			r.Data = nil
			continue
		}
		item.apply = true
	}
	return nil
}

// importMembers reads the members the rows name, by the blind index of
// their ID numbers, each marked in the caller's scope or not (a member
// out of it may only be named by a 校外转入 when they left the school: no
// longer 正常), with their latest completed transfer and whether one is
// under way.
func (s *Service) importMembers(ctx context.Context, idb bun.IDB, rows []*imports.Row) (map[string]*importMember, error) {
	// A member may be indexed under a key a re-encryption has not finished
	// with: each number is looked up under every such key, and alias maps
	// each back to the key the rows are matched by (IDIndex).
	var idx []string
	alias := map[string]string{}
	for _, v := range imports.CellValues(rows, "idNumber") {
		for _, a := range s.members.IDIndexes(v) {
			alias[a] = s.members.IDIndex(v)
			idx = append(idx, a)
		}
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return nil, err
	}
	list, err := imports.ByKey(idx, func(m *member.Member) string { return alias[m.IDNumberIdx] }, func(part []string, dst *[]*member.Member) error {
		return idb.NewSelect().Model(dst).Where("m.id_number_idx IN (?)", bun.List(part)).Scan(ctx)
	})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	out, byID := map[string]*importMember{}, map[int64]*importMember{}
	ids := make([]int64, 0, len(list))
	for key, m := range list {
		im := &importMember{Member: *m, inScope: sc.All || sc.Has(m.OrgID)}
		out[key], byID[m.ID] = im, im
		ids = append(ids, m.ID)
	}
	facts, err := imports.ByKey(ids, func(f *memberFacts) int64 { return f.MemberID }, func(part []int64, dst *[]*memberFacts) error {
		return idb.NewSelect().TableExpr("zzgx_transfer AS t").Column("t.member_id").
			ColumnExpr("MAX(CASE WHEN t.state = ? THEN t.done_on END) AS last_done", transfer.StateDone).
			ColumnExpr("SUM(CASE WHEN t.state IN (?) THEN 1 ELSE 0 END) AS open", bun.List(transfer.OpenStates)).
			Where("t.member_id IN (?)", bun.List(part)).Group("t.member_id").Scan(ctx, dst)
	})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for id, f := range facts {
		byID[id].lastDone, byID[id].open = f.LastDone, f.Open > 0
	}
	return out, nil
}

// memberFacts are a member's latest completed transfer and how many are under way.
type memberFacts struct {
	MemberID int64     `bun:"member_id"`
	LastDone date.Date `bun:"last_done"`
	Open     int       `bun:"open"`
}

// change is what a completed transfer of kind changes on its member when
// it is the member's latest: the status as the completed kind sets it, and
// the organisation the member then belongs to — the receiving branch of a
// 校外转入 or 校内转接, the branch the row names for every other kind (the
// member was there when it happened; an older row the import skipped may
// have moved them there).
func change(t *transfer.Transfer) member.Change {
	ch := member.Change{OrgID: t.OrgID, MemberStatus: transfer.MemberStatusAfter(t)}
	switch t.Kind {
	case transfer.KindIn:
		ch.Source = member.SourceTransferIn
	case transfer.KindInside:
		ch.OrgID = *t.ToOrgID
	}
	return ch
}

func (s *Service) commitImport(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	return imports.Each(rows, func(r *imports.Row, item *importRow) error {
		t := item.t
		if _, err := tx.NewInsert().Model(&t).Returning("id").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		note := "导入（纸质办理）"
		if item.letter != "" {
			note += "；介绍信编号：" + item.letter
		}
		if err := s.transfers.Workflow(t.Kind).Recorded(ctx, tx, t.ID, transfer.StateDone, t.OrgID, flow.Note{Comment: note}); err != nil {
			return err
		}
		r.TargetID = &t.ID
		if item.apply {
			return s.members.ChangeTx(ctx, tx, *t.MemberID, change(&t), audit.OriginSystemImportUpdate)
		}
		return nil
	})
}
