package talk

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
)

// Coverage is what the talks of a year say about an organisation (RULES
// §4: a talk with every member at least once a year): how many talks it
// recorded and how many different people they name.
//
// The people talked to are the free text 谈话对象 ("李明、张华"): no member
// ids are kept, so the names are split on the usual separators and counted
// once each. A name written two ways, or a group ("全体党员"), is counted as
// written; the measure is therefore "as many different people named as the
// organisation has members", not a match against the roster.
type Coverage struct {
	Talks int `json:"talks"`
	Named int `json:"named"` // different names among the interviewees
}

// Coverage reads the talks held in year by the organisations orgIDs (talks
// kept at an organisation count for it alone), whatever the caller's
// scope: the compliance of organisation life asks it for the organisations
// it judges. Organisations without a talk are absent from the answer.
func (s *Service) Coverage(ctx context.Context, year int, orgIDs []int64) (map[int64]Coverage, error) {
	out := map[int64]Coverage{}
	from, to := date.Date(fmt.Sprintf("%04d-01-01", year)), date.Date(fmt.Sprintf("%04d-12-31", year))
	names := map[int64]map[string]bool{}
	for part := range slices.Chunk(orgIDs, 1000) {
		var rows []Talk
		err := s.db.NewSelect().Model(&rows).Column("org_id", "interviewees").
			Where("t.org_id IN (?)", bun.In(part)).Where("t.talk_date BETWEEN ? AND ?", from, to).Scan(ctx)
		if err != nil {
			return nil, err
		}
		for _, t := range rows {
			c := out[t.OrgID]
			c.Talks++
			seen := names[t.OrgID]
			if seen == nil {
				seen = map[string]bool{}
				names[t.OrgID] = seen
			}
			for _, n := range Interviewees(t.Interviewees) {
				if !seen[n] {
					seen[n] = true
					c.Named++
				}
			}
			out[t.OrgID] = c
		}
	}
	return out, nil
}

// Interviewees splits the 谈话对象 text into names: separated by 、，,；;
// or white space, each trimmed, empty parts dropped.
func Interviewees(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool {
		switch r {
		case '、', '，', ',', '；', ';', ' ', '\t', '\n', '\r', '　':
			return true
		}
		return false
	})
}

// maxNamedTalks bounds the talks NamedBetween reads: far above what one
// organisation records in the weeks before a meeting.
const maxNamedTalks = 5000

// NamedBetween reads the talks organisation orgID recorded from from to to
// (both days included), whatever the caller's scope, and answers how many
// there were and the different names their 谈话对象 give (Interviewees):
// the meetings' preparation matches its participants against them.
func (s *Service) NamedBetween(ctx context.Context, orgID int64, from, to date.Date) (talks int, names map[string]bool, err error) {
	var rows []string
	err = s.db.NewSelect().Model((*Talk)(nil)).Column("t.interviewees").Where("t.org_id = ?", orgID).
		Where("t.talk_date BETWEEN ? AND ?", from, to).OrderExpr("t.id").Limit(maxNamedTalks).Scan(ctx, &rows)
	if err != nil {
		return 0, nil, err
	}
	names = map[string]bool{}
	for _, text := range rows {
		for _, n := range Interviewees(text) {
			names[n] = true
		}
	}
	return len(rows), names, nil
}
