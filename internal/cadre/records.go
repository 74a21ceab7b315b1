package cadre

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/resource"
	"zhdj/internal/platform/zh"
)

// fields are the cadre's basic fields in the form's order (the ID number
// and phone are checked and trailed apart: they are stored encrypted).
var fields = resource.Fields[Cadre]{
	{Name: "name", Label: "姓名", Required: true, Max: 50, Export: 10},
	{Name: "gender", Label: "性别", Kind: resource.Code, Required: true, Dict: DictGender, Shown: "genderLabel", Export: 6},
	{Name: "birthOn", Label: "出生年月", Kind: resource.Day, Required: true, NotFuture: true, Export: 12},
	{Name: "ethnicity", Label: "民族", Kind: resource.Code, Dict: DictEthnicity, Shown: "ethnicityLabel", Export: 8},
	{Name: "nativePlace", Label: "籍贯", Max: 100, Export: 12},
	{Name: "birthPlace", Label: "出生地", Max: 100},
	{Name: "politicalStatus", Label: "政治面貌", Kind: resource.Code, Dict: DictPolitical, Shown: "politicalStatusLabel", Export: 12},
	{Name: "partyJoinOn", Label: "入党时间", Kind: resource.Day, NotFuture: true, Export: 12},
	{Name: "workStartOn", Label: "参加工作时间", Kind: resource.Day, NotFuture: true, Export: 12},
	{Name: "health", Label: "健康状况", Max: 50},
	{Name: "unitId", Label: "所在单位", Kind: resource.Ref, Required: true, Table: "sys_dept", Key: "unit", Shown: "unitName", Export: 24},
	{Name: "post", Label: "现任职务", Max: 200, Export: 24},
	{Name: "postSince", Label: "任现职时间", Kind: resource.Day, NotFuture: true, Export: 12},
	{Name: "postAttribute", Label: "职务属性", Kind: resource.Code, Dict: DictPostAttribute, Shown: "postAttributeLabel", Export: 8},
	{Name: "level", Label: "职级", Kind: resource.Code, Dict: DictLevel, Shown: "levelLabel", Export: 10},
	{Name: "levelSince", Label: "任职级时间", Kind: resource.Day, NotFuture: true},
	{Name: "category", Label: "干部类别", Kind: resource.Code, Dict: DictCategory, Shown: "categoryLabel", Export: 14},
	{Name: "tenureStatus", Label: "任职状态", Kind: resource.Code, Dict: DictTenure, Shown: "tenureStatusLabel", Export: 10},
	{Name: "teamType", Label: "班子类型", Kind: resource.Code, Dict: DictTeamType, Shown: "teamTypeLabel", Export: 16},
	{Name: "status", Label: "干部状态", Kind: resource.Code, Required: true, Dict: DictStatus, Shown: "statusLabel", Export: 10},
	{Name: "education", Label: "全日制学历", Kind: resource.Code, Dict: DictEducation, Shown: "educationLabel", Export: 12},
	{Name: "degree", Label: "全日制学位", Kind: resource.Code, Dict: DictDegree, Shown: "degreeLabel", Export: 12},
	{Name: "inserviceEducation", Label: "在职学历", Kind: resource.Code, Dict: DictEducation, Shown: "inserviceEducationLabel", Export: 12},
	{Name: "inserviceDegree", Label: "在职学位", Kind: resource.Code, Dict: DictDegree, Shown: "inserviceDegreeLabel", Export: 12},
	{Name: "title", Label: "专业技术职务", Kind: resource.Code, Dict: DictTitle, Shown: "titleLabel", Export: 14},
	{Name: "specialty", Label: "熟悉专业有何专长", Max: 200},
	{Name: "proposedPost", Label: "拟任职务", Max: 200},
	{Name: "proposedRemoval", Label: "拟免职务", Max: 200},
	{Name: "appointmentReason", Label: "任免理由", Max: 1000},
	{Name: "rewardsText", Label: "奖惩情况（审批表）", Max: 1000},
	{Name: "assessmentText", Label: "年度考核结果（审批表）", Max: 1000},
	{Name: "sort", Label: "排序", Kind: resource.Int},
	{Name: "remark", Label: "备注", Max: 500, Export: 20},
}

// decl is the cadre's trail: the fields, then the ID number and phone
// masked, the photo and the linked records.
var decl = func() *record.Decl {
	d := fields.Decl(TrailModule, "干部")
	d.Fields = append(d.Fields, record.IDNumber("idNumber", "身份证号码"), record.Phone("phone", "联系电话"),
		record.Text("photo", "照片"), record.Text("user", "本人账号"), record.Text("person", "教职工"), record.Text("member", "党员"))
	return d
}()

// unitSubtree is the unit and those below it in the department tree.
func unitSubtree(column string) httpx.Filter {
	return httpx.Filter{Kind: httpx.Int, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
		return q.Where(column+` IN (WITH RECURSIVE sub(id) AS (SELECT id FROM sys_dept WHERE id = ?
			UNION SELECT dd.id FROM sys_dept AS dd JOIN sub ON dd.pid = sub.id) SELECT id FROM sub)`, v), nil
	}}
}

