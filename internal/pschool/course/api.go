package course

import (
	"context"
	"math"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/uniq"
)

// MaxAskIDs bounds the ids one call of HoursOf or PublishedCourses takes.
const MaxAskIDs = 5000

// HoursOf answers the 学时 credited to each of userIDs (accounts) for the
// nodes of courseIDs (empty: of any course) on the days from..to
// (inclusive; a zero bound is open), by user; a user credited nothing is
// left out. The training batches and the yearly report read the ledger
// through it. At most MaxAskIDs ids of each kind are read (callers page).
func (s *Service) HoursOf(ctx context.Context, userIDs []int64, courseIDs []int64, from, to date.Date) (map[int64]float64, error) {
	out := map[int64]float64{}
	userIDs, courseIDs = uniq.Of(userIDs), uniq.Of(courseIDs)
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		UserID int64 `bun:"user_id"`
		Tenths int   `bun:"tenths"`
	}
	for start := 0; start < len(userIDs); start += MaxAskIDs {
		part := userIDs[start:min(start+MaxAskIDs, len(userIDs))]
		q := s.db.NewSelect().Model((*Credit)(nil)).ColumnExpr("h.user_id, SUM(h.tenths) AS tenths").
			Where("h.user_id IN (?)", bun.In(part)).Where("h.source = ?", SourceNode).GroupExpr("h.user_id")
		if len(courseIDs) > 0 {
			q = q.Where("h.ref_id IN (SELECT i.id FROM dx_course_item AS i WHERE i.course_id IN (?))", bun.In(courseIDs[:min(len(courseIDs), MaxAskIDs)]))
		}
		if !from.IsZero() {
			q = q.Where("h.credited_on >= ?", from)
		}
		if !to.IsZero() {
			q = q.Where("h.credited_on <= ?", to)
		}
		rows = rows[:0]
		if err := q.Scan(ctx, &rows); err != nil {
			return nil, err
		}
		for _, r := range rows {
			out[r.UserID] = math.Round(float64(r.Tenths)) / 10
		}
	}
	return out, nil
}

// Brief is a published course as another module lists it.
type Brief struct {
	ID    int64   `json:"id"`
	Title string  `json:"title"`
	Hours float64 `json:"hours"`
	Nodes int     `json:"nodes"`
}

// PublishedCourses answers the published courses among ids (a batch's
// courses), in the order of ids; an id of a draft or of no course is left
// out. At most MaxAskIDs ids are read.
func (s *Service) PublishedCourses(ctx context.Context, ids []int64) ([]Brief, error) {
	ids = uniq.Of(ids)
	out := []Brief{}
	if len(ids) == 0 {
		return out, nil
	}
	ids = ids[:min(len(ids), MaxAskIDs)]
	var rows []Course
	if err := s.db.NewSelect().Model(&rows).Column("id", "title", "tenths", "nodes").Where("c.id IN (?)", bun.In(ids)).
		Where("c.state = ?", StatePublished).Scan(ctx); err != nil {
		return nil, err
	}
	byID := make(map[int64]Course, len(rows))
	for _, c := range rows {
		byID[c.ID] = c
	}
	for _, id := range ids {
		if c, ok := byID[id]; ok {
			out = append(out, Brief{ID: c.ID, Title: c.Title, Hours: hours(c.Tenths), Nodes: c.Nodes})
		}
	}
	return out, nil
}
