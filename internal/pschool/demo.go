package pschool

import (
	"context"
	"fmt"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool/school"
)

// The demo's party schools (zhdj seed --demo, after the development
// records, the courses and the exam): the university party school at the
// root committee, with the first normal members of the university as its
// head and teachers, a branch school at each of the first two 二级党委, and
// one 入党积极分子 batch of the university school around today with the
// demo courses and exam linked, opened, and the first 积极分子 of the
// development records enrolled with their 学员 accounts opened, which makes
// them the examinees of the batch's exam (the initial passwords are not
// kept: an administrator resets one to sign in as a trainee). Written
// once: a database that has schools is left alone.

// Demo sizes.
const (
	demoBranchSchools = 2
	demoTrainees      = 12
	demoTeachers      = 3
	demoBatchBefore   = 7  // days the batch began before the seed
	demoBatchAfter    = 21 // days it runs after it
)

// DemoInput is what the other demo seeds wrote for the batch to link.
type DemoInput struct {
	CourseIDs []int64
	ExamID    *int64
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Schools, Batches, Trainees int
	// Accounts are the trainees' accounts opened (examinees of the exam).
	Accounts int
}

// SeedDemo writes the demo schools and batch through the staff's paths, as
// the system.
func (s *Service) SeedDemo(ctx context.Context, in DemoInput) (*DemoResult, error) {
	ctx = rbac.AsSystem(ctx)
	res := &DemoResult{}
	if n, err := s.db.NewSelect().Model((*School)(nil)).Count(ctx); err != nil || n > 0 {
		return res, err
	}
	root, err := s.orgs.LiveRoot(ctx, s.db)
	if err != nil {
		return nil, err
	}
	if root == nil {
		return res, nil
	}
	var staff []member.Account
	if err := s.members.SelectAccounts(s.db, member.StatusNormal).OrderExpr("bm.id").Limit(1+demoTeachers).Scan(ctx, &staff); err != nil {
		return nil, err
	}
	university := School{OrgID: root.ID, Remark: "负责入党积极分子、发展对象和预备党员的集中培训"}
	for i, m := range staff {
		if i == 0 {
			university.HeadMemberID = &m.ID
			continue
		}
		university.Teachers = append(university.Teachers, Teacher{Title: "党校兼职教师", MemberID: &m.ID})
	}
	us, err := s.schools.Create(ctx, university)
	if err != nil {
		return nil, fmt.Errorf("demo university school: %w", err)
	}
	res.Schools++
	secondary, err := s.orgs.OfTypes(ctx, s.db, org.TypeSecondaryCommittee)
	if err != nil {
		return nil, err
	}
	for i := 0; i < len(secondary) && res.Schools <= demoBranchSchools; i++ {
		if !secondary[i].Live() {
			continue
		}
		if _, err := s.schools.Create(ctx, School{OrgID: secondary[i].ID}); err != nil {
			return nil, fmt.Errorf("demo branch school of %s: %w", secondary[i].Name, err)
		}
		res.Schools++
	}
	today := s.today()
	b, err := s.batches.Create(ctx, Batch{SchoolID: us.ID, Type: school.BatchActive,
		Title: fmt.Sprintf("%d年入党积极分子培训班", today.Time().Year()), StartOn: today.AddDays(-demoBatchBefore),
		EndOn: today.AddDays(demoBatchAfter), CourseIDs: in.CourseIDs, ExamID: in.ExamID})
	if err != nil {
		return nil, fmt.Errorf("demo batch: %w", err)
	}
	res.Batches++
	if err := s.Open(ctx, b.ID); err != nil {
		return nil, fmt.Errorf("opening the demo batch: %w", err)
	}
	page, err := s.Candidates(ctx, b.ID, httpx.ListQuery{Page: httpx.Page{Size: demoTrainees}})
	if err != nil {
		return nil, err
	}
	ids := make([]int64, len(page.Content))
	for i, r := range page.Content {
		ids[i] = r.ID
	}
	if len(ids) > 0 {
		enrolled, err := s.Enrol(ctx, b.ID, EnrolInput{RecordIDs: ids})
		if err != nil {
			return nil, fmt.Errorf("enrolling the demo batch: %w", err)
		}
		res.Trainees = enrolled.Enrolled
	}
	trainees, err := s.traineeIDs(ctx, b.ID)
	if err != nil || len(trainees) == 0 {
		return res, err
	}
	opened, err := s.OpenAccounts(ctx, b.ID, AccountsInput{TraineeIDs: trainees})
	if err != nil {
		return nil, fmt.Errorf("opening the demo trainees' accounts: %w", err)
	}
	res.Accounts = len(opened.Accounts)
	return res, nil
}

// traineeIDs are the enrolled trainees of batch id (the demo's dozen).
func (s *Service) traineeIDs(ctx context.Context, id int64) ([]int64, error) {
	var ids []int64
	err := s.db.NewSelect().Model((*Trainee)(nil)).Column("t.id").Where("t.batch_id = ?", id).
		Where("t.state = ?", TraineeEnrolled).OrderExpr("t.id").Scan(ctx, &ids)
	return ids, err
}
