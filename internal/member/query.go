package member

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/search"
	"zhdj/internal/platform/zh"
	"zhdj/internal/system"
)

// scope is the part of the member table a caller sees: members of the
// organisations of their data scope (org.ScopeOf), and always their own
// member record (user_id = their account).
type scope struct {
	all    bool
	orgIDs []int64
	self   int64
}

func (s *Service) scopeOf(ctx context.Context) (scope, error) {
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return scope{}, httpx.Internal(err)
	}
	out := scope{all: sc.All, orgIDs: sc.OrgIDs}
	if p := rbac.From(ctx); p != nil {
		out.self = p.UserID
	}
	return out, nil
}

// apply restricts a query on dyjbxx AS m to the scope.
func (sc scope) apply(q *bun.SelectQuery) *bun.SelectQuery {
	if sc.all {
		return q
	}
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where("m.user_id = ?", sc.self)
		if len(sc.orgIDs) > 0 {
			g = g.WhereOr("m.org_id IN (?)", bun.In(sc.orgIDs))
		}
		return g
	})
}

// ErrNoMember is the one answer for a member that does not exist or lies
// outside the caller's scope, so that ids cannot be probed (another
// module's routes under a member's id answer it too).
func ErrNoMember() *httpx.Error { return httpx.NotFound("党员不存在") }

// baseQuery selects members with their organisation and unit names.
func (s *Service) baseQuery(idb bun.IDB) *bun.SelectQuery {
	return idb.NewSelect().Model((*memberRow)(nil)).
		ColumnExpr("m.*").ColumnExpr("z.name AS org_name, ud.name AS unit_name, au.username AS account").
		Join("JOIN dzz AS z ON z.id = m.org_id").
		Join("LEFT JOIN sys_dept AS ud ON ud.id = m.unit_dept_id").
		Join("LEFT JOIN sys_user AS au ON au.id = m.user_id")
}

