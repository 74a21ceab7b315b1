package org

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"
	"zhdj/internal/platform/uniq"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// MoveInput is the body of POST /api/dzzxx/move.
type MoveInput struct {
	ID  int64  `json:"id"`
	PID *int64 `json:"pid"`
}

// Move re-parents an organisation under pid (nil: it becomes a root
// committee). The containment rules apply, cycles are refused, and the
// paths of the whole subtree change in the same transaction.
func (s *Service) Move(ctx context.Context, in MoveInput) error {
	if in.ID == 0 {
		return httpx.Invalid("id", "请选择要调整的党组织")
	}
	return s.onLive(ctx, in.ID, "已撤销的党组织不能调整上级", func(ctx context.Context, tx bun.Tx, scope Scope, o *Org) error {
		if samePID(o.PID, in.PID) {
			return httpx.Invalid("pid", "请选择新的上级党组织")
		}
		parent, err := s.loadParent(ctx, tx, scope, in.PID)
		if err != nil {
			return err
		}
		if parent != nil && strings.HasPrefix(parent.Path, o.Path) {
			return httpx.Invalid("pid", "不能把党组织调整到它自己或它的下级党组织之下")
		}
		if err := checkParent(scope, parent, o.Type); err != nil {
			return err
		}
		if err := checkSiblingName(ctx, tx, o.Name, in.PID, o.ID); err != nil {
			return err
		}
		return s.reparent(ctx, tx, o, parent)
	})
}

func samePID(a, b *int64) bool {
	return (a == nil && b == nil) || (a != nil && b != nil && *a == *b)
}

// reparent moves o under parent (nil = root): its pid, the paths of its
// whole subtree (one UPDATE on the path prefix) and a trail entry. notes
// are extra trail changes describing the operation.
func (s *Service) reparent(ctx context.Context, tx bun.Tx, o *Org, parent *Org, notes ...audit.Change) error {
	parentPath, parentName := "", ""
	if parent != nil {
		parentPath, parentName = parent.Path, parent.Name
	}
	oldPath, newPath := o.Path, childPath(parentPath, o.ID)
	now := time.Now().UTC()
	var pid *int64
	if parent != nil {
		pid = &parent.ID
	}
	if _, err := tx.NewUpdate().Model((*Org)(nil)).Set("pid = ?", pid).Set("updated_at = ?", now).
		Where("id = ?", o.ID).Exec(ctx); err != nil {
		return mapErr(err)
	}
	if _, err := tx.NewUpdate().Model((*Org)(nil)).Set("path = ? || SUBSTR(path, ?)", newPath, len(oldPath)+1).
		Where("path LIKE ?", oldPath+"%").Exec(ctx); err != nil {
		return err
	}
	changes := append([]audit.Change{trail.Change("parent", o.ParentName, parentName)}, notes...)
	o.PID, o.Path, o.ParentName, o.UpdatedAt = pid, newPath, parentName, now
	return trail.Record(ctx, tx, o.ID, changes, o)
}

// MergeInput is the body of POST /api/dzzxx/merge.
type MergeInput struct {
	SourceIDs []int64 `json:"sourceIds"`
	TargetID  int64   `json:"targetId"`
}

// MergeResult tells what a merge moved.
type MergeResult struct {
	MembersMoved  int `json:"membersMoved"`
	ChildrenMoved int `json:"childrenMoved"`
}

