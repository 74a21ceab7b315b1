package datasource

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"zhdj/internal/imports"
	"zhdj/internal/people"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// A run: claim the source (one run of it at a time, on every instance),
// read it, turn its records into the target's import rows by the mapping,
// and stage them in batches of imports.MaxRows, which the import kit checks
// as it checks a workbook; a real run commits each batch (its valid rows,
// in one transaction), a dry run leaves them in 导入批次.

// claimFor is how long a claim holds: a run that died (the instance
// stopped) frees its source after it.
const claimFor = 3 * time.Hour

// RunInput is the body of POST /api/dataSources/{id}/run.
type RunInput struct {
	Dry bool `json:"dry"`
	// ManyLeavers lets this run mark more leavers than leaversAllowed
	// (after a dry run showed them: the graduation of a whole year).
	ManyLeavers bool `json:"manyLeavers"`
}

// leaversAllowed is how many of active people a run may mark as left
// unless told otherwise: a tenth (at least 20). A source that answers only
// part of the school (a wrong query, a page of an API) would otherwise
// mark the rest as gone; the scheduled run is never told otherwise.
func leaversAllowed(leaving, active int) bool { return leaving <= max(20, active/10) }

// RunNow runs source id as the caller.
func (s *Service) RunNow(ctx context.Context, id int64, in RunInput) (*Run, error) {
	src, err := s.find(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.checkTarget(ctx, src.Target); err != nil {
		return nil, err
	}
	run, err := s.run(ctx, src, in.Dry, in.ManyLeavers, false)
	if err != nil {
		return nil, err
	}
	if run.Status != "ok" {
		return run, httpx.BadRequest("同步失败：%s", run.Message)
	}
	return run, nil
}

// runScheduled is the job: every scheduled source, as its owner.
func (s *Service) runScheduled(ctx context.Context) error {
	var sources []Source
	if err := s.db.NewSelect().Model(&sources).Where("scheduled = ?", true).OrderExpr("ds.id").Scan(ctx); err != nil {
		return err
	}
	var failed []string
	for i := range sources {
		src := &sources[i]
		p, err := s.sys.PrincipalOf(ctx, src.OwnerID)
		if err == nil && !p.Allows(s.targets[src.Target].Permission()) {
			err = errors.New("no import permission")
		}
		if err != nil {
			// The owner left or lost the right: nothing runs in their name.
			s.record(ctx, src, &Run{SourceID: src.ID, Scheduled: true, StartedAt: s.now(), Status: "failed",
				Message: "保存该数据源的账号已停用或不再有导入权限，请由有权限的管理员重新保存"})
			failed = append(failed, src.Name)
			continue
		}
		run, err := s.run(rbac.WithMemo(rbac.With(ctx, p)), src, false, false, true)
		if err != nil || run.Status != "ok" {
			failed = append(failed, src.Name)
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("数据源同步失败：%s", strings.Join(failed, "、"))
	}
	return nil
}

// run claims src and runs it; the answer records how it went (a failure
// to read or check is a run with status failed, not an error).
func (s *Service) run(ctx context.Context, src *Source, dry, manyLeavers, scheduled bool) (*Run, error) {
	now := s.now()
	res, err := s.db.NewUpdate().Model((*Source)(nil)).Set("running_since = ?", now).Where("id = ?", src.ID).
		Where("running_since IS NULL OR running_since < ?", now.Add(-claimFor)).Exec(ctx)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return nil, httpx.Conflict("数据源“%s”正在同步，请稍后再试", src.Name)
	}
	defer func() {
		if _, err := s.db.NewUpdate().Model((*Source)(nil)).Set("running_since = NULL").Where("id = ?", src.ID).
			Exec(context.WithoutCancel(ctx)); err != nil {
			slog.Error("data source claim not released", "source", src.ID, "err", err)
		}
	}()
	run := &Run{SourceID: src.ID, Dry: dry, Scheduled: scheduled, ByName: rbac.From(ctx).AccountName(), StartedAt: now, Status: "ok"}
	if err := s.sync(ctx, src, run, manyLeavers); err != nil {
		run.Status = "failed"
		var he *httpx.Error
		switch {
		case errors.As(err, &he) && he.Status < 500:
			run.Message = he.Message
		case errors.As(err, new(errFetch)):
			run.Message = err.Error()
		default:
			slog.Error("data source run failed", "source", src.ID, "err", err)
			run.Message = "系统错误，请查看服务器日志"
		}
	}
	s.record(ctx, src, run)
	return run, nil
}

// sync reads src and stages (and, unless dry, commits) its rows, then
// marks the leavers.
func (s *Service) sync(ctx context.Context, src *Source, run *Run, manyLeavers bool) error {
	k, ok := s.targets[src.Target]
	if !ok {
		return httpx.BadRequest("同步目标“%s”已不存在", src.Target)
	}
	endpoint, err := s.cipher.Decrypt(src.EndpointEnc)
	if err != nil {
		return err
	}
	records, err := fetch(ctx, src.Type, endpoint, src.Query, MaxRecords, s.client)
	if err != nil {
		return err
	}
	run.Records = len(records)
	if len(records) == 0 {
		return httpx.BadRequest("数据源没有数据")
	}
	mapping := src.mapping()
	header, keys := s.header(k, mapping)
	label := fmt.Sprintf("数据源：%s（%s）", src.Name, run.StartedAt.In(china).Format("2006-01-02 15:04"))
	var batchIDs []string
	for start := 0; start < len(records); start += imports.MaxRows {
		chunk := records[start:min(start+imports.MaxRows, len(records))]
		sheet := make([][]string, 0, len(chunk)+1)
		sheet = append(sheet, header)
		for _, rec := range chunk {
			row := make([]string, len(keys))
			for i, key := range keys {
				row[i] = rec[mapping[key]]
			}
			sheet = append(sheet, row)
		}
		b, err := s.imp.Stage(ctx, k, label, sheet)
		if err != nil {
			return err
		}
		if !run.Dry {
			if b, err = s.imp.Commit(ctx, k, b.ID, imports.CommitInput{SkipInvalid: true}); err != nil {
				return err
			}
		}
		batchIDs = append(batchIDs, strconv.FormatInt(b.ID, 10))
		run.NewCount += b.NewCount
		run.ChangedCount += b.ChangedCount
		run.UnchangedCount += b.UnchangedCount
		run.InvalidCount += b.InvalidCount
		run.BatchIDs = strings.Join(batchIDs, ",")
	}
	return s.markLeavers(ctx, src, run, records, manyLeavers)
}

// markLeavers marks the people of the target (in the caller's scope) whom
// the records do not list with the source's absent status, when it has one;
// a dry run counts them.
func (s *Service) markLeavers(ctx context.Context, src *Source, run *Run, records []Record, many bool) error {
	t, ok := people.LeaverTargets()[src.Target]
	if src.AbsentStatus == "" || !ok {
		return nil
	}
	field := src.mapping()[t.NumberColumn]
	present := make([]string, 0, len(records))
	for _, rec := range records {
		if no := strings.TrimSpace(rec[field]); no != "" {
			present = append(present, no)
		}
	}
	allow := leaversAllowed
	if many {
		allow = nil
	}
	res, err := s.people.MarkAbsent(ctx, people.Absence{Target: src.Target, Present: present, Status: src.AbsentStatus,
		SourceID: src.ID, Dry: run.Dry, Allow: allow})
	if err != nil {
		return err
	}
	run.LeftCount, run.ReturnedCount = res.Leaving, res.Returned
	if res.Refused && run.Dry {
		return httpx.BadRequest("试运行：将有 %d 人（在校在职 %d 人）标记为离校（离职），超过一成。"+
			"请先核对数据源是否完整；确属批量离校（如毕业）的，请在“立即同步”时勾选“允许批量标记离校”", res.Leaving, res.Active)
	}
	if res.Refused {
		return httpx.BadRequest("数据已同步，但本次将有 %d 人（在校在职 %d 人）标记为离校（离职），超过一成，未予标记。"+
			"请先核对数据源是否完整；确属批量离校（如毕业）的，请在“立即同步”时勾选“允许批量标记离校”", res.Leaving, res.Active)
	}
	return nil
}

// header is the sheet's header (the target's labels of the mapped columns,
// in the template's order) and the column keys in the same order.
func (s *Service) header(k imports.Kind, mapping map[string]string) (labels, keys []string) {
	for _, c := range k.Columns() {
		if mapping[c.Key] != "" {
			labels, keys = append(labels, c.Label), append(keys, c.Key)
		}
	}
	return labels, keys
}

// record stores run and the source's last outcome.
func (s *Service) record(ctx context.Context, src *Source, run *Run) {
	ctx = context.WithoutCancel(ctx)
	finished := s.now()
	run.FinishedAt = &finished
	if len([]rune(run.Message)) > 500 {
		run.Message = string([]rune(run.Message)[:500])
	}
	if _, err := s.db.NewInsert().Model(run).Returning("id").Exec(ctx); err != nil {
		slog.Error("data source run not recorded", "source", src.ID, "err", err)
	}
	msg := run.Message
	if run.Status == "ok" {
		msg = fmt.Sprintf("读取 %d 条：新增 %d，更新 %d，未变 %d，有误 %d", run.Records, run.NewCount, run.ChangedCount, run.UnchangedCount, run.InvalidCount)
		if src.AbsentStatus != "" {
			msg += fmt.Sprintf("，离校 %d，返校 %d", run.LeftCount, run.ReturnedCount)
		}
		if run.Dry {
			msg = "试运行，" + msg + "（未写入，可在导入批次中查看）"
		}
	}
	if _, err := s.db.NewUpdate().Model((*Source)(nil)).Set("last_run_at = ?", run.StartedAt).Set("last_status = ?", run.Status).
		Set("last_message = ?", msg).Where("id = ?", src.ID).Exec(ctx); err != nil {
		slog.Error("data source outcome not recorded", "source", src.ID, "err", err)
	}
}

// china is the day a run's label names.
var china = time.FixedZone("CST", 8*3600)