// listSpec: the filters of spec §3's cadre lists; blurry is the name (or
// an ID number, matched exactly through its blind index: idNumber).
func (s *Service) listSpec() httpx.ListSpec {
	in := func(c string) httpx.Filter { return httpx.Filter{Columns: []string{"g." + c}, Match: httpx.In} }
	return httpx.ListSpec{
		Filters: map[string]httpx.Filter{
			"blurry":          byName,
			"name":            byName,
			"post":            {Columns: []string{"g.post"}, Match: httpx.Like},
			"gender":          in("gender"),
			"ethnicity":       in("ethnicity"),
			"politicalStatus": in("political_status"),
			"education":       in("education"),
			"degree":          in("degree"),
			"category":        in("category"),
			"level":           in("level"),
			"tenureStatus":    in("tenure_status"),
			"postAttribute":   in("post_attribute"),
			"teamType":        in("team_type"),
			"title":           in("title"),
			"status":          in("status"),
			"unitId":          unitSubtree("g.unit_id"),
			"birthOn":         {Columns: []string{"g.birth_on"}, Match: httpx.Range, Kind: httpx.Date},
			"idNumber": {Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
				n := strings.ToUpper(strings.TrimSpace(v.(string)))
				return q.Where("g.id_number_idx IN (?)", bun.In(s.cipher.Indexes(n))), nil
			}},
		},
		Sorts: map[string]string{"name": zh.Name("g.name"), "birthOn": "g.birth_on", "unitName": "d.sort",
			"postSince": "g.post_since", "sort": "g.sort", "createTime": "g.created_at"},
		DefaultSort: "d.sort, g.sort, g.id",
		Key:         "g.id",
	}
}

type cadreResource = resource.Viewed[Cadre, Row, Cadre, View]

// resource declares the cadres: kept per unit, seen within the cadre scope
// (Scoped), shown with the unit's name, masked unless unmasked.
func (s *Service) resource() *cadreResource {
	return &cadreResource{DB: s.db, Noun: "干部", Spec: s.listSpec(), Now: s.now, Access: s.sys.LogAccess,
		Scope: s.Scoped("g.unit_id"),
		Join: func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.ColumnExpr("d.name AS unit_name").Join("JOIN sys_dept AS d ON d.id = g.unit_id")
		},
		Anchor: "unit_id", AnchorScope: s.Scoped,
		Record: func(r *Row) *Cadre { return &r.Cadre },
		Labels: func(ctx context.Context) (audit.Labeller, error) { l, err := s.labels(ctx); return l.Label, err },
		View:   s.view,
		Unmask: unmask,
		Name:   func(r *Row) string { return r.Name },
		Check: func(ctx context.Context, in Cadre, cur *Row) (Cadre, error) {
			var was *Cadre
			if cur != nil {
				was = &cur.Cadre
			}
			return s.check(ctx, s.db, in, was)
		},
		Trail: decl, TrailName: "g.name", TrailView: s.trailView,
		Export:       resource.Export[View]{Title: "干部名册", Columns: s.exportColumns()},
		BeforeDelete: s.checkNoPosition,
	}
}

// checkNoPosition refuses to delete a cadre who holds a post of 职数管理
// (a current post row naming a position): the quota counts them until a
// 任免文件 removes them, and deleting the record would leave the place taken.
func (s *Service) checkNoPosition(ctx context.Context, tx bun.IDB, ids []int64) error {
	var held []struct {
		Name string `bun:"name"`
		Post string `bun:"post"`
	}
	if err := tx.NewSelect().TableExpr("gb_zw AS x").Join("JOIN gb_jbxx AS g ON g.id = x.cadre_id").
		ColumnExpr("g.name, x.post").Where("x.cadre_id IN (?)", bun.In(ids)).
		Where("x.position_id IS NOT NULL").Where("x.end_on IS NULL").OrderExpr("g.id, x.id").Limit(1).Scan(ctx, &held); err != nil {
		return httpx.Internal(err)
	}
	if len(held) > 0 {
		return httpx.Conflict("%s 现任「%s」，占用职数，请先通过任免文件免去其职务再删除", held[0].Name, held[0].Post)
	}
	return nil
}

// unmask allows a cadre's personal fields in clear; checked after the
// scope so that an id outside it stays a 404.
func unmask(ctx context.Context) error {
	if !rbac.From(ctx).Has(PermUnmask) {
		return httpx.Forbidden("没有查看干部敏感信息的权限")
	}
	return nil
}

// view is a row as the API shows it: labelled, the personal fields masked
// unless clear.
func (s *Service) view(r *Row, l audit.Labeller, clear bool) View {
	v := View{Cadre: r.Cadre, UnitName: r.UnitName}
	v.Cadre.IDNumber, v.Cadre.Phone = "", ""
	id, phone := s.reveal(r.IDNumberEnc, "gb_jbxx", r.ID), s.reveal(r.PhoneEnc, "gb_jbxx", r.ID)
	if clear {
		v.IDNumber, v.Phone = id, phone
	} else {
		v.IDNumber, v.Phone, v.Masked = crypto.MaskIDNumber(id), crypto.MaskPhone(phone), true
	}
	resource.Shows[View](fields)(&v, l)
	return v
}

