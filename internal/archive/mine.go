package archive

import (
	"context"
	"errors"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/appraisal"
	"zhdj/internal/develop"
	"zhdj/internal/fee"
	"zhdj/internal/member"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/points"
	"zhdj/internal/pschool/hours"
	"zhdj/internal/transfer"
)

// Sources are the other modules' reads of the caller's own records, each
// the one its own 党员 mode page uses (never another module's tables). A
// nil source leaves its section out.
type Sources struct {
	Develop   func(ctx context.Context) (*develop.MyDevelopment, error)
	Transfers func(ctx context.Context) (transfer.Mine, error)
	Fees      func(ctx context.Context) (*fee.MyFees, error)
	Appraisal func(ctx context.Context) (appraisal.MineView, error)
	Hours     func(ctx context.Context, year string) (hours.My, error)
	Points    func(ctx context.Context, memberID int64) (*points.Summary, error)
	Honours   func(ctx context.Context, memberID int64) ([]points.Honour, error)
	// Meetings are the organisation-life meetings the member attended.
	Meetings func(ctx context.Context, memberID int64) ([]AttendedMeeting, error)
	// OrgNames names the organisations a share names (org.Service.Names).
	OrgNames func(ctx context.Context, ids []int64) (map[int64]string, error)
	// Lineage is an organisation and those above it, itself first
	// (org.Service.Lineage): the organisations a share may name.
	Lineage func(ctx context.Context, idb bun.IDB, id int64) ([]flow.Org, error)
}

// AttendedMeeting is one meeting of the member's attendance, as orglife
// answers it (app wires orglife's AttendedOf into this shape).
type AttendedMeeting struct {
	ID      int64  `json:"id"`
	Title   string `json:"title"`
	Kind    string `json:"kind"`
	Day     string `json:"day"`
	OrgName string `json:"orgName"`
}

// Record is GET /api/archives/mine: the caller's own record across the
// modules, read-only. Member is nil when no member record is linked to the
// account (a staff account): the member sections are then empty.
type Record struct {
	Member      *member.MemberView     `json:"member"`
	Development *develop.MyDevelopment `json:"development"`
	Transfers   *transfer.Mine         `json:"transfers"`
	Fees        *fee.MyFees            `json:"fees"`
	Meetings    []AttendedMeeting      `json:"meetings"`
	Appraisal   *appraisal.MineView    `json:"appraisal"`
	Hours       *hours.My              `json:"hours"`
	Points      *points.Summary        `json:"points"`
	Honours     []points.Honour        `json:"honours"`
}

// Mine assembles the caller's record. The member record is found by the
// account it is linked to (masked as on the member home); each section is
// its module's own "mine" read, so nobody else's data can be asked for.
func (s *Service) Mine(ctx context.Context) (*Record, error) {
	out := &Record{Meetings: []AttendedMeeting{}, Honours: []points.Honour{}}
	m, err := s.members.Own(ctx)
	if err != nil || m == nil {
		return out, err
	}
	out.Member = m
	src := s.sources
	if src.Develop != nil {
		if out.Development, err = absent(src.Develop(ctx)); err != nil {
			return nil, err
		}
	}
	if src.Transfers != nil {
		if out.Transfers, err = absentValue(src.Transfers(ctx)); err != nil {
			return nil, err
		}
	}
	if src.Fees != nil {
		if out.Fees, err = absent(src.Fees(ctx)); err != nil {
			return nil, err
		}
	}
	if src.Meetings != nil {
		list, err := src.Meetings(ctx, m.ID)
		if err != nil {
			return nil, err
		}
		out.Meetings = append(out.Meetings, list...)
	}
	if src.Appraisal != nil {
		if out.Appraisal, err = absentValue(src.Appraisal(ctx)); err != nil {
			return nil, err
		}
	}
	if src.Hours != nil {
		if out.Hours, err = absentValue(src.Hours(ctx, "")); err != nil {
			return nil, err
		}
	}
	if src.Points != nil {
		if out.Points, err = src.Points(ctx, m.ID); err != nil {
			return nil, err
		}
	}
	if src.Honours != nil {
		if out.Honours, err = src.Honours(ctx, m.ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// absent turns a module's 404 (no record of this kind for the caller) into
// an empty section.
func absent[T any](v *T, err error) (*T, error) {
	var he *httpx.Error
	if errors.As(err, &he) && he.Status == http.StatusNotFound {
		return nil, nil
	}
	return v, err
}

func absentValue[T any](v T, err error) (*T, error) {
	if err != nil {
		return absent[T](nil, err)
	}
	return &v, nil
}
