package develop_test

import (
	"strings"
	"testing"
	"time"

	"zhdj/internal/develop"
	"zhdj/internal/member"
	"zhdj/internal/platform/flow"
)

// A refusal names a member only inside the caller's scope: the cs
// committee choosing as 培养联系人 (⑤) a suspended member of the math
// college by id is told which of the chosen does not qualify by place
// ("所选第 1 名培养联系人"), not whom;
// a member of its own college is named.
func TestContactRefusalNamesNobodyOutsideTheScope(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	id := w.record(t, "联系", "2025-01-15")
	w.pass(t, id, develop.StepTalk, "2025-01-20", "talker", "王书记")
	w.pass(t, id, develop.StepActivist, "2025-02-01", "method", "党员推荐")
	w.pass(t, id, develop.StepActivistFiling, "2025-02-02")
	mathBranch := w.e.Org(t, w.math, "5", "数学教工党支部")
	now := time.Now().UTC()
	foreign := &member.Member{Name: "董洁静", PartyStatus: member.PartyFull, MemberStatus: member.StatusSuspended, OrgID: mathBranch,
		CreatedAt: now, UpdatedAt: now}
	if _, err := w.e.DB.NewInsert().Model(foreign).Returning("id").Exec(t.Context()); err != nil {
		t.Fatal(err)
	}
	own := w.member(t, "本院停止党籍者", member.PartyFull, member.StatusSuspended)
	res := w.act(t, w.csTK, id, flow.Approve, form("2025-02-03", "contactIds", []int64{foreign.ID}))
	expectRule(t, res, "指定一至两名正式党员作培养联系人")
	if strings.Contains(string(res.Body), "董洁静") || !strings.Contains(string(res.Body), "所选第 1 名培养联系人不是正常状态的正式党员") {
		t.Fatalf("a member of another college named: %s", res.Body)
	}
	res = w.act(t, w.csTK, id, flow.Approve, form("2025-02-03", "contactIds", []int64{own}))
	if !strings.Contains(string(res.Body), "本院停止党籍者不是正常状态的正式党员") {
		t.Fatalf("a member of the caller's college: %s", res.Body)
	}
}
