package talk

import (
	"context"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// check validates a talk body into the record to write; inScope tells
// whether an organisation exists and lies in the caller's scope.
func check(l system.DictLabels, in Talk, inScope func(int64) bool, today date.Date) (Talk, error) {
	for _, f := range []*string{&in.Type, &in.Talker, &in.Interviewees, &in.Place, &in.Content, &in.Remark} {
		*f = strings.TrimSpace(*f)
	}
	err := record.First(
		record.Chosen("orgId", "党组织", in.OrgID > 0),
		record.Chosen("talkDate", "谈话日期", in.TalkDate != ""),
		record.Chosen("type", "谈话类型", in.Type != ""),
		record.InDict("type", "谈话类型", in.Type, func(v string) bool { return l.Has(DictType, v) }),
		record.Required("talker", "谈话人", in.Talker, 50),
		record.Required("interviewees", "谈话对象", in.Interviewees, 200),
		record.MaxLen("place", "谈话地点", in.Place, 100),
		record.Required("content", "谈话内容摘要", in.Content, 2000),
		record.MaxLen("remark", "备注", in.Remark, 500),
	)
	if err != nil {
		return in, err
	}
	if in.TalkDate, err = record.Date("talkDate", "谈话日期", string(in.TalkDate)); err != nil {
		return in, err
	}
	if err := record.NotAfter("talkDate", "谈话日期", in.TalkDate, today); err != nil {
		return in, err
	}
	if !inScope(in.OrgID) {
		return in, httpx.Invalid("orgId", "所选党组织不存在")
	}
	return in, nil
}

// Create records a talk in an organisation of the caller's scope.
func (s *Service) Create(ctx context.Context, in Talk) (View, error) {
	return s.write(ctx, in, nil, audit.OriginUserCreate, nil)
}

// current is the talk as it is, the body an update is merged onto.
func (s *Service) current(ctx context.Context, id int64) (Talk, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return Talk{}, err
	}
	return v.Talk, nil
}

// Update changes a talk of the caller's scope.
func (s *Service) Update(ctx context.Context, in Talk) (View, error) {
	cur, err := s.find(ctx, s.db, in.ID)
	if err != nil {
		return View{}, err
	}
	return s.write(ctx, in, cur, audit.OriginUserUpdate, nil)
}

// write checks in and saves it over cur (nil: a new talk) in a transaction.
func (s *Service) write(ctx context.Context, in Talk, cur *View, origin int, restoredFrom *int64) (View, error) {
	l, err := s.labels(ctx)
	if err != nil {
		return View{}, err
	}
	sc, err := s.orgs.ScopeOf(ctx)
	if err != nil {
		return View{}, httpx.Internal(err)
	}
	names, err := s.orgs.Names(ctx, []int64{in.OrgID})
	if err != nil {
		return View{}, httpx.Internal(err)
	}
	exists := func(id int64) bool { return sc.Has(id) && names[id] != "" }
	rec, err := check(l, in, exists, date.Of(s.now().In(date.China)))
	if err != nil {
		return View{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		rec.ID, err = s.save(ctx, tx, l, rec, cur, names[rec.OrgID], origin, restoredFrom)
		return err
	})
	if err != nil {
		return View{}, err
	}
	return s.Detail(ctx, rec.ID)
}

// save writes the checked talk t over cur (nil: inserts it) with its trail
// entry, inside tx, and returns its id. An update matches the version it
// read, so a change made meanwhile is a 409 rather than overwritten.
func (s *Service) save(ctx context.Context, tx bun.IDB, l system.DictLabels, t Talk, cur *View, orgName string, origin int, restoredFrom *int64) (int64, error) {
	t.CreatedAt, t.UpdatedAt = s.now(), s.now()
	sv := record.Save{Origin: origin, RestoredFrom: restoredFrom, After: trailView(t, orgName), Snapshot: &t,
		Write: func(ctx context.Context) (int64, error) {
			_, err := tx.NewInsert().Model(&t).Returning("id").Exec(ctx)
			return t.ID, err
		}}
	if cur != nil {
		t.ID, t.CreatedAt, sv.Before = cur.ID, cur.CreatedAt, trailView(cur.Talk, cur.OrgName)
		sv.Write = func(ctx context.Context) (int64, error) {
			return t.ID, trail.OneRow(tx.NewUpdate().Model(&t).WherePK().Where("updated_at = ?", cur.UpdatedAt).
				ExcludeColumn("id", "created_at").Exec(ctx))
		}
	} else {
		t.ID = 0
	}
	_, err := trail.Save(ctx, tx, l.Label, sv)
	return t.ID, err
}

// Delete removes talks of the caller's scope; one id outside it (or gone)
// deletes nothing.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		q, err := s.query(ctx, tx)
		if err != nil {
			return err
		}
		if n, err := q.Where("t.id IN (?)", bun.In(ids)).Count(ctx); err != nil {
			return err
		} else if int(n) != len(ids) {
			return errNotFound()
		}
		_, err = tx.NewDelete().Model((*Talk)(nil)).Where("id IN (?)", bun.In(ids)).Exec(ctx)
		return err
	})
}