func (s *Service) exportColumns() []resource.Column[View] {
	cols := resource.Columns[View](fields)
	return append(cols[:3:3], append([]resource.Column[View]{
		{Header: "身份证号码", Width: 20, Cell: func(v *View) any { return v.IDNumber }},
		{Header: "联系电话", Width: 14, Cell: func(v *View) any { return v.Phone }}}, cols[3:]...)...)
}

// trailView is the raw trail view of m: the fields as stored, the ID
// number and phone in clear (the trail compares and masks them).
func (s *Service) trailView(ctx context.Context, idb bun.IDB, m *Cadre) (map[string]string, error) {
	out, err := fields.TrailView(ctx, idb, m)
	if err != nil {
		return nil, err
	}
	out["idNumber"], out["phone"] = s.reveal(m.IDNumberEnc, "gb_jbxx", m.ID), s.reveal(m.PhoneEnc, "gb_jbxx", m.ID)
	out["photo"] = idText(m.PhotoFileID)
	out["user"], out["person"], out["member"] = idText(m.UserID), idText(m.PersonID), idText(m.MemberID)
	return out, nil
}

func idText(id *int64) string {
	if id == nil {
		return ""
	}
	return "#" + strconv.FormatInt(*id, 10)
}

// check validates a body into the record to write over was (nil: new):
// the fields' checks, the unit in the caller's scope, the ID number (valid,
// its birth month agreeing) and phone sealed (a body without them keeps the
// stored ones; idNumberEnc "" with no idNumber clears it), the photo an
// image. The clear values never stay on the record.
func (s *Service) check(ctx context.Context, idb bun.IDB, in Cadre, was *Cadre) (Cadre, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return in, err
	}
	today := date.Of(s.now().In(date.China))
	if len(in.BirthOn) == 7 { // 出生年月: a month is its day 1
		in.BirthOn += "-01"
	}
	var c httpx.Checks
	c.Add(fields.Check(&in, was, l, today))
	idClear, phoneClear := strings.ToUpper(strings.TrimSpace(in.IDNumber)), strings.TrimSpace(in.Phone)
	// A masked value sent back (a form opened on the masked detail) keeps the stored one.
	if strings.Contains(idClear, "*") {
		idClear = ""
	}
	if strings.Contains(phoneClear, "*") {
		phoneClear = ""
	}
	curID, curPhone, curIDEnc, curPhoneEnc := "", "", "", ""
	if was != nil {
		curIDEnc, curPhoneEnc = was.IDNumberEnc, was.PhoneEnc
		curID, curPhone = s.reveal(was.IDNumberEnc, "gb_jbxx", was.ID), s.reveal(was.PhoneEnc, "gb_jbxx", was.ID)
	}
	if idClear == "" && in.IDNumberEnc != "" { // the stored (or a snapshot's) value: it must open with our key
		idClear = s.reveal(in.IDNumberEnc, "gb_jbxx", in.ID)
	}
	if phoneClear == "" && in.PhoneEnc != "" {
		phoneClear = s.reveal(in.PhoneEnc, "gb_jbxx", in.ID)
	}
	if idClear != "" && idClear != curID {
		var he *httpx.Error
		if _, err := idcard.ParseIDNumber(idClear, s.now()); errors.As(err, &he) {
			c.Add(httpx.Invalid("idNumber", "%s", he.Message)) // its own words, without the status
		} else if err != nil {
			return in, err
		}
	}
	if phoneClear != "" && phoneClear != curPhone {
		c.Add(record.ContactPhone("phone", "联系电话", phoneClear))
	}
	if err := c.Err(); err != nil {
		return in, err
	}
	in.IDNumberEnc, in.IDNumberIdx = s.cipher.Seal(idClear, idClear, curID, curIDEnc)
	in.PhoneEnc, in.PhoneIdx = s.cipher.Seal(phoneClear, phoneClear, curPhone, curPhoneEnc)
	in.IDNumber, in.Phone = "", ""
	if ok, err := s.units.InScope(ctx, idb, in.UnitID); err != nil {
		return in, err
	} else if !ok && (was == nil || was.UnitID != in.UnitID) {
		return in, httpx.Invalid("unitId", "所在单位不存在或不在您的管理范围内")
	}
	if in.PhotoFileID != nil && (was == nil || was.PhotoFileID == nil || *was.PhotoFileID != *in.PhotoFileID) {
		f, err := s.sys.FileForRead(ctx, *in.PhotoFileID)
		if err != nil {
			return in, httpx.Invalid("photoFileId", "照片文件不存在")
		}
		if !strings.HasPrefix(f.ContentType, "image/") {
			return in, httpx.Invalid("photoFileId", "照片须为图片文件")
		}
	}
	return in, nil
}