// find reads one member of the caller's scope through idb, or 404.
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*memberRow, error) {
	sc, err := s.scopeOf(ctx)
	if err != nil {
		return nil, err
	}
	row := new(memberRow)
	err = sc.apply(s.baseQuery(idb).Where("m.id = ?", id)).Scan(ctx, row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoMember()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return row, nil
}

// dictField is a field whose values come from a dictionary.
type dictField struct {
	name, dict, label string
	get               func(m *Member) string
}

// dictFields lists the dictionary fields of a member.
func dictFields() []dictField {
	return []dictField{
		{"gender", "DJ_COMM_XB", "性别", func(m *Member) string { return m.Gender }},
		{"ethnicity", "DJ_COMM_MZXX", "民族", func(m *Member) string { return m.Ethnicity }},
		{"education", "DJ_DY_XLXX", "学历", func(m *Member) string { return m.Education }},
		{"professionalTitle", "DJ_JBXX_ZYJSZC", "专业技术职称", func(m *Member) string { return m.ProfessionalTitle }},
		{"post", "DJ_DY_GZGWXX", "工作岗位", func(m *Member) string { return m.Post }},
		{"personCategory", "DJ_DY_RYLBXX", "人员类别", func(m *Member) string { return m.PersonCategory }},
		{"personType", "DJ_DYJBXX_RYLX", "人员类型", func(m *Member) string { return m.PersonType }},
		{"partyStatus", "DJ_DY_DJZTXX", "党籍状态", func(m *Member) string { return m.PartyStatus }},
		{"memberStatus", "DY_ZT", "党员状态", func(m *Member) string { return m.MemberStatus }},
		{"source", "DY_LY", "党员来源", func(m *Member) string { return m.Source }},
		{"grade", "njOptions", "年级", func(m *Member) string { return m.Grade }},
	}
}

func (s *Service) labels(ctx context.Context) (system.DictLabels, error) {
	names := []string{audit.DictOrigin, audit.DictType}
	for _, f := range dictFields() {
		names = append(names, f.dict)
	}
	return s.sys.DictLabels(ctx, names...)
}

// reveal decrypts a stored personal field; a value this key cannot read
// shows as empty (and is logged) rather than failing a whole list.
func (s *Service) reveal(stored string, id int64) string {
	v, err := s.cipher.Decrypt(stored)
	if err != nil {
		slog.Warn("member personal field cannot be decrypted", "member", id, "err", err)
		return ""
	}
	return v
}

// view builds the API form of a member; unmask shows the ID number and
// phone in clear (the caller has checked the permission and logs it).
func (s *Service) view(r *memberRow, l system.DictLabels, unmask bool) MemberView {
	m := &r.Member
	id, phone := s.reveal(m.IDNumberEnc, m.ID), s.reveal(m.PhoneEnc, m.ID)
	if !unmask {
		id, phone = crypto.MaskIDNumber(id), crypto.MaskPhone(phone)
	}
	v := MemberView{ID: m.ID, Name: m.Name, IDNumber: id, Phone: phone, Masked: !unmask,
		Gender: m.Gender, Ethnicity: m.Ethnicity, Education: m.Education, ProfessionalTitle: m.ProfessionalTitle,
		Post: m.Post, PersonCategory: m.PersonCategory, PersonType: m.PersonType, PartyStatus: m.PartyStatus,
		MemberStatus: m.MemberStatus, Source: m.Source, BirthDate: m.BirthDate, StaffOrStudentNo: m.StaffOrStudentNo,
		Grade: m.Grade, ClassName: m.ClassName, UnitDeptID: m.UnitDeptID, OrgID: m.OrgID, OrgName: r.OrgName,
		UserID: m.UserID, AppliedOn: m.AppliedOn, JoinedOn: m.JoinedOn, FullOn: m.FullOn, UnderWatchSince: m.UnderWatchSince,
		PhotoFileID: m.PhotoFileID, Remark: m.Remark, CreateTime: m.CreatedAt, UpdateTime: m.UpdatedAt}
	if r.UnitName != nil {
		v.UnitName = *r.UnitName
	}
	if r.Account != nil {
		v.Account = *r.Account
	}
	v.GenderLabel = l.Label("DJ_COMM_XB", m.Gender)
	v.EthnicityLabel = l.Label("DJ_COMM_MZXX", m.Ethnicity)
	v.EducationLabel = l.Label("DJ_DY_XLXX", m.Education)
	v.ProfessionalTitleLabel = l.Label("DJ_JBXX_ZYJSZC", m.ProfessionalTitle)
	v.PostLabel = l.Label("DJ_DY_GZGWXX", m.Post)
	v.PersonCategoryLabel = l.Label("DJ_DY_RYLBXX", m.PersonCategory)
	v.PersonTypeLabel = l.Label("DJ_DYJBXX_RYLX", m.PersonType)
	v.PartyStatusLabel = l.Label("DJ_DY_DJZTXX", m.PartyStatus)
	v.MemberStatusLabel = l.Label("DY_ZT", m.MemberStatus)
	v.SourceLabel = l.Label("DY_LY", m.Source)
	v.GradeLabel = l.Label("njOptions", m.Grade)
	return v
}

// listFilters are the filters of the member list and export.
var listFilters = map[string]httpx.Filter{
	"gender":            {Columns: []string{"m.gender"}, Match: httpx.In},
	"ethnicity":         {Columns: []string{"m.ethnicity"}, Match: httpx.In},
	"education":         {Columns: []string{"m.education"}, Match: httpx.In},
	"professionalTitle": {Columns: []string{"m.professional_title"}, Match: httpx.In},
	"post":              {Columns: []string{"m.post"}, Match: httpx.In},
	"personCategory":    {Columns: []string{"m.person_category"}, Match: httpx.In},
	"personType":        {Columns: []string{"m.person_type"}, Match: httpx.In},
	"partyStatus":       {Columns: []string{"m.party_status"}, Match: httpx.In},
	"memberStatus":      {Columns: []string{"m.member_status"}, Match: httpx.In},
	"source":            {Columns: []string{"m.source"}, Match: httpx.In},
	"grade":             {Columns: []string{"m.grade"}, Match: httpx.In},
	"orgId":             {Columns: []string{"m.org_id"}, Kind: httpx.Int},
	"unitDeptId":        {Columns: []string{"m.unit_dept_id"}, Kind: httpx.Int},
	"className":         {Columns: []string{"m.class_name"}, Match: httpx.Like},
	"staffOrStudentNo":  {Columns: []string{"m.staff_or_student_no"}},
	"joined":            {Columns: []string{"m.joined_on"}, Match: httpx.Range, Kind: httpx.Date}, // joinedFrom, joinedTo
}

// pickerFilters: the picker searches with blurry and subtreeOf and narrows
// by organisation and status.
var pickerFilters = map[string]httpx.Filter{
	"orgId":        listFilters["orgId"],
	"memberStatus": listFilters["memberStatus"],
}

// spec is the list spec of filters (plus blurry and subtreeOf, which need
// the service) and sorts, for a call with ctx.
func (s *Service) spec(ctx context.Context, filters map[string]httpx.Filter, sorts map[string]string) httpx.ListSpec {
	all := make(map[string]httpx.Filter, len(filters)+2)
	for k, f := range filters {
		all[k] = f
	}
	// blurry: the name or staff/student number, or an ID number or phone exactly.
	all["blurry"] = httpx.Filter{Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
		text := v.(string)
		if len([]rune(text)) > 50 {
			return nil, httpx.BadRequest("查询条件 blurry 过长")
		}
		return s.whereText(q, text), nil
	}}
	// subtreeOf: the members of an organisation and of those below it (the
	// scope still applies; an organisation that does not exist matches nobody).
	all["subtreeOf"] = httpx.Filter{Kind: httpx.Int, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
		prefix, ok, err := s.orgs.SubtreePath(ctx, v.(int64))
		if err != nil {
			return nil, httpx.Internal(err)
		}
		if !ok {
			return q.Where("1 = 0"), nil
		}
		return q.Where("z.path LIKE ?", prefix+"%"), nil
	}}
	return httpx.ListSpec{Filters: all, Sorts: sorts, Key: "m.id", DefaultSort: "m.org_id ASC, " + zh.Name("m.name") + " ASC, m.id ASC"}
}

