package pschool

import (
	"context"
	"fmt"
	"strconv"

	"github.com/uptrace/bun"

	"zhdj/internal/develop"
	"zhdj/internal/imports"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// The staged import of trainees (/api/import/pxb-trainee): each row names
// a batch (its number, shown on the batch's page) and a person by 学号/工号;
// the person's development record of the batch type's stage under the
// school's organisation is enrolled, as the enrol form does. A row whose
// person is missing, already in the batch or in another unfinished batch of
// the type is an error of that row; the others commit in one transaction.
func (s *Service) importKind() imports.Kind {
	return imports.Declare(imports.Decl{Key: "pxb-trainee", Label: "培训班学员", Perm: PermEnrol, Cols: importColumns},
		s.validateImport, s.commitImport)
}

var importColumns = imports.Columns{
	{Key: "batch", Label: "培训班编号", Required: true, Example: "1", Note: "培训班详情页显示的编号"},
	{Key: "personNo", Label: "学号/工号", Required: true, Example: "2024010101", Note: "发展党员记录中的学号或工号"},
}

// maxImportBatches bounds the batches one file names.
const maxImportBatches = 20

// importRow is a validated row: the batch and the record it enrols.
type importRow struct {
	batch  *Batch
	record develop.StageRecord
}

func (s *Service) validateImport(ctx context.Context, idb bun.IDB, _ *rbac.Principal, rows []*imports.Row) error {
	batches := map[int64]*importBatch{}
	ids := map[*imports.Row]int64{}
	for _, r := range rows {
		id, err := strconv.ParseInt(r.Cells["batch"], 10, 64)
		if err != nil || id <= 0 {
			r.Fail("batch", "培训班编号应为数字")
			continue
		}
		if r.Cells["personNo"] == "" {
			r.Fail("personNo", "请填写学号/工号")
			continue
		}
		bi := batches[id]
		if bi == nil {
			if len(batches) == maxImportBatches {
				r.Fail("batch", fmt.Sprintf("一个文件至多导入 %d 个培训班的学员", maxImportBatches))
				continue
			}
			bi = &importBatch{}
			batches[id] = bi
			switch b, err := s.batchOf(ctx, idb, id); {
			case err != nil:
				bi.err = "培训班不存在"
			case b.State == StateFinished:
				bi.err = "培训班已结束，不能报名"
			default:
				bi.b = b
				if bi.school, err = s.schoolNamed(ctx, idb, b.SchoolID); err != nil {
					return err
				}
			}
		}
		ids[r] = id
		if bi.err == "" {
			bi.nos = append(bi.nos, r.Cells["personNo"])
		}
	}
	records := map[int64]map[string]develop.StageRecord{}
	for id, bi := range batches {
		if bi.err != "" || len(bi.nos) == 0 {
			continue
		}
		records[id] = map[string]develop.StageRecord{}
		for start := 0; start < len(bi.nos); start += 1000 {
			part := bi.nos[start:min(start+1000, len(bi.nos))]
			page, err := s.develop.StageRecords(ctx, develop.StageQuery{Stage: StageOf[bi.b.Type], Under: bi.school.OrgID,
				PersonNos: part, Page: httpx.Page{Size: len(part) + 1}})
			if err != nil {
				return err
			}
			for _, rec := range page.Content {
				records[id][rec.PersonNo] = rec
			}
		}
	}
	busy, err := s.busyRecords(ctx, idb, batches, records)
	if err != nil {
		return err
	}
	seen := map[string]int{}
	for _, r := range rows {
		id, ok := ids[r]
		if !ok || r.Status == imports.StatusInvalid {
			continue
		}
		bi := batches[id]
		if bi.err != "" {
			r.Fail("batch", bi.err)
			continue
		}
		no := r.Cells["personNo"]
		rec, found := records[id][no]
		key := fmt.Sprintf("%d/%s", id, no)
		switch {
		case !found:
			r.Fail("personNo", fmt.Sprintf("本党校范围内没有学号/工号为 %s 的%s", no, develop.StageNames[StageOf[bi.b.Type]]))
		case seen[key] > 0:
			r.Fail("personNo", fmt.Sprintf("与第 %d 行重复", seen[key]))
		case busy[id][rec.ID] != "":
			r.Fail("personNo", busy[id][rec.ID])
		default:
			seen[key] = r.RowNo
			r.Status, r.Data = imports.StatusNew, importRow{batch: bi.b, record: rec}
		}
	}
	return nil
}

// importBatch is a batch an import's rows name: the batch and its school
// (or why rows cannot join it) and the numbers its rows give.
type importBatch struct {
	b      *Batch
	school *School
	nos    []string
	err    string
}

// busyRecords says, per batch and record, why the record cannot join the
// batch (none when it can): in it already, or in another unfinished batch
// of its type.
func (s *Service) busyRecords(ctx context.Context, idb bun.IDB, batches map[int64]*importBatch,
	records map[int64]map[string]develop.StageRecord) (map[int64]map[int64]string, error) {
	out := map[int64]map[int64]string{}
	for id, recs := range records {
		out[id] = map[int64]string{}
		b := batches[id].b
		var ids []int64
		for _, r := range recs {
			ids = append(ids, r.ID)
		}
		for start := 0; start < len(ids); start += 1000 {
			var busy []Trainee
			if err := idb.NewSelect().Model(&busy).Column("t.record_id", "t.batch_id").
				Where("t.record_id IN (?)", bun.In(ids[start:min(start+1000, len(ids))])).
				WhereGroup(" AND ", func(q *bun.SelectQuery) *bun.SelectQuery {
					return q.Where("t.busy_type = ?", b.Type).WhereOr("t.batch_id = ? AND t.state <> ?", b.ID, TraineeWithdrawn)
				}).Scan(ctx); err != nil {
				return nil, httpx.Internal(err)
			}
			for _, t := range busy {
				if t.BatchID == b.ID {
					out[id][t.RecordID] = "已在本培训班"
				} else if out[id][t.RecordID] == "" {
					out[id][t.RecordID] = "已在另一个未结束的" + TypeName(b.Type) + "中"
				}
			}
		}
	}
	return out, nil
}

func (s *Service) commitImport(ctx context.Context, tx bun.Tx, _ *rbac.Principal, _ *imports.Batch, rows []*imports.Row) error {
	var recs []develop.StageRecord
	_ = imports.Each(rows, func(_ *imports.Row, item importRow) error { recs = append(recs, item.record); return nil })
	accounts, err := s.accountsOf(ctx, recs)
	if err != nil {
		return err
	}
	return imports.Each(rows, func(r *imports.Row, item importRow) error {
		return s.enrolIn(ctx, tx, item.batch, []develop.StageRecord{item.record}, accounts)
	})
}
