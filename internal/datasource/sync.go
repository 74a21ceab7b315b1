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
}

// RunNow runs source id as the caller.
func (s *Service) RunNow(ctx context.Context, id int64, in RunInput) (*Run, error) {
	src, err := s.find(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := s.checkTarget(ctx, src.Target); err != nil {
		return nil, err
	}
	run, err := s.run(ctx, src, in.Dry, false)
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
		run, err := s.run(rbac.WithMemo(rbac.With(ctx, p)), src, false, true)
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
func (s *Service) run(ctx context.Context, src *Source, dry, scheduled bool) (*Run, error) {
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
	if err := s.sync(ctx, src, run); err != nil {
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

// sync reads src and stages (and, unless dry, commits) its rows.
func (s *Service) sync(ctx context.Context, src *Source, run *Run) error {
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