var listSorts = map[string]string{
	"id": "m.id", "name": zh.Name("m.name"), "joinedOn": "m.joined_on", "fullOn": "m.full_on",
	"createTime": "m.created_at", "orgName": zh.Name("z.name"),
}

var pickerSorts = map[string]string{"name": "m.name", "orgName": "z.name"}

// listQuery is the scoped member query of a list, an export or a picker
// (filters, order and paging are the spec's).
func (s *Service) listQuery(ctx context.Context) (*bun.SelectQuery, error) {
	sc, err := s.scopeOf(ctx)
	if err != nil {
		return nil, err
	}
	return sc.apply(s.baseQuery(s.db)), nil
}

// whereText matches a search text against the name and the staff/student
// number (substring), and, when the text looks like one, the ID number or
// the phone exactly (through their blind indexes: they are encrypted). The
// substring search is served by the text-search index (memberSearch).
func (s *Service) whereText(q *bun.SelectQuery, text string) *bun.SelectQuery {
	cond, args := search.Match(db.IsPostgres(s.db), text, []string{"m.name", "m.staff_or_student_no"}, search.On{Index: memberSearch, Alias: "m"})
	return q.WhereGroup(" AND ", func(g *bun.SelectQuery) *bun.SelectQuery {
		g = g.Where(cond, args...)
		if LooksLikeIDNumber(text) {
			g = g.WhereOr("m.id_number_idx IN (?)", bun.In(s.idIndexes(text)))
		}
		if IsMobilePhone(text) {
			g = g.WhereOr("m.phone_idx IN (?)", bun.In(s.cipher.Indexes(text)))
		}
		return g
	})
}

