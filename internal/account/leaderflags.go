package account

import (
	"context"
	"fmt"

	"zhdj/internal/member"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// Arrears is the fee domain's answer on long unpaid runs (fee/report.Service).
type Arrears interface {
	// LongArrears answers which of the members have a current run of at
	// least the warning's months unpaid (连续6个月及以上), with its length,
	// and that threshold.
	LongArrears(ctx context.Context, ids []int64) (map[int64]int, int, error)
}

// Flags of a member chosen as secretary or committee member.
const (
	FlagArrears   = "arrears"   // 连续N个月未缴党费
	FlagSuspended = "suspended" // 停止党籍: not 在册, cannot be chosen
	FlagWatch     = "watch"     // 受留党察看处分, rights not restored
)

// LeaderFlag is one reason to think twice before appointing a member.
// Blocking: the appointment is refused whatever is confirmed.
type LeaderFlag struct {
	Code     string `json:"code"`
	Label    string `json:"label"`
	Blocking bool   `json:"blocking"`
}

// LeaderCheck is a chosen member with their flags (only members with flags are answered).
type LeaderCheck struct {
	MemberID int64        `json:"memberId"`
	Name     string       `json:"name"`
	Flags    []LeaderFlag `json:"flags"`
}

// CheckLeaders answers the flags of the members chosen as secretary and
// committee of organisation id (in the caller's scope): 连续6个月及以上未缴党费
// (the fee domain), 停止党籍 and 留党察看 (the member base; other 处分 —
// 警告, 严重警告 — are not recorded there). The page shows them before
// saving and asks to confirm; only 停止党籍 is refused by the save itself
// (the member is not 在册). Members outside the caller's scope are left out
// (the save refuses them).
func (s *Service) CheckLeaders(ctx context.Context, id int64, in LeadersInput) ([]LeaderCheck, error) {
	if _, err := s.orgs.Find(ctx, id); err != nil {
		return nil, err
	}
	ids := in.CommitteeIDs
	if in.SecretaryID != nil {
		ids = append([]int64{*in.SecretaryID}, ids...)
	}
	ids = uniq.Of(ids)
	if len(ids) > maxChecked {
		return nil, httpx.Invalid("committeeIds", "一次最多检查%d名党员", maxChecked)
	}
	chosen, err := s.members.HoldersOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	known := make([]int64, 0, len(chosen))
	for _, mid := range ids {
		if _, ok := chosen[mid]; ok {
			known = append(known, mid)
		}
	}
	runs, warn, err := s.arrears.LongArrears(ctx, known)
	if err != nil {
		return nil, err
	}
	out := []LeaderCheck{}
	for _, mid := range known {
		h := chosen[mid]
		var flags []LeaderFlag
		if months, ok := runs[mid]; ok {
			flags = append(flags, LeaderFlag{Code: FlagArrears,
				Label: fmt.Sprintf("连续%d个月未缴纳党费（%d个月及以上）", months, warn)})
		}
		if h.MemberStatus == member.StatusSuspended {
			flags = append(flags, LeaderFlag{Code: FlagSuspended, Label: "停止党籍（不是在册党员，不能任职）", Blocking: true})
		}
		if !h.UnderWatchSince.IsZero() {
			flags = append(flags, LeaderFlag{Code: FlagWatch,
				Label: fmt.Sprintf("受留党察看处分（%s起，尚未恢复党员权利）", h.UnderWatchSince)})
		}
		if len(flags) > 0 {
			out = append(out, LeaderCheck{MemberID: mid, Name: h.Name, Flags: flags})
		}
	}
	return out, nil
}

// maxChecked bounds the members one check reads (a secretary and a
// committee of at most 30, the organisation's own bound).
const maxChecked = 31
