package content

import (
	"context"
	"net/http"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// FlowInput is the body of a flow step: the reviewer's note (退回's reason).
type FlowInput struct {
	Note string `json:"note"`
}

const maxNote = 500

// A step of the flow: from the states it may leave, the state it enters.
type step func(ctx context.Context, k kind, id int64, in FlowInput) (ItemView, error)

func (s *Service) handleFlow(k kind, fn step) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := httpx.PathID(r, "id", errNoItem())
		if err != nil {
			return err
		}
		var in FlowInput
		if r.ContentLength != 0 {
			if err := httpx.Decode(r, &in); err != nil {
				return err
			}
		}
		v, err := fn(r.Context(), k, id, in)
		if err != nil {
			return err
		}
		return httpx.OK(w, v)
	}
}

// Submit sends a draft (or a withdrawn item) for review.
func (s *Service) Submit(ctx context.Context, k kind, id int64, _ FlowInput) (ItemView, error) {
	return s.move(ctx, k, id, []string{StateDraft, StateWithdrawn}, StatePending, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("submitted_at = ?", s.now()).Set("review_note = ''")
	})
}

// Publish publishes an item under review: the publisher's scope holds its
// audience (the organisation department's every item, a 二级党委's those
// addressed within its subtree).
func (s *Service) Publish(ctx context.Context, k kind, id int64, in FlowInput) (ItemView, error) {
	name := s.reviewerName(ctx)
	return s.move(ctx, k, id, []string{StatePending}, StatePublished, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("published_at = ?", s.now()).Set("reviewer = ?", name).Set("review_note = ?", clip(in.Note, maxNote))
	})
}

// Reject sends an item under review back to a draft with the reason.
func (s *Service) Reject(ctx context.Context, k kind, id int64, in FlowInput) (ItemView, error) {
	if in.Note == "" {
		return ItemView{}, httpx.Invalid("note", "请输入退回原因")
	}
	if len([]rune(in.Note)) > maxNote {
		return ItemView{}, httpx.Invalid("note", "退回原因不能超过%d个字", maxNote)
	}
	name := s.reviewerName(ctx)
	return s.move(ctx, k, id, []string{StatePending}, StateDraft, func(q *bun.UpdateQuery) *bun.UpdateQuery {
		return q.Set("reviewer = ?", name).Set("review_note = ?", in.Note)
	})
}

// Withdraw takes a published item off the readers' lists (its receipts
// stay; a republished item is not unread again for those who read it).
func (s *Service) Withdraw(ctx context.Context, k kind, id int64, _ FlowInput) (ItemView, error) {
	return s.move(ctx, k, id, []string{StatePublished}, StateWithdrawn, func(q *bun.UpdateQuery) *bun.UpdateQuery { return q })
}

// move changes item id of kind k, within the caller's scope (404 outside),
// from one of states from to state to in one conditional statement: of two
// concurrent steps from the same state one wins, the other is a 409.
func (s *Service) move(ctx context.Context, k kind, id int64, from []string, to string,
	set func(*bun.UpdateQuery) *bun.UpdateQuery) (ItemView, error) {
	res := s.items[k.code]
	cur, err := res.Find(ctx, id)
	if err != nil {
		return ItemView{}, err
	}
	q := s.db.NewUpdate().Model((*Item)(nil)).Set("state = ?", to).Set("updated_at = ?", s.now()).
		Where("i.id = ?", cur.ID).Where("i.state IN (?)", bun.In(from))
	r, err := set(q).Exec(ctx)
	if err != nil {
		return ItemView{}, httpx.Internal(err)
	}
	if n, err := r.RowsAffected(); err != nil {
		return ItemView{}, httpx.Internal(err)
	} else if n == 0 {
		return ItemView{}, httpx.Conflict("%s已是“%s”状态，不能%s，请刷新后重试", k.noun, StateLabels[cur.State], stepName[to])
	}
	return res.Detail(ctx, id)
}

var stepName = map[string]string{StatePending: "提交审核", StatePublished: "发布", StateDraft: "退回", StateWithdrawn: "撤回"}

func (s *Service) reviewerName(ctx context.Context) string {
	p := rbac.From(ctx)
	if p == nil {
		return ""
	}
	name, err := s.nameOf(ctx, p)
	if err != nil {
		return p.Username
	}
	return name
}
