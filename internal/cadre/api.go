package cadre

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// The Go API of the cadre base for the other cadre packages. They never
// name the gb_* tables (internal/app/boundaries_test.go).

// Brief is what another page shows of a cadre: name, unit, post, level.
type Brief struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	UnitID     int64  `json:"unitId"`
	UnitName   string `json:"unitName"`
	Post       string `json:"post"`
	Level      string `json:"level"`
	LevelLabel string `json:"levelLabel"`
	Status     string `json:"status"`
}

// Brief is the briefs of the cadres ids, whatever the caller's scope (a
// record that names a cadre shows who it is; the caller checked the
// record itself). Ids that do not exist are missing from the map.
func (s *Service) Brief(ctx context.Context, ids []int64) (map[int64]Brief, error) {
	out := map[int64]Brief{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []Row
	if err := s.db.NewSelect().Model(&rows).ColumnExpr("g.id, g.name, g.unit_id, g.post, g.level, g.status").
		ColumnExpr("d.name AS unit_name").Join("JOIN sys_dept AS d ON d.id = g.unit_id").
		Where("g.id IN (?)", bun.In(ids)).Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	l, err := s.labels(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = Brief{ID: r.ID, Name: r.Name, UnitID: r.UnitID, UnitName: r.UnitName, Post: r.Post, Level: r.Level,
			LevelLabel: l.Label(DictLevel, r.Level), Status: r.Status}
	}
	return out, nil
}

// Coded is a dictionary value with its label (the label is what a form
// prints; SaveForm reads the code).
type Coded struct {
	Code  string `json:"code"`
	Label string `json:"label"`
}

// EducationLine is the form's 学历学位 of one kind (全日制教育 or 在职教育):
// the highest education and degree with the school and major.
type EducationLine struct {
	Education Coded  `json:"education"`
	Degree    Coded  `json:"degree"`
	School    string `json:"school"`
	Major     string `json:"major"`
}

// ResumeLine is a line of the 简历: a period (end empty: 至今) and its text.
type ResumeLine struct {
	StartOn date.Date `json:"startOn"`
	EndOn   date.Date `json:"endOn"`
	Text    string    `json:"text"`
}

// FamilyLine is a row of 家庭主要成员及重要社会关系, in clear.
type FamilyLine struct {
	Relation        string    `json:"relation"` // 称谓
	Name            string    `json:"name"`
	BirthOn         date.Date `json:"birthOn"`
	PoliticalStatus Coded     `json:"politicalStatus"`
	EmployerPost    string    `json:"employerPost"` // 工作单位及职务
}

// FormData is everything the 干部任免审批表 prints and an lrmx file carries,
// decrypted and labelled: what Form reads and SaveForm writes.
type FormData struct {
	ID              int64         `json:"id"` // 0: a cadre not in the base yet (SaveForm adds it)
	Name            string        `json:"name"`
	Gender          Coded         `json:"gender"`
	BirthOn         date.Date     `json:"birthOn"` // 出生年月 (day 1)
	Ethnicity       Coded         `json:"ethnicity"`
	NativePlace     string        `json:"nativePlace"` // 籍贯
	BirthPlace      string        `json:"birthPlace"`  // 出生地
	PoliticalStatus Coded         `json:"politicalStatus"`
	PartyJoinOn     date.Date     `json:"partyJoinOn"` // 入党时间
	WorkStartOn     date.Date     `json:"workStartOn"` // 参加工作时间
	Health          string        `json:"health"`      // 健康状况
	IDNumber        string        `json:"idNumber"`    // clear
	Title           Coded         `json:"title"`       // 专业技术职务
	Specialty       string        `json:"specialty"`   // 熟悉专业有何专长
	FullTime        EducationLine `json:"fullTime"`    // 全日制教育
	InService       EducationLine `json:"inService"`   // 在职教育
	UnitID          int64         `json:"unitId"`
	UnitName        string        `json:"unitName"`
	Post            string        `json:"post"`      // 现任职务
	PostSince       date.Date     `json:"postSince"` // 任现职时间
	Level           Coded         `json:"level"`
	ProposedPost    string        `json:"proposedPost"`    // 拟任职务
	ProposedRemoval string        `json:"proposedRemoval"` // 拟免职务
	Reason          string        `json:"reason"`          // 任免理由
	Resume          []ResumeLine  `json:"resume"`
	Rewards         string        `json:"rewards"`     // 奖惩情况
	Assessments     string        `json:"assessments"` // 年度考核结果
	Family          []FamilyLine  `json:"family"`
	// Photo is the photo's bytes (nil without one) and PhotoType its MIME type.
	Photo     []byte `json:"-"`
	PhotoType string `json:"photoType,omitempty"`
	// PhotoFileID is the stored photo (read by Form; SaveForm keeps the
	// cadre's when it is nil).
	PhotoFileID *int64 `json:"photoFileId,omitempty"`
	// Extra are the form's items the record does not model, by lrmx item
	// name (呈报单位, 审批机关意见, 填表人 …): kept so a round trip loses nothing.
	Extra map[string]string `json:"extra,omitempty"`
}

// maxPhoto bounds a photo read into a form (a 任免审批表 photo is small).
const maxPhoto = 5 << 20

// Form is cadre id as the 任免审批表 and the lrmx print it, in the caller's
// scope (404 outside it): decrypted, labelled, with the photo's bytes.
// 奖惩情况 and 年度考核结果 are the texts an imported form brought, else
// written from the rows of types 12 and 8 (the last three years).
func (s *Service) Form(ctx context.Context, id int64) (FormData, error) {
	c, err := s.findScoped(ctx, s.db, id)
	if err != nil {
		return FormData{}, err
	}
	l, err := s.labels(ctx)
	if err != nil {
		return FormData{}, err
	}
	code := func(dict, v string) Coded { return Coded{Code: v, Label: l.Label(dict, v)} }
	f := FormData{ID: c.ID, Name: c.Name, Gender: code(DictGender, c.Gender), BirthOn: c.BirthOn,
		Ethnicity: code(DictEthnicity, c.Ethnicity), NativePlace: c.NativePlace, BirthPlace: c.BirthPlace,
		PoliticalStatus: code(DictPolitical, c.PoliticalStatus), PartyJoinOn: c.PartyJoinOn, WorkStartOn: c.WorkStartOn,
		Health: c.Health, IDNumber: s.reveal(c.IDNumberEnc, "gb_jbxx", c.ID), Title: code(DictTitle, c.Title), Specialty: c.Specialty,
		FullTime:  EducationLine{Education: code(DictEducation, c.Education), Degree: code(DictDegree, c.Degree)},
		InService: EducationLine{Education: code(DictEducation, c.InserviceEducation), Degree: code(DictDegree, c.InserviceDegree)},
		UnitID:    c.UnitID, UnitName: c.UnitName, Post: c.Post, PostSince: c.PostSince, Level: code(DictLevel, c.Level),
		ProposedPost: c.ProposedPost, ProposedRemoval: c.ProposedRemoval, Reason: c.AppointmentReason,
		Rewards: c.RewardsText, Assessments: c.AssessmentText, PhotoFileID: c.PhotoFileID, Extra: c.FormExtra,
		Resume: []ResumeLine{}, Family: []FamilyLine{}}
	var edu []EducationRow
	if err := s.db.NewSelect().Model(&edu).Where("cadre_id = ?", id).OrderExpr("CASE WHEN x.end_on IS NULL THEN 0 ELSE 1 END, x.end_on DESC, x.sort DESC, x.id DESC").Scan(ctx); err != nil {
		return f, httpx.Internal(err)
	}
	for _, e := range edu { // the latest of each kind (one still going first, on both databases) names the school and major
		line := &f.FullTime
		if e.Kind == EduInService {
			line = &f.InService
		}
		if line.School == "" {
			line.School, line.Major = e.School, e.Major
		}
	}
	var resume []Resume
	if err := s.db.NewSelect().Model(&resume).Where("cadre_id = ?", id).OrderExpr("x.start_on, x.sort, x.id").Scan(ctx); err != nil {
		return f, httpx.Internal(err)
	}
	for _, r := range resume {
		f.Resume = append(f.Resume, ResumeLine{StartOn: r.StartOn, EndOn: r.EndOn, Text: r.Text})
	}
	var family []Family
	if err := s.db.NewSelect().Model(&family).Where("cadre_id = ?", id).OrderExpr("x.sort, x.id").Scan(ctx); err != nil {
		return f, httpx.Internal(err)
	}
	for _, m := range family {
		s.openFamily(&m)
		f.Family = append(f.Family, FamilyLine{Relation: m.Relation, Name: m.Name, BirthOn: m.BirthOn,
			PoliticalStatus: code(DictPolitical, m.PoliticalStatus), EmployerPost: m.EmployerPost})
	}
	if f.Rewards == "" {
		if f.Rewards, err = s.rewardsText(ctx, id); err != nil {
			return f, err
		}
	}
	if f.Assessments == "" {
		if f.Assessments, err = s.assessmentText(ctx, id); err != nil {
			return f, err
		}
	}
	if c.PhotoFileID != nil {
		if f.Photo, f.PhotoType, err = s.sys.FileContent(ctx, *c.PhotoFileID, maxPhoto); err != nil {
			return f, err
		}
	}
	return f, nil
}

// rewardsText is 奖惩情况 written from the honours rows: "2023年获评优秀共产党员；…", "无" without any.
func (s *Service) rewardsText(ctx context.Context, id int64) (string, error) {
	var rows []Honour
	if err := s.db.NewSelect().Model(&rows).Where("cadre_id = ?", id).OrderExpr("x.granted_on, x.sort, x.id").Scan(ctx); err != nil {
		return "", httpx.Internal(err)
	}
	var parts []string
	for _, h := range rows {
		when := ""
		if len(h.GrantedOn) >= 4 {
			when = string(h.GrantedOn)[:4] + "年"
		}
		verb := "获"
		if h.Kind == HonourPunishment {
			verb = "受"
		}
		parts = append(parts, when+verb+h.Title)
	}
	if len(parts) == 0 {
		return "无", nil
	}
	return strings.Join(parts, "；") + "。", nil
}

// assessmentText is 年度考核结果 of the last three years assessed:
// "2022年度称职，2023年度优秀，2024年度优秀" ("" without any).
func (s *Service) assessmentText(ctx context.Context, id int64) (string, error) {
	var rows []Assessment
	if err := s.db.NewSelect().Model(&rows).Where("cadre_id = ?", id).OrderExpr("x.year DESC").Limit(3).Scan(ctx); err != nil {
		return "", httpx.Internal(err)
	}
	parts := make([]string, len(rows))
	for i, a := range rows {
		parts[len(rows)-1-i] = fmt.Sprintf("%d年度%s", a.Year, a.Grade)
	}
	return strings.Join(parts, "，"), nil
}

// SaveForm writes a form into the base inside tx with origin (an lrmx or
// Excel import: audit.OriginSystemImport) and answers the cadre's id: the
// cadre f.ID (in the caller's scope, else 404), or else the cadre of the
// scope with f's ID number (blind index), or else a new cadre in f.UnitID
// (in the caller's scope). The basic fields are checked like a form's
// (the codes of f, not their labels; a bad one is a 400 naming it); the
// résumé and family rows replace the cadre's, and the education lines
// add a row of their kind when no row has that school and education. Every
// write has its trail entry under the cadre (origin). The photo is kept
// unless f.PhotoFileID names another stored file.
func (s *Service) SaveForm(ctx context.Context, tx bun.IDB, f FormData, origin int) (int64, error) {
	return s.saveForm(ctx, tx, f, origin)
}

// PostChange is an appointment or removal written on a cadre's posts
// (type 3) by an appointment document (任免文件).
type PostChange struct {
	Post       string    // the post as printed ("党委组织部部长")
	UnitID     *int64    // the unit of the post
	Level      string    // GB_XZJB
	Attribute  string    // GB_ZWSX
	Kind       string    // PostKindHeld, PostKindConcurrent, PostKindSeconded
	On         date.Date // the day it starts (WritePost) or ends (EndPost)
	DocNo      string    // 任免文号
	PositionID *int64    // the quota package's position (岗位)
	// ProbationUntil is the end of the one-year probation of a non-elected
	// post (empty: none); Elected marks an elected post.
	ProbationUntil date.Date
	Elected        bool
	// Current makes the post the cadre's 现任职务: gb_jbxx.post, level and
	// post_since are set from it (WritePost).
	Current bool
	// Tenure, with Current, sets the cadre's 任职状态 (GB_RZZT: TenureServing,
	// TenureProbation); empty leaves it.
	Tenure string
	// Origin is the trail origin (audit.OriginUserUpdate by default).
	Origin int
}

// WritePost adds post p to cadre cadreID inside tx (the caller's
// transaction: the document, the quota and the posts commit together),
// with its trail entry; p.Current also sets the cadre's 现任职务, level and
// 任现职时间 (trailed). The cadre must lie in the caller's scope (404).
func (s *Service) WritePost(ctx context.Context, tx bun.IDB, cadreID int64, p PostChange) error {
	return s.writePost(ctx, tx, cadreID, p)
}

// Tenure statuses (GB_RZZT) the other cadre packages set.
const (
	TenureServing   = "1" // 在任
	TenureProbation = "2" // 试用期
)

// SetTenure sets cadre cadreID's 任职状态 (GB_RZZT code) inside tx, trailed
// with origin (a probation review: 试用期 → 在任). The cadre must lie in the
// caller's scope (404).
func (s *Service) SetTenure(ctx context.Context, tx bun.IDB, cadreID int64, code string, origin int) error {
	cur, err := s.findScoped(ctx, tx, cadreID)
	if err != nil {
		return err
	}
	if cur.TenureStatus == code {
		return nil
	}
	in := cur.Cadre
	in.TenureStatus = code
	_, err = s.saveCadre(ctx, tx, in, cur, origin)
	return err
}

// EndPost ends cadre cadreID's current posts inside tx: those of
// p.PositionID when set, else those named p.Post (and p.UnitID when set),
// on p.On, with their trail entries; when the cadre's 现任职务 is that post
// it is cleared. No current post matching is a 400 naming the post.
func (s *Service) EndPost(ctx context.Context, tx bun.IDB, cadreID int64, p PostChange) error {
	return s.endPost(ctx, tx, cadreID, p)
}

// PostUndo names a post row an appointment document wrote (UndoPost) or
// ended (ReopenPost), when the document is withdrawn (撤销).
type PostUndo struct {
	Post       string    // the post as printed (the message; ReopenPost's match without a position)
	UnitID     *int64    // the unit of the post (ReopenPost's match without a position)
	PositionID *int64    // the quota package's position (nil: match by Post and UnitID)
	On         date.Date // the day the row started (UndoPost) or ended (ReopenPost)
	DocNo      string    // 任免文号 of the document withdrawn
	// Origin is the trail origin (audit.OriginUserUpdate by default).
	Origin int
}

// UndoPost takes back what WritePost wrote for a withdrawn document inside
// tx: the cadre's current post row of p.PositionID that began on p.On under
// p.DocNo is deleted (trailed). When the cadre's 现任职务 is still that post
// since that day, 现任职务, level, 任现职时间 and 职务属性 go back to what
// they were before the post was written (the trail's record of the cadre
// before that write), else to the cadre's remaining current post, else they
// are cleared. The cadre must lie in the caller's scope (404); no such row
// is a 400 naming the post.
func (s *Service) UndoPost(ctx context.Context, tx bun.IDB, cadreID int64, p PostUndo) error {
	return s.undoPost(ctx, tx, cadreID, p)
}

// ReopenPost takes back what EndPost did for a withdrawn document inside
// tx: the cadre's post rows of p.PositionID (else named p.Post in p.UnitID)
// that ended on p.On are current again (trailed; a 任免文号 EndPost filled in
// with p.DocNo is emptied again), and when EndPost cleared the cadre's
// 现任职务 (it is still empty) it is that post again, with its 任现职时间. The
// cadre must lie in the caller's scope (404); no such row is a 400 naming
// the post.
func (s *Service) ReopenPost(ctx context.Context, tx bun.IDB, cadreID int64, p PostUndo) error {
	return s.reopenPost(ctx, tx, cadreID, p)
}

// Each calls fn with every cadre of query, read in pages of 500 by id
// through idb, whatever the caller's scope (a reminder finder, the
// analysis, a batch form export: the caller restricts query with Scoped
// when a user asks). query narrows the select of gb_jbxx AS g (nil: all);
// rows carry the unit's name, the personal fields encrypted.
func (s *Service) Each(ctx context.Context, idb bun.IDB, query func(q *bun.SelectQuery) *bun.SelectQuery, fn func(c Row) error) error {
	var last int64
	for {
		var rows []Row
		q := idb.NewSelect().Model(&rows).ColumnExpr("g.*").ColumnExpr("d.name AS unit_name").
			Join("JOIN sys_dept AS d ON d.id = g.unit_id").Where("g.id > ?", last).OrderExpr("g.id").Limit(500)
		if query != nil {
			q = query(q)
		}
		if err := q.Scan(ctx); err != nil {
			return httpx.Internal(err)
		}
		for _, r := range rows {
			if err := fn(r); err != nil {
				return err
			}
		}
		if len(rows) < 500 {
			return nil
		}
		last = rows[len(rows)-1].ID
	}
}

// findScoped reads cadre id of the caller's scope through idb, or 404.
func (s *Service) findScoped(ctx context.Context, idb bun.IDB, id int64) (*Row, error) {
	scope, err := s.Scoped("g.unit_id")(ctx)
	if err != nil {
		return nil, err
	}
	r := new(Row)
	q := idb.NewSelect().Model(r).ColumnExpr("g.*").ColumnExpr("d.name AS unit_name").
		Join("JOIN sys_dept AS d ON d.id = g.unit_id").Where("g.id = ?", id)
	if err := scope(q).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return nil, errNoCadre()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return r, nil
}

func errNoCadre() *httpx.Error { return httpx.NotFound("干部不存在") }

// ManagedDepts is the departments cadre cadreID manages (分管部门) with
// their units' names, in their order, whatever the caller's scope (the
// caller checked the record naming the cadre).
func (s *Service) ManagedDepts(ctx context.Context, idb bun.IDB, cadreID int64) ([]ManagedDept, error) {
	rows, err := s.managed.rows(ctx, idb, cadreID)
	if err != nil {
		return nil, err
	}
	return rows.([]ManagedDept), nil
}

// AddManagedDept adds a department cadre cadreID manages (d.UnitID, d.Kind
// ManageCharge or ManageContact, d.Since, d.Note, d.Sort) inside the
// caller's transaction, checked like the page's (400 naming the field; a
// unit the cadre manages already is a 400 on unitId) and trailed under the
// cadre in TrailManagedDepts with origin. The cadre must be in the caller's
// cadre scope (404).
func (s *Service) AddManagedDept(ctx context.Context, tx bun.IDB, cadreID int64, d ManagedDept, origin int) error {
	if _, err := s.findScoped(ctx, tx, cadreID); err != nil {
		return err
	}
	// Asked first: on PostgreSQL a refused INSERT would abort the caller's transaction.
	dup, err := tx.NewSelect().Model((*ManagedDept)(nil)).Where("cadre_id = ?", cadreID).Where("unit_id = ?", d.UnitID).Exists(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if dup {
		return managedKind.unique()
	}
	return insertRow(withOrigin(ctx, origin, nil), s, tx, &managedKind, cadreID, &d)
}

// WriteAssessment records grade as cadre cadreID's annual assessment of
// year (信息类型 8, 年度考核) inside tx, trailed with origin: the year's
// row is updated when there is one, else added. Whatever the caller's
// scope (the assessment round that confirms it was checked by its caller).
func (s *Service) WriteAssessment(ctx context.Context, tx bun.IDB, cadreID int64, year int, grade string, origin int) error {
	ctx = withOrigin(ctx, origin, nil)
	var rows []Assessment
	if err := tx.NewSelect().Model(&rows).Where("cadre_id = ?", cadreID).Where("year = ?", year).OrderExpr("id").Limit(1).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	if len(rows) == 0 {
		return insertRow(ctx, s, tx, &assessmentKind, cadreID, &Assessment{Year: year, Grade: grade})
	}
	before := rows[0]
	after := before
	after.Grade = grade
	if err := checkRow(ctx, s, &assessmentKind, &after); err != nil {
		return err
	}
	if before.Grade == grade {
		return nil
	}
	after.UpdatedAt = s.now()
	if _, err := tx.NewUpdate().Model(&after).Column("grade", "updated_at").WherePK().Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return trailRow(ctx, s, tx, &assessmentKind, assessmentKind.decl(), cadreID, &before, &after)
}

// ServingStatuses are the 干部状态 (GB_ZT) codes of cadres in service:
// 现任校领导, 现任处级, 现任科级 (离任, 考察对象, 年轻干部 and 临时档案 are not).
var ServingStatuses = []string{"1", "2", "3"}

// OwnID is the id of the cadre record linked to the caller's account
// (gb_jbxx.user_id): 404 with the page's message when there is none.
func (s *Service) OwnID(ctx context.Context) (int64, error) {
	r, err := s.ownCadre(ctx, s.db)
	if err != nil {
		return 0, err
	}
	return r.ID, nil
}