// Merge merges the source organisations into the target, in one
// transaction: their members move to the target (through the member
// domain), their live child organisations move under the target, and the
// sources are revoked as of today. No member is left behind in a source.
func (s *Service) Merge(ctx context.Context, in MergeInput) (MergeResult, error) {
	var res MergeResult
	in.SourceIDs = uniq.Of(in.SourceIDs)
	switch {
	case in.TargetID == 0:
		return res, httpx.Invalid("targetId", "请选择合并到的党组织")
	case len(in.SourceIDs) == 0:
		return res, httpx.Invalid("sourceIds", "请选择要合并的党组织")
	case len(in.SourceIDs) > 100:
		return res, httpx.Invalid("sourceIds", "一次最多合并100个党组织")
	}
	for _, id := range in.SourceIDs {
		if id == in.TargetID {
			return res, httpx.Invalid("sourceIds", "要合并的党组织不能包含合并到的党组织本身")
		}
	}
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return res, httpx.Internal(err)
	}
	err = s.inTreeTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		target, err := s.load(ctx, tx, scope, in.TargetID)
		if err != nil {
			return err
		}
		if !target.Live() {
			return httpx.Invalid("targetId", "合并到的党组织“%s”已撤销", target.Name)
		}
		sources := make([]*Org, 0, len(in.SourceIDs))
		for _, id := range in.SourceIDs {
			src, err := s.load(ctx, tx, scope, id)
			if err != nil {
				return err
			}
			if !src.Live() {
				return httpx.Invalid("sourceIds", "“%s”已撤销", src.Name)
			}
			if strings.HasPrefix(target.Path, src.Path) {
				return httpx.Invalid("targetId", "不能把“%s”合并到它的下级党组织", src.Name)
			}
			sources = append(sources, src)
		}
		for _, a := range sources {
			for _, b := range sources {
				if a != b && strings.HasPrefix(b.Path, a.Path) {
					return httpx.Invalid("sourceIds", "“%s”是“%s”的下级，不能同时合并", b.Name, a.Name)
				}
			}
		}
		var children []*Org
		if err := tx.NewSelect().Model(&children).ColumnExpr("z.*").ColumnExpr("p.name AS parent_name").
			Join("LEFT JOIN dzz AS p ON p.id = z.pid").Where("z.pid IN (?)", bun.In(in.SourceIDs)).
			Where("z.status = ?", StatusNormal).OrderExpr("z.sort, z.id").Scan(ctx); err != nil {
			return err
		}
		if err := s.checkNewChildren(ctx, tx, target, children); err != nil {
			return err
		}
		merged := &Merged{Sources: in.SourceIDs, Target: target.ID}
		if err := s.bus.Publish(ctx, tx, merged); err != nil {
			return err
		}
		res.MembersMoved = merged.MembersMoved
		counts, err := s.counts(ctx, tx, nil)
		if err != nil {
			return err
		}
		for _, src := range sources {
			if n := counts[src.ID].Total; n > 0 {
				return httpx.Internal(fmt.Errorf("org: %d members left in merged organisation %d", n, src.ID))
			}
		}
		for _, c := range children {
			if err := s.reparent(ctx, tx, c, target, record.Note("merge", "合并", "", fmt.Sprintf("随“%s”并入“%s”", c.ParentName, target.Name))); err != nil {
				return err
			}
		}
		res.ChildrenMoved = len(children)
		day := today()
		names := make([]string, len(sources))
		for i, src := range sources {
			names[i] = src.Name
			if err := s.setRevoked(ctx, tx, src, day, record.Note("merge", "合并", "", "并入“"+target.Name+"”")); err != nil {
				return err
			}
		}
		target.UpdatedAt = time.Now().UTC()
		return trail.Record(ctx, tx, target.ID, []audit.Change{
			record.Note("merge", "合并", "", "并入："+strings.Join(names, "、")),
			record.Note("membersIn", "转入党员", "", fmt.Sprintf("%d名", merged.MembersMoved)),
			record.Note("childrenIn", "转入下级党组织", "", fmt.Sprintf("%d个", len(children))),
		}, target)
	})
	return res, err
}

// checkNewChildren checks that children may stand under parent: their
// types, and their names against parent's live children and each other.
func (s *Service) checkNewChildren(ctx context.Context, idb bun.IDB, parent *Org, children []*Org) error {
	var existing []string
	if err := idb.NewSelect().Model((*Org)(nil)).Column("name").Where("pid = ?", parent.ID).
		Where("status = ?", StatusNormal).Scan(ctx, &existing); err != nil {
		return err
	}
	names := map[string]bool{}
	for _, n := range existing {
		names[n] = true
	}
	for _, c := range children {
		if !MayContain(parent.Type, c.Type) {
			return httpx.BadRequest("“%s”下不能设立“%s”（%s）", typeNames[parent.Type], typeNames[c.Type], c.Name)
		}
		if names[c.Name] {
			return httpx.Conflict("“%s”下将有两个名为“%s”的党组织，请先改名", parent.Name, c.Name)
		}
		names[c.Name] = true
	}
	return nil
}

