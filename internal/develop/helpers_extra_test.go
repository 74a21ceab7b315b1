package develop_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
)

// extraWorld is the package's campus and the accounts of the reports' and
// notices' tests: csTK and mathTK hold every fzdy permission below their
// committee, noReportTK everything but fzdy:report, noListTK nothing of fzdy.
type extraWorld struct {
	campus
	csTK, mathTK, noReportTK, noListTK string
	members                            int
}

func newExtraWorld(t *testing.T) *extraWorld {
	t.Helper()
	w := &extraWorld{campus: newCampus(t)}
	e := w.e
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, allPerms...)
	w.mathTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.math, allPerms...)
	var noReport []string
	for _, p := range allPerms {
		if p != develop.PermReport {
			noReport = append(noReport, p)
		}
	}
	w.noReportTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, noReport...)
	w.noListTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", w.cs, "dzz:list")
	return w
}

// extraPerson is what a test record is made of.
type extraPerson struct {
	name, gender, ethnicity, education, category string
	post                                         string // DJ_DY_GZGWXX 工作岗位 of the member record
	birth, approved                              string // "" : no approval yet
	activist                                     string // an activist since (records not approved)
	orgID                                        int64
	kind                                         string // "student" (default) | "teacher"
	noMember                                     bool   // no member record (the registry's values count)
}

// record inserts a development record of p (approved on p.approved, with a
// member record made then unless p.noMember) straight into the database:
// the reports read what the steps leave, whoever wrote it.
func (w *extraWorld) record(t *testing.T, p extraPerson) int64 {
	t.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	w.members++
	kind := p.kind
	if kind == "" {
		kind = "student"
	}
	r := &develop.Record{PersonKind: kind, PersonID: int64(1000 + w.members), PersonNo: fmt.Sprintf("2022%04d", w.members),
		Name: p.name, Gender: p.gender, BirthDate: date.Date(p.birth), OrgID: p.orgID, Stage: develop.StageApplicant,
		Step: develop.StepTalk, ConfigVersion: 1, AppliedOn: "2023-03-01", Flags: "[]"}
	r.CreatedAt, r.UpdatedAt = now, now
	r.ActivistOn = date.Date(p.activist)
	if p.approved != "" {
		appr := date.Date(p.approved)
		r.Stage, r.Step = develop.StageProbationary, develop.StepDeptFiling
		r.AppliedOn, r.ActivistOn, r.TargetOn = appr.AddMonths(-26), appr.AddMonths(-25), appr.AddMonths(-3)
		r.AdmittedOn, r.ApprovedOn = appr.AddDays(-20), appr
		no := fmt.Sprintf("ZY%06d", w.members)
		r.VolunteerNo = &no
		if !p.noMember {
			m := &member.Member{Name: p.name, Gender: p.gender, Ethnicity: p.ethnicity, Education: p.education,
				PersonCategory: p.category, Post: p.post, PersonType: "2", PartyStatus: member.PartyProbation, MemberStatus: member.StatusNormal,
				Source: "1", IDNumberIdx: fmt.Sprintf("idx-%d", w.members),
				PhoneIdx: fmt.Sprintf("ph-%d", w.members), BirthDate: date.Date(p.birth),
				OrgID: p.orgID, AppliedOn: r.AppliedOn, JoinedOn: r.AdmittedOn, CreatedAt: now, UpdatedAt: now}
			if _, err := w.e.DB.NewInsert().Model(m).Returning("id").Exec(ctx); err != nil {
				t.Fatal(err)
			}
			r.MemberID = &m.ID
		}
	}
	if _, err := w.e.DB.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return r.ID
}

// sponsors records ⑨ of record id with the members named.
func (w *extraWorld) sponsors(t *testing.T, id int64, memberIDs ...int64) {
	t.Helper()
	data := fmt.Sprintf(`{"date":"2025-01-10","sponsorIds":[%d,%d]}`, memberIDs[0], memberIDs[1])
	row := &develop.StepRow{RecordID: id, Step: develop.StepSponsors, DoneOn: "2025-01-10", Data: data, UserName: "测试", At: time.Now().UTC()}
	if _, err := w.e.DB.NewInsert().Model(row).Exec(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// memberOf is the member record made for record id.
func (w *extraWorld) memberOf(t *testing.T, id int64) int64 {
	t.Helper()
	var m int64
	if err := w.e.DB.NewSelect().Table("dev_record").Column("member_id").Where("id = ?", id).Scan(context.Background(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}
