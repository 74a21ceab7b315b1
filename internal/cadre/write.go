package cadre

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/httpx"
)

// saveCadre checks in over cur (nil: a new cadre) and writes it inside tx
// with its trail entry (origin): the one path SaveForm, WritePost and the
// accepted change requests write the basic information through.
func (s *Service) saveCadre(ctx context.Context, tx bun.IDB, in Cadre, cur *Row, origin int) (int64, error) {
	var was *Cadre
	if cur != nil {
		was = &cur.Cadre
	}
	m, err := s.check(ctx, tx, in, was)
	if err != nil {
		return 0, err
	}
	if cur == nil {
		return s.cadres.Insert(ctx, tx, m, origin)
	}
	return s.cadres.UpdateIn(ctx, tx, m, cur, origin)
}

// saveForm is SaveForm.
func (s *Service) saveForm(ctx context.Context, tx bun.IDB, f FormData, origin int) (int64, error) {
	var cur *Row
	var err error
	switch {
	case f.ID > 0:
		if cur, err = s.findScoped(ctx, tx, f.ID); err != nil {
			return 0, err
		}
	case strings.TrimSpace(f.IDNumber) != "":
		var id int64
		q := tx.NewSelect().Model((*Cadre)(nil)).Column("g.id").
			Where("g.id_number_idx IN (?)", bun.In(s.cipher.Indexes(strings.ToUpper(strings.TrimSpace(f.IDNumber))))).OrderExpr("g.id").Limit(1)
		scope, err := s.Scoped("g.unit_id")(ctx)
		if err != nil {
			return 0, err
		}
		if err := scope(q).Scan(ctx, &id); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, httpx.Internal(err)
		}
		if id > 0 {
			if cur, err = s.findScoped(ctx, tx, id); err != nil {
				return 0, err
			}
		}
	}
	var in Cadre
	if cur != nil {
		in = cur.Cadre
		in.IDNumber, in.Phone = "", ""
	} else {
		in.Status = "7" // 临时档案 until the 干部管理员 files the cadre
	}
	in.Name, in.Gender, in.BirthOn, in.Ethnicity = f.Name, f.Gender.Code, f.BirthOn, f.Ethnicity.Code
	in.NativePlace, in.BirthPlace = f.NativePlace, f.BirthPlace
	// What a form may leave out (an lrmx carries no 政治面貌, 职级 nor
	// 任现职时间) keeps the record's value: a re-import loses nothing.
	keep := func(dst *string, v string) {
		if v != "" || cur == nil {
			*dst = v
		}
	}
	keep(&in.PoliticalStatus, f.PoliticalStatus.Code)
	in.PartyJoinOn, in.WorkStartOn, in.Health, in.Title, in.Specialty = f.PartyJoinOn, f.WorkStartOn, f.Health, f.Title.Code, f.Specialty
	if f.IDNumber != "" {
		in.IDNumber, in.IDNumberEnc = f.IDNumber, ""
	}
	in.Education, in.Degree = f.FullTime.Education.Code, f.FullTime.Degree.Code
	in.InserviceEducation, in.InserviceDegree = f.InService.Education.Code, f.InService.Degree.Code
	if f.UnitID > 0 {
		in.UnitID = f.UnitID
	}
	in.Post = f.Post
	keep(&in.Level, f.Level.Code)
	if f.PostSince != "" || cur == nil {
		in.PostSince = f.PostSince
	}
	in.ProposedPost, in.ProposedRemoval, in.AppointmentReason = f.ProposedPost, f.ProposedRemoval, f.Reason
	in.RewardsText, in.AssessmentText, in.FormExtra = f.Rewards, f.Assessments, f.Extra
	if f.PhotoFileID != nil {
		in.PhotoFileID = f.PhotoFileID
	}
	id, err := s.saveCadre(ctx, tx, in, cur, origin)
	if err != nil {
		return 0, err
	}
	ctx = withOrigin(ctx, origin, nil)
	if err := s.replaceResume(ctx, tx, id, f.Resume); err != nil {
		return 0, err
	}
	if err := s.replaceFamily(ctx, tx, id, f.Family); err != nil {
		return 0, err
	}
	for _, e := range []struct {
		kind string
		line EducationLine
	}{{EduFullTime, f.FullTime}, {EduInService, f.InService}} {
		if err := s.addEducation(ctx, tx, id, e.kind, e.line); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// replaceResume makes the résumé rows the form's lines: rows equal to a
// line stay, the others are removed, the new lines added (each trailed).
func (s *Service) replaceResume(ctx context.Context, tx bun.IDB, cadreID int64, lines []ResumeLine) error {
	var rows []Resume
	if err := tx.NewSelect().Model(&rows).Where("cadre_id = ?", cadreID).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	want := make([]Resume, len(lines))
	for i, l := range lines {
		want[i] = Resume{Sub: Sub{CadreID: cadreID, Sort: i + 1}, Period: Period{StartOn: l.StartOn, EndOn: l.EndOn}, Text: strings.TrimSpace(l.Text)}
	}
	same := func(a, b *Resume) bool {
		return a.StartOn == b.StartOn && a.EndOn == b.EndOn && a.Text == b.Text && a.Sort == b.Sort
	}
	return replaceRows(ctx, s, tx, &resumeKind, cadreID, rows, want, same)
}

// replaceFamily makes the family rows the form's (compared in clear).
func (s *Service) replaceFamily(ctx context.Context, tx bun.IDB, cadreID int64, lines []FamilyLine) error {
	var rows []Family
	if err := tx.NewSelect().Model(&rows).Where("cadre_id = ?", cadreID).Scan(ctx); err != nil {
		return httpx.Internal(err)
	}
	want := make([]Family, len(lines))
	for i, l := range lines {
		want[i] = Family{Sub: Sub{CadreID: cadreID, Sort: i + 1}, Relation: strings.TrimSpace(l.Relation), Name: strings.TrimSpace(l.Name),
			BirthOn: l.BirthOn, PoliticalStatus: l.PoliticalStatus.Code, EmployerPost: strings.TrimSpace(l.EmployerPost)}
	}
	same := func(a, b *Family) bool {
		x := *a
		s.openFamily(&x)
		return x.Relation == b.Relation && x.Name == b.Name && x.BirthOn == b.BirthOn && x.PoliticalStatus == b.PoliticalStatus &&
			x.EmployerPost == b.EmployerPost && x.Sort == b.Sort
	}
	return replaceRows(ctx, s, tx, &familyKind, cadreID, rows, want, same)
}

// replaceRows removes the stored rows no wanted row equals and adds the
// wanted rows no stored row equals, each checked and trailed, inside tx.
func replaceRows[T any](ctx context.Context, s *Service, tx bun.IDB, k *subKind[T], cadreID int64, stored, want []T, same func(stored, want *T) bool) error {
	decl := k.decl()
	kept := make([]bool, len(want))
	for i := range stored {
		found := false
		for j := range want {
			if !kept[j] && same(&stored[i], &want[j]) {
				kept[j], found = true, true
				break
			}
		}
		if found {
			continue
		}
		id := any(&stored[i]).(subRow).sub().ID
		if _, err := tx.NewDelete().Model((*T)(nil)).Where("id = ?", id).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		if err := trailRow(ctx, s, tx, k, decl, cadreID, &stored[i], nil); err != nil {
			return err
		}
	}
	for j := range want {
		if kept[j] {
			continue
		}
		if err := insertRow(ctx, s, tx, k, cadreID, &want[j]); err != nil {
			return err
		}
	}
	return nil
}

// insertRow checks and adds row to cadreID inside tx, trailed.
func insertRow[T any](ctx context.Context, s *Service, tx bun.IDB, k *subKind[T], cadreID int64, row *T) error {
	if err := checkRow(ctx, s, k, row); err != nil {
		return err
	}
	x := any(row).(subRow).sub()
	now := s.now()
	x.ID, x.CadreID, x.CreatedAt, x.UpdatedAt = 0, cadreID, now, now
	if _, err := tx.NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return trailRow(ctx, s, tx, k, k.decl(), cadreID, nil, row)
}

// addEducation adds the form's education line of kind as a row unless a
// row of that kind has its school and education already.
func (s *Service) addEducation(ctx context.Context, tx bun.IDB, cadreID int64, kind string, l EducationLine) error {
	school := strings.TrimSpace(l.School)
	if school == "" {
		return nil
	}
	n, err := tx.NewSelect().Model((*EducationRow)(nil)).Where("cadre_id = ?", cadreID).Where("kind = ?", kind).
		Where("school = ?", school).Where("education = ?", l.Education.Code).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n > 0 {
		return nil
	}
	row := EducationRow{Kind: kind, School: school, Major: strings.TrimSpace(l.Major), Education: l.Education.Code, Degree: l.Degree.Code}
	return insertRow(ctx, s, tx, &educationKind, cadreID, &row)
}

// writePost is WritePost.
func (s *Service) writePost(ctx context.Context, tx bun.IDB, cadreID int64, p PostChange) error {
	cur, err := s.findScoped(ctx, tx, cadreID)
	if err != nil {
		return err
	}
	origin := originOr(p.Origin)
	kind := p.Kind
	if kind == "" {
		kind = PostKindHeld
	}
	row := PostRow{Period: Period{StartOn: p.On}, Post: p.Post, UnitID: p.UnitID, Level: p.Level, Attribute: p.Attribute, Kind: kind,
		DocNo: p.DocNo, PositionID: p.PositionID, ProbationUntil: p.ProbationUntil, Elected: p.Elected}
	if err := insertRow(ctx, s, tx, &postKind, cadreID, &row); err != nil {
		return err
	}
	if !p.Current {
		return nil
	}
	in := cur.Cadre
	in.Post, in.PostSince = p.Post, p.On
	if p.Level != "" {
		in.Level, in.LevelSince = p.Level, p.On
	}
	if p.Attribute != "" {
		in.PostAttribute = p.Attribute
	}
	if p.Tenure != "" {
		in.TenureStatus = p.Tenure
	}
	_, err = s.saveCadre(ctx, tx, in, cur, origin)
	return err
}

// endPost is EndPost.
func (s *Service) endPost(ctx context.Context, tx bun.IDB, cadreID int64, p PostChange) error {
	cur, err := s.findScoped(ctx, tx, cadreID)
	if err != nil {
		return err
	}
	q := postRows(tx, cadreID, p.PositionID, p.Post, p.UnitID).Where("end_on IS NULL")
	var rows []PostRow
	if err := q.Scan(ctx, &rows); err != nil {
		return httpx.Internal(err)
	}
	if len(rows) == 0 {
		return httpx.Invalid("post", "%s没有现任职务“%s”", cur.Name, p.Post)
	}
	origin := originOr(p.Origin)
	ctx = withOrigin(ctx, origin, nil)
	cleared := false
	for i := range rows {
		before := rows[i]
		after := rows[i]
		after.EndOn, after.UpdatedAt = p.On, s.now()
		if err := periodRule(&after.Period); err != nil {
			return err
		}
		if p.DocNo != "" && after.DocNo == "" {
			after.DocNo = p.DocNo
		}
		if err := s.rewritePost(ctx, tx, cadreID, &before, &after); err != nil {
			return err
		}
		if cur.Post == rows[i].Post && !cleared {
			cleared = true
			in := cur.Cadre
			in.Post, in.PostSince = "", ""
			if _, err := s.saveCadre(ctx, tx, in, cur, origin); err != nil {
				return err
			}
		}
	}
	return nil
}

// postRows selects the cadre's post rows of positionID, else those named
// post (in unitID when set): the rows EndPost ends and ReopenPost reopens.
func postRows(tx bun.IDB, cadreID int64, positionID *int64, post string, unitID *int64) *bun.SelectQuery {
	q := tx.NewSelect().Model((*PostRow)(nil)).Where("cadre_id = ?", cadreID)
	if positionID != nil {
		return q.Where("position_id = ?", *positionID)
	}
	q = q.Where("post = ?", post)
	if unitID != nil {
		q = q.Where("unit_id = ?", *unitID)
	}
	return q
}

// originOr is the trail origin of a post's change: origin, else USER_UPDATE.
func originOr(origin int) int {
	if origin == 0 {
		return audit.OriginUserUpdate
	}
	return origin
}

// rewritePost stores post row after over before, with its trail entry.
func (s *Service) rewritePost(ctx context.Context, tx bun.IDB, cadreID int64, before, after *PostRow) error {
	if _, err := tx.NewUpdate().Model(after).WherePK().Exec(ctx); err != nil {
		return httpx.Internal(err)
	}
	return trailRow(ctx, s, tx, &postKind, postKind.decl(), cadreID, before, after)
}