// setRevoked revokes o as of day and writes its trail entry.
func (s *Service) setRevoked(ctx context.Context, tx bun.Tx, o *Org, day date.Date, notes ...audit.Change) error {
	now := time.Now().UTC()
	if _, err := tx.NewUpdate().Model((*Org)(nil)).Set("status = ?", StatusRevoked).Set("revoked_on = ?", day).
		Set("updated_at = ?", now).Where("id = ?", o.ID).Exec(ctx); err != nil {
		return err
	}
	changes := append([]audit.Change{
		trail.Change("status", statusNames[o.Status], statusNames[StatusRevoked]),
		trail.Change("revokedOn", string(o.RevokedOn), string(day)),
	}, notes...)
	o.Status, o.RevokedOn, o.UpdatedAt = StatusRevoked, day, now
	return trail.Record(ctx, tx, o.ID, changes, o)
}

// SplitInput is the body of POST /api/dzzxx/split.
type SplitInput struct {
	ID       int64   `json:"id"`
	NewOrg   Input   `json:"newOrg"`
	ChildIDs []int64 `json:"childIds"`
}

// Split creates a new organisation beside the given one (or under it, when
// newOrg.pid is its id) and moves the listed child organisations to it.
// Members stay where they are: moving them is the member domain's work.
func (s *Service) Split(ctx context.Context, in SplitInput) (*Org, error) {
	if in.ID == 0 {
		return nil, httpx.Invalid("id", "请选择要拆分的党组织")
	}
	in.ChildIDs = uniq.Of(in.ChildIDs)
	wc, err := s.prepare(ctx)
	if err != nil {
		return nil, err
	}
	scope := wc.scope
	var created *Org
	err = s.inTreeTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		src, err := s.load(ctx, tx, scope, in.ID)
		if err != nil {
			return err
		}
		if !src.Live() {
			return httpx.BadRequest("已撤销的党组织不能拆分")
		}
		if in.NewOrg.PID == nil {
			in.NewOrg.PID = src.PID
		} else if !samePID(in.NewOrg.PID, src.PID) && *in.NewOrg.PID != src.ID {
			return httpx.Invalid("pid", "拆分出的党组织只能与原党组织同级，或设在原党组织之下")
		}
		var children []*Org
		if len(in.ChildIDs) > 0 {
			if err := tx.NewSelect().Model(&children).ColumnExpr("z.*").ColumnExpr("p.name AS parent_name").
				Join("LEFT JOIN dzz AS p ON p.id = z.pid").Where("z.id IN (?)", bun.In(in.ChildIDs)).
				OrderExpr("z.sort, z.id").Scan(ctx); err != nil {
				return err
			}
			if len(children) != len(in.ChildIDs) {
				return httpx.Invalid("childIds", "所选下级党组织不属于“%s”", src.Name)
			}
			for _, c := range children {
				if c.PID == nil || *c.PID != src.ID || !c.Live() {
					return httpx.Invalid("childIds", "所选下级党组织不属于“%s”", src.Name)
				}
			}
		}
		created, err = s.create(ctx, tx, wc, in.NewOrg, audit.OriginUserCreate)
		if err != nil {
			return err
		}
		if err := s.checkNewChildren(ctx, tx, created, children); err != nil {
			return err
		}
		moved := make([]string, len(children))
		for i, c := range children {
			moved[i] = c.Name
			if err := s.reparent(ctx, tx, c, created, record.Note("split", "拆分", "", "随“"+src.Name+"”拆分")); err != nil {
				return err
			}
		}
		changes := []audit.Change{record.Note("split", "拆分", "", "拆分出“"+created.Name+"”")}
		if len(moved) > 0 {
			changes = append(changes, record.Note("childrenOut", "转出下级党组织", "", strings.Join(moved, "、")))
		}
		src.UpdatedAt = time.Now().UTC()
		return trail.Record(ctx, tx, src.ID, changes, src)
	})
	if err != nil {
		return nil, err
	}
	return created, nil
}

// RevokeInput is the body of POST /api/dzzxx/revoke.
type RevokeInput struct {
	ID        int64     `json:"id"`
	RevokedOn date.Date `json:"revokedOn"`
}

