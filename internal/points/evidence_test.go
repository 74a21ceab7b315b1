package points_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/points"
	"zhdj/internal/system"
)

// A proposal's evidence: uploaded by the proposer while it is pending,
// listed by those who see the proposal, 404 for another committee, fixed
// once decided.
func TestProposalEvidenceFollowsTheProposal(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	zhang := w.member(t, w.branch, "张三")
	p := apptest.DoJSON[points.ProposalView](t, w.e, 201, "POST", "/api/jf/manual", w.branchTK, proposal(zhang, points.KindHonour))
	files := fmt.Sprintf("/api/jf/manual/%d/attachments", p.ID)
	pdf := []byte("%PDF-1.4 test")
	apptest.Expect(t, w.e.Upload(files, "", "file", "证书.pdf", pdf, nil), 401)
	apptest.Expect(t, w.e.Upload(files, w.noTK, "file", "证书.pdf", pdf, nil), 403)
	apptest.Expect(t, w.e.Upload(files, w.mathTK, "file", "证书.pdf", pdf, nil), 404)
	apptest.Expect(t, w.e.Upload(files, w.branchTK, "file", "证书.pdf", pdf, nil), 201)
	apptest.Expect(t, w.e.Do("GET", files, w.mathTK, nil), 404)
	if got := apptest.DoJSON[[]system.Attachment](t, w.e, 200, "GET", files, w.csTK, nil); len(got) != 1 || got[0].Name != "证书.pdf" {
		t.Fatalf("evidence: %+v", got)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("/api/jf/manual/%d/decide", p.ID), w.csTK, map[string]any{"approve": true}), 200)
	apptest.ExpectMessage(t, w.e.Upload(files, w.branchTK, "file", "补充.pdf", pdf, nil), 400, "申报已审核，不能修改证明材料")
}
