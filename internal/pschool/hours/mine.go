package hours

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"zhdj/internal/member"
	"zhdj/internal/org"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/pschool/course"
)

// My is the caller's own year (/xssb/active/user): the six figures the
// personal pages read, the nodes credited and the approved offline study.
type My struct {
	Year    int     `json:"year"`
	Target  float64 `json:"target"`
	Online  float64 `json:"online"`
	Offline float64 `json:"offline"`
	Total   float64 `json:"total"`
	Met     bool    `json:"met"`
	// Learner: the caller has no member record in normal status (入党申请人,
	// 积极分子 …): RULES.md §4 does not hold them (target 0, met).
	Learner bool                  `json:"learner"`
	Leader  bool                  `json:"leader"` // a secretary or committee member: 56
	Name    string                `json:"name"`
	Nodes   []course.CreditedNode `json:"nodes"`
	Records []OfflineView         `json:"records"`
}

func (s *Service) handleMine(w http.ResponseWriter, r *http.Request) error {
	out, err := s.Mine(r.Context(), r.URL.Query().Get("year"))
	if err != nil {
		return err
	}
	httpx.JSON(w, http.StatusOK, out)
	return nil
}

// maxMyRecords bounds the offline records listed (a year holds far fewer).
const maxMyRecords = 1000

// Mine is the caller's own hours of ?year: the member record linked to
// their account only, never another's.
func (s *Service) Mine(ctx context.Context, yearText string) (My, error) {
	uid := rbac.UserID(ctx)
	if uid == 0 {
		return My{}, httpx.E(401, "请先登录")
	}
	year, err := s.yearOf(yearText)
	if err != nil {
		return My{}, err
	}
	out := My{Year: year, Records: []OfflineView{}}
	if out.Nodes, err = s.courses.CreditedNodes(ctx, uid, year); err != nil {
		return out, err
	}
	online, err := s.courses.HoursOf(ctx, []int64{uid}, nil, firstOfYear(year), lastOfYear(year))
	if err != nil {
		return out, httpx.Internal(err)
	}
	out.Online = online[uid]
	var me member.Account
	err = s.members.SelectAccounts(s.db, member.StatusNormal).Where("bm.user_id = ?", uid).OrderExpr("bm.id").Limit(1).Scan(ctx, &me)
	if errors.Is(err, sql.ErrNoRows) {
		out.Learner, out.Met, out.Total = true, true, out.Online
		return out, nil
	} else if err != nil {
		return out, httpx.Internal(err)
	}
	out.Name = me.Name
	if out.Leader, err = s.db.NewSelect().TableExpr("(?) AS l", org.SelectLeaderIDs(s.db)).Where("l.member_id = ?", me.ID).Exists(ctx); err != nil {
		return out, httpx.Internal(err)
	}
	out.Target = MemberTarget
	if out.Leader {
		out.Target = LeaderTarget
	}
	err = s.db.NewSelect().Model(&out.Records).ColumnExpr("o.*").Where("o.member_id = ?", me.ID).Where("o.year = ?", year).
		Where("o.state = ?", StateApproved).OrderExpr("o.studied_on DESC, o.id DESC").Limit(maxMyRecords).Scan(ctx)
	if err != nil {
		return out, httpx.Internal(err)
	}
	tenths := 0
	for i := range out.Records {
		show(&out.Records[i])
		out.Records[i].MemberName = me.Name
		tenths += out.Records[i].Tenths
	}
	out.Offline = hoursOf(tenths)
	out.Total = hoursOf(tenthsOf(out.Online) + tenths)
	out.Met = out.Total >= out.Target
	return out, nil
}