// Revoke sets an organisation's status to 撤销, refusing while members or
// live child organisations remain in it.
func (s *Service) Revoke(ctx context.Context, in RevokeInput) error {
	if in.ID == 0 {
		return httpx.Invalid("id", "请选择要撤销的党组织")
	}
	day, ok := date.Parse(string(in.RevokedOn))
	if !ok {
		return httpx.Invalid("revokedOn", "撤销日期格式不正确，应为“年-月-日”")
	}
	if day == "" {
		day = today()
	}
	if day > today() {
		return httpx.Invalid("revokedOn", "撤销日期不能晚于今天")
	}
	return s.onLive(ctx, in.ID, "该党组织已撤销", func(ctx context.Context, tx bun.Tx, scope Scope, o *Org) error {
		if o.FoundedOn != "" && day < o.FoundedOn {
			return httpx.Invalid("revokedOn", "撤销日期不能早于成立日期")
		}
		counts, err := s.counts(ctx, tx, nil)
		if err != nil {
			return err
		}
		if n := counts[o.ID].Total; n > 0 {
			return httpx.BadRequest("该党组织下还有%d名党员，请先转移", n)
		}
		n, err := tx.NewSelect().Model((*Org)(nil)).Where("pid = ?", o.ID).Where("status = ?", StatusNormal).Count(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			return httpx.BadRequest("该党组织下还有%d个下级党组织，请先调整或撤销", n)
		}
		return s.setRevoked(ctx, tx, o, day)
	})
}

// Delete removes organisations entered by mistake: no child organisations,
// no members and no trail beyond their creation. Anything else is revoked.
// Each leaves a DELETE entry with its last state in the trail.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	ids = uniq.Of(ids)
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	deleting := map[int64]bool{}
	for _, id := range ids {
		deleting[id] = true
	}
	return s.inTreeTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		counts, err := s.counts(ctx, tx, nil)
		if err != nil {
			return err
		}
		list := make([]*Org, 0, len(ids))
		for _, id := range ids {
			o, err := s.load(ctx, tx, scope, id)
			if err != nil {
				return err
			}
			list = append(list, o)
			var children []int64
			if err := tx.NewSelect().Model((*Org)(nil)).Column("id").Where("pid = ?", id).Scan(ctx, &children); err != nil {
				return err
			}
			for _, c := range children {
				if !deleting[c] {
					return httpx.BadRequest("“%s”下有下级党组织，不能删除，请改为撤销", o.Name)
				}
			}
			if counts[id].Total > 0 {
				return httpx.BadRequest("“%s”下有党员，不能删除，请改为撤销", o.Name)
			}
			entries, total, err := audit.List(ctx, tx, TrailModule, id, 2, 0)
			if err != nil {
				return err
			}
			if total > 1 || (total == 1 && entries[0].Type != audit.TypeAdd) {
				return httpx.BadRequest("“%s”已有变动记录，不能删除，请改为撤销", o.Name)
			}
		}
		if err := s.trailDeletes(ctx, tx, list); err != nil {
			return err
		}
		// Deepest first, so a parent deleted with its children goes last.
		sort.Slice(list, func(i, j int) bool { return len(list[i].Path) > len(list[j].Path) })
		for _, o := range list {
			if _, err := tx.NewDelete().Model((*Org)(nil)).Where("id = ?", o.ID).Exec(ctx); err != nil {
				if db.IsForeignKeyViolation(err) {
					return httpx.BadRequest("“%s”仍被党员等数据引用，不能删除，请改为撤销", o.Name)
				}
				return err
			}
		}
		return nil
	})
}

// trailDeletes writes the DELETE entries of organisations about to be
// deleted: their last state, anchored at their parent (whose scope still
// sees them in the trail across the scope).
func (s *Service) trailDeletes(ctx context.Context, tx bun.Tx, list []*Org) error {
	l, err := s.labels(ctx)
	if err != nil {
		return err
	}
	gone := make([]record.Gone, len(list))
	for i, o := range list {
		before, err := s.view(ctx, tx, o)
		if err != nil {
			return err
		}
		gone[i] = record.Gone{ID: o.ID, Name: o.Name, Before: before, Snapshot: o}
		if o.PID != nil {
			gone[i].Anchor = *o.PID
		}
	}
	entries, err := trail.DeleteEntries(ctx, l.label, gone)
	if err != nil {
		return err
	}
	return audit.InsertEntries(ctx, tx, entries)
}

// onLive runs fn in a tree transaction (inTreeTx) on the live organisation
// id of the caller's scope, read in the transaction; a revoked one is the
// 400 revoked.
func (s *Service) onLive(ctx context.Context, id int64, revoked string, fn func(ctx context.Context, tx bun.Tx, scope Scope, o *Org) error) error {
	scope, err := s.ScopeOf(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	return s.inTreeTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		o, err := s.load(ctx, tx, scope, id)
		if err != nil {
			return err
		}
		if !o.Live() {
			return httpx.BadRequest("%s", revoked)
		}
		return fn(ctx, tx, scope, o)
	})
}
