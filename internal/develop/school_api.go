package develop

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/zh"
)

// What the party school (internal/pschool) reads and writes of the
// development records through Go, so that it names no table of this
// module: the records of a stage it enrols into a training batch, the
// training minimum of ⑪ a 发展对象 batch must meet, the training its
// completion writes onto the record, and whether ⑪ is then met.

// trainingSource adds dev_training.source_batch: a training written by a
// batch's completion names the batch, and a record holds one training of a
// batch (NULLs, the trainings typed by hand, are distinct on both databases).
func trainingSource(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx, `ALTER TABLE dev_training ADD COLUMN source_batch BIGINT`,
		`CREATE UNIQUE INDEX uq_dev_training_source ON dev_training(record_id, source_batch)`)
}

// StageRecord is a development record as the party school enrols it.
type StageRecord struct {
	ID       int64     `bun:"id" json:"id"`
	PersonNo string    `bun:"person_no" json:"personNo"`
	Name     string    `bun:"name" json:"name"`
	OrgID    int64     `bun:"org_id" json:"orgId"`
	OrgName  string    `bun:"org_name" json:"orgName"`
	Stage    string    `bun:"stage" json:"stage"`
	TargetOn date.Date `bun:"target_on" json:"targetOn"`
	// MemberID is the member record (a 预备党员's), nil before ⑰.
	MemberID *int64 `bun:"member_id" json:"memberId"`
}

// StageQuery asks for the records of one stage: under an organisation (its
// subtree; 0: the caller's whole scope), optionally only the ids or the
// person numbers named, or those whose name or number contains Blurry.
type StageQuery struct {
	Stage     string
	Under     int64
	IDs       []int64
	PersonNos []string
	Blurry    string
	// Except is a sub-query of record ids to leave out (the party school's
	// people already in a batch of the stage's type), or nil.
	Except *bun.SelectQuery
	Page   httpx.Page
}

// maxStageNames bounds the ids or numbers one query names (an import's
// rows are read in parts of this size).
const maxStageNames = 1000

var stageSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"orgId":  org.SubtreeFilter("r.org_id"),
		"blurry": {Columns: []string{"r.name", "r.person_no"}, Match: httpx.Like},
	},
	Sorts:       map[string]string{"name": zh.Name("r.name"), "personNo": "r.person_no"},
	DefaultSort: "r.person_no, r.id",
	Key:         "r.id",
}

// StageRecords pages the records of q.Stage in the caller's scope (and
// under q.Under): the candidates of a training batch. An unknown stage is
// a 400.
func (s *Service) StageRecords(ctx context.Context, q StageQuery) (httpx.PageResult[StageRecord], error) {
	if _, ok := StageNames[q.Stage]; !ok {
		return httpx.PageResult[StageRecord]{}, httpx.Invalid("stage", "发展阶段无效")
	}
	if len(q.IDs) > maxStageNames || len(q.PersonNos) > maxStageNames {
		return httpx.PageResult[StageRecord]{}, httpx.BadRequest("一次至多查询 %d 条发展党员记录", maxStageNames)
	}
	scope, err := s.scope(ctx)
	if err != nil {
		return httpx.PageResult[StageRecord]{}, err
	}
	sel := s.db.NewSelect().TableExpr("dev_record AS r").
		ColumnExpr("r.id, r.person_no, r.name, r.org_id, r.stage, r.target_on, r.member_id")
	sel = org.NameJoin("r.org_id")(sel).Where("r.stage = ?", q.Stage)
	if q.IDs != nil {
		sel = sel.Where("r.id IN (?)", bun.In(append(q.IDs, 0)))
	}
	if q.PersonNos != nil {
		sel = sel.Where("r.person_no IN (?)", bun.In(append(q.PersonNos, "")))
	}
	if q.Except != nil {
		sel = sel.Where("r.id NOT IN (?)", q.Except)
	}
	lq := httpx.ListQuery{Page: q.Page, Filters: map[string]any{}}
	if q.Under > 0 {
		lq.Filters["orgId"] = q.Under
	}
	if b := strings.TrimSpace(q.Blurry); b != "" {
		lq.Filters["blurry"] = b
	}
	return httpx.Paged[StageRecord](ctx, scope(sel), stageSpec, lq)
}

// TrainingMinimum is the concentrated training of ⑪ the current
// configuration asks of a 发展对象: at least hours class hours or days days
// (either suffices).
func (s *Service) TrainingMinimum(ctx context.Context) (hours, days int, err error) {
	cfg, _, err := s.config(ctx, s.db, 0)
	if err != nil {
		return 0, 0, err
	}
	return cfg.Rules.TrainingMinHours, cfg.Rules.TrainingMinDays, nil
}

// TrainingInput is a training a party-school batch's completion writes
// onto a development record.
type TrainingInput struct {
	BatchID       int64
	BatchType     int // 1 APPLY … 4 PREPARE (school.BatchTypes)
	Title         string
	StartOn       date.Date
	EndOn         date.Date
	Hours         int
	Days          int
	Passed        bool
	CertificateNo string
}

// RecordTraining writes t onto record recordID through idb (the caller's
// transaction), once per (record, batch): a second call for the same batch,
// or one racing it, writes nothing and answers false. The record is read
// whatever the caller's scope (the school's staff enrolled it from their
// own); a missing one is a 404.
func (s *Service) RecordTraining(ctx context.Context, idb bun.IDB, recordID int64, t TrainingInput) (bool, error) {
	if t.BatchID <= 0 || t.BatchType < 1 || t.BatchType > 4 || strings.TrimSpace(t.Title) == "" || t.StartOn.IsZero() ||
		t.EndOn.Before(t.StartOn) || t.Hours < 0 || t.Days < 0 {
		return false, httpx.Internal(errors.New("develop: RecordTraining: incomplete training"))
	}
	var id int64
	err := idb.NewSelect().Model((*Record)(nil)).Column("r.id").Where("r.id = ?", recordID).Scan(ctx, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return false, errNoRecord()
	} else if err != nil {
		return false, httpx.Internal(err)
	}
	now := s.now()
	batch := t.BatchID
	row := &Training{RecordID: recordID, BatchType: t.BatchType, Title: db.Clip(strings.TrimSpace(t.Title), 100),
		StartOn: t.StartOn, EndOn: t.EndOn, Hours: t.Hours, Days: t.Days, Passed: t.Passed,
		CertificateNo: db.Clip(t.CertificateNo, 50), SourceBatch: &batch}
	row.CreatedAt, row.UpdatedAt = now, now
	res, err := idb.NewInsert().Model(row).On("CONFLICT (record_id, source_batch) DO NOTHING").Exec(ctx)
	if err != nil {
		return false, httpx.Internal(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// TrainingShortfall says why record recordID's 发展对象 training does not
// meet ⑪ on day under the record's configuration, naming the rule ("" when
// it is met): what the school's completion page shows of a 发展对象 batch.
func (s *Service) TrainingShortfall(ctx context.Context, recordID int64, day date.Date) (string, error) {
	r := new(Record)
	err := s.db.NewSelect().Model(r).Where("r.id = ?", recordID).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errNoRecord()
	} else if err != nil {
		return "", httpx.Internal(err)
	}
	cfg, _, err := s.config(ctx, s.db, r.ConfigVersion)
	if err != nil {
		return "", err
	}
	why, err := s.trainingWhy(ctx, s.db, r, day, cfg.Rules)
	if why != "" {
		why = ruleTraining + "：" + why
	}
	return why, err
}
