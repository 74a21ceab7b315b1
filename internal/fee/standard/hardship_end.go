package standard

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
)

// EndInput is the body of POST /api/dfjm/{id}/end: the first month the
// member pays in full again (YYYY-MM), why, and the flow version the page
// read (0: whatever it is).
type EndInput struct {
	From    string `json:"from"`
	Comment string `json:"comment"`
	Version int64  `json:"version"`
}

// EndHardship is 终止: the committee above (a holder of dfjm:committee whose
// scope covers the proposal) ends an approved reduction or exemption before
// its last month, when the member's circumstances change. From is the first
// month charged in full again; it lies within the approved months and
// after every month whose due a batch has frozen (those keep the reduction
// they were frozen with; a correction is a reversal in 缴费管理). The
// proposal becomes 已终止 with its history entry 终止, and the branch gets a
// message (tellBranchEnded); batches started from then on no longer reduce
// the months from From. A proposal not approved (or ended already) is a
// 409, a bad month or missing reason a 400 on its field.
func (s *Service) EndHardship(ctx context.Context, id int64, in EndInput) (HardshipView, error) {
	from, ok := parseYM(in.From)
	if !ok {
		return HardshipView{}, httpx.Invalid("from", "请选择终止月份（YYYY-MM）")
	}
	comment := strings.TrimSpace(in.Comment)
	if comment == "" || utf8.RuneCountInString(comment) > 500 {
		return HardshipView{}, httpx.Invalid("comment", "请输入终止理由（不超过500个字）")
	}
	var out *hardshipRecord
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		h, err := s.hardships.FindIn(ctx, tx, id)
		if err != nil {
			return err
		}
		if h.State != HardshipApproved {
			return httpx.Conflict("该党费减免申请%s，不能终止", HardshipStateLabels[h.State])
		}
		frozen, _, err := event.Ask[FrozenMonth](ctx, s.bus, tx, LastFrozenMonth{MemberID: h.MemberID})
		if err != nil {
			return httpx.Internal(err)
		}
		earliest := h.FromYM
		if last, ok := parseYM(frozen.Month); ok && last >= earliest {
			earliest = date.MonthOfYM(last).Next().YM()
		}
		if earliest > h.ToYM {
			return httpx.Invalid("from", "减免期限内各月的党费均已核定，无需终止")
		}
		if from < earliest || from > h.ToYM {
			return httpx.Invalid("from", "终止月份须在 %s 至 %s 之间（已核定党费的月份不能终止）", date.MonthOfYM(earliest), date.MonthOfYM(h.ToYM))
		}
		if err := s.hw.Amend(ctx, tx, id, in.Version, HardshipEnded, "上级党委", comment); err != nil {
			return err
		}
		if err := setHardshipState(ctx, tx, id, HardshipApproved, HardshipEnded, s.now(), func(q *bun.UpdateQuery) *bun.UpdateQuery {
			return q.Set("end_from_ym = ?", from)
		}); err != nil {
			return err
		}
		if out, err = s.hardships.FindIn(ctx, tx, id); err != nil {
			return err
		}
		return s.tellBranchEnded(ctx, tx, out, comment)
	})
	if err != nil {
		return HardshipView{}, httpx.AsError(err)
	}
	return hardshipView(*out), nil
}

// tellBranchEnded sends the branch (the holders of dfjm:branch whose scope
// covers the proposal) a message that its member's reduction ended, in the
// end's transaction: the branch collects the fees and tells the member.
func (s *Service) tellBranchEnded(ctx context.Context, tx bun.Tx, h *hardshipRecord, comment string) error {
	people, err := s.orgs.Actors(ctx, tx, PermBranch, h.OrgID)
	if err != nil || len(people) == 0 {
		return httpx.AsError(err)
	}
	ids := make([]int64, len(people))
	for i, p := range people {
		ids[i] = p.ID
	}
	kind := hardshipKinds[h.Kind]
	title := fmt.Sprintf("党费减免已终止：%s党费%s", h.MemberName, kind)
	content := fmt.Sprintf("%s的党费%s（%s 至 %s）经上级党委终止，自 %s 起按标准交纳。终止理由：%s", h.MemberName, kind,
		date.MonthOfYM(h.FromYM), date.MonthOfYM(h.ToYM), date.MonthOfYM(h.EndFromYM), comment)
	return httpx.AsError(s.sys.Notify(ctx, tx, ids, title, content, fmt.Sprintf("/dfgl/base?hardship=%d", h.ID), false))
}