// idIndex is the blind index of an ID number, taken of its 18-character
// form so that an old 15-digit number and its successor are one person.
func (s *Service) idIndex(number string) string {
	return s.cipher.Index(s.idCanonical(number))
}

// idIndexes are the blind indexes an ID number may be stored under (every
// key a re-encryption has not finished with): what a search compares.
func (s *Service) idIndexes(number string) []string {
	return s.cipher.Indexes(s.idCanonical(number))
}

// idCanonical is the form of an ID number its index is made of (idcard.IndexForm).
func (s *Service) idCanonical(number string) string { return idcard.IndexForm(number, s.now()) }

// List is the paged member list of the caller's scope. Personal fields are
// always masked in lists, whatever the caller's permissions.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[MemberView], error) {
	q, err := s.listQuery(ctx)
	if err != nil {
		return httpx.PageResult[MemberView]{}, err
	}
	var rows []memberRow
	total, err := httpx.PagedInto(ctx, q, s.spec(ctx, listFilters, listSorts), lq, &rows)
	if err != nil {
		return httpx.PageResult[MemberView]{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return httpx.PageResult[MemberView]{}, err
	}
	views := make([]MemberView, len(rows))
	for i := range rows {
		views[i] = s.view(&rows[i], l, false)
	}
	if err := s.markOutgoing(ctx, views); err != nil {
		return httpx.PageResult[MemberView]{}, err
	}
	return httpx.NewCountedPage(views, total), nil
}

// Detail is one member of the caller's scope; unmask shows the personal
// fields in clear and needs dy:unmask (the handler logs the access).
func (s *Service) Detail(ctx context.Context, id int64, unmask bool) (MemberView, error) {
	if unmask && !rbac.From(ctx).Has(PermUnmask) {
		// Checked after the scope so that an id outside it stays a 404.
		if _, err := s.find(ctx, s.db, id); err != nil {
			return MemberView{}, err
		}
		return MemberView{}, httpx.Forbidden("没有查看党员敏感信息的权限")
	}
	row, err := s.find(ctx, s.db, id)
	if err != nil {
		return MemberView{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return MemberView{}, err
	}
	v := []MemberView{s.view(row, l, unmask)}
	return v[0], s.markOutgoing(ctx, v)
}

// PickerItem is one member in a person picker.
type PickerItem struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	OrgID    int64  `json:"orgId"`
	OrgName  string `json:"orgName"`
	IDNumber string `json:"idNumber"` // always masked
}

// Picker is the member lookup of the common person pickers (/api/common/dyjbxx):
// any signed-in user, their scope only, members in normal status unless
// memberStatus says otherwise.
func (s *Service) Picker(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[PickerItem], error) {
	q, err := s.listQuery(ctx)
	if err != nil {
		return httpx.PageResult[PickerItem]{}, err
	}
	var rows []memberRow
	total, err := httpx.PagedInto(ctx, q, s.spec(ctx, pickerFilters, pickerSorts), lq.WithDefault("memberStatus", StatusNormal), &rows)
	if err != nil {
		return httpx.PageResult[PickerItem]{}, err
	}
	out := make([]PickerItem, len(rows))
	for i, row := range rows {
		out[i] = PickerItem{ID: row.ID, Name: row.Name, OrgID: row.OrgID, OrgName: row.OrgName,
			IDNumber: crypto.MaskIDNumber(s.reveal(row.IDNumberEnc, row.ID))}
	}
	return httpx.NewCountedPage(out, total), nil
}

// markOutgoing marks the members being transferred out (TransfersOut,
// asked once for the page).
func (s *Service) markOutgoing(ctx context.Context, views []MemberView) error {
	if len(views) == 0 {
		return nil
	}
	ids := make([]int64, len(views))
	for i := range views {
		ids[i] = views[i].ID
	}
	out, ok, err := event.Ask[Outgoing](ctx, s.bus, s.db, TransfersOut{MemberIDs: ids})
	if err != nil || !ok {
		return err
	}
	for i := range views {
		views[i].Transferring = out[views[i].ID]
	}
	return nil
}
