package account

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/member"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/system"
)

// BatchInput is the body of POST /api/dyjbxx/accounts: the organisation
// whose subtree's members get accounts (a branch, a college's committee,
// the university's); none = every member of the caller's scope.
type BatchInput struct {
	OrgID *int64 `json:"orgId"`
}

// BatchResult says what a batch did to each member: the new accounts with
// their initial passwords (the printable list, answered this once), the
// existing accounts linked, the members skipped and why.
type BatchResult struct {
	Created []Outcome `json:"created"`
	Linked  []Outcome `json:"linked"`
	Skipped []Skipped `json:"skipped"`
	// Stopped is set when a failure ended the batch early; the members
	// before it are done (their chunks committed) and listed above.
	Stopped string `json:"stopped,omitempty"`
}

// Skipped is a member the batch left as it was, and why.
type Skipped struct {
	MemberID         int64  `json:"memberId"`
	Name             string `json:"name"`
	StaffOrStudentNo string `json:"staffOrStudentNo"`
	Reason           string `json:"reason"`
}

// batchChunk is how many members one transaction handles: a failure loses
// at most one chunk's work, and SQLite's write lock is held that long only.
const batchChunk = 200

// Batch gives every member in normal status of the organisation's subtree
// (within the caller's scope) an account with the 党员 role, placed at their
// own organisation: the existing account their staff or student number
// names is linked (and given the role), otherwise a new account is made
// with that number as its username and its own random initial password.
// Members already linked, without a usable number, or whose number is
// taken are skipped with the reason.
func (s *Service) Batch(ctx context.Context, in BatchInput) (BatchResult, error) {
	out := BatchResult{Created: []Outcome{}, Linked: []Outcome{}, Skipped: []Skipped{}}
	under := ""
	if in.OrgID != nil {
		o, err := s.orgs.Find(ctx, *in.OrgID) // outside the scope: 404, as any organisation operation answers
		if err != nil {
			return out, err
		}
		under = o.Path
	}
	is, err := s.issuer(ctx, system.RoleMember)
	if err != nil {
		return out, err
	}
	seen := map[string]string{} // number → the member of this batch it went to
	for after := int64(0); ; {
		chunk, err := s.members.Holders(ctx, under, after, batchChunk)
		if err != nil {
			return out, err
		}
		if len(chunk) == 0 {
			return out, nil
		}
		after = chunk[len(chunk)-1].ID
		existing, err := is.lookup(ctx, s.db, chunk)
		if err != nil {
			return out, err
		}
		var done BatchResult
		err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
			done = BatchResult{}
			for _, h := range chunk {
				if reason := skipReason(h, seen); reason != "" {
					done.Skipped = append(done.Skipped, skipped(h, reason))
					continue
				}
				seen[strings.TrimSpace(h.StaffOrStudentNo)] = h.Name
				var o Outcome
				// A savepoint per member: a refusal undoes that member's steps only.
				err := db.Savepoint(ctx, tx, func(ctx context.Context, sp bun.Tx) error {
					var err error
					o, err = is.issue(ctx, sp, h, h.OrgID, false, named(existing, h))
					return err
				})
				var he *httpx.Error
				switch {
				case errors.As(err, &he) && he.Status < 500:
					done.Skipped = append(done.Skipped, skipped(h, he.Message))
				case err != nil:
					return err
				case o.Created:
					done.Created = append(done.Created, o)
				default:
					done.Linked = append(done.Linked, o)
				}
			}
			return nil
		})
		if err != nil {
			// Earlier chunks are committed and their passwords must still be handed out.
			slog.Error("member accounts batch stopped", "from member", chunk[0].ID, "err", err)
			out.Stopped = fmt.Sprintf("处理党员“%s”起的 %d 人时出错，这些党员未做任何改动；此前的结果已保存，可再次执行以处理其余党员", chunk[0].Name, len(chunk))
			return out, nil
		}
		out.Created = append(out.Created, done.Created...)
		out.Linked = append(out.Linked, done.Linked...)
		out.Skipped = append(out.Skipped, done.Skipped...)
	}
}

// skipReason is why h gets no account before anything is tried: linked
// already, or a number another member of the batch came with first.
func skipReason(h member.Holder, seen map[string]string) string {
	no := strings.TrimSpace(h.StaffOrStudentNo)
	switch {
	case h.UserID != nil:
		return "已关联账号 " + h.Username
	case no == "":
		return "没有学号/工号，不能作为用户名"
	case seen[no] != "":
		return "学号/工号与党员“" + seen[no] + "”相同"
	}
	return ""
}

func skipped(h member.Holder, reason string) Skipped {
	return Skipped{MemberID: h.ID, Name: h.Name, StaffOrStudentNo: h.StaffOrStudentNo, Reason: reason}
}
