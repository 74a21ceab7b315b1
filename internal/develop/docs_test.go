package develop_test

import (
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/develop"
	"zhdj/internal/platform/flow"
)

// A step's required documents (发展配置) are attached to its approval, each
// as a file naming it; a record on a version without them needs none.
func TestRequiredDocuments(t *testing.T) {
	t.Parallel()
	w := newC1World(t)
	before := w.record(t, "无材料要求", "2025-01-15")
	c := develop.DefaultConfig()
	c.Steps[1].Docs = []string{"谈话记录"} // ② 党组织派人谈话
	apptest.DoJSON[develop.ConfigView](t, w.e, 200, "PUT", "/api/fzdy/config", w.deptTK, map[string]any{"config": c, "note": "谈话须附谈话记录"})
	id := w.record(t, "须附材料", "2025-01-15")
	upload := func(name string) int64 {
		res := w.e.Upload("/api/file/upload", w.csTK, "file", name, []byte("%PDF-1.4"), map[string]string{"moduleName": "fzdy"})
		apptest.Expect(t, res, 201)
		var f struct{ ID int64 }
		res.JSON(t, &f)
		return f.ID
	}
	talk := form("2025-02-01", "talker", "王书记", "content", "谈话")
	res := w.act(t, w.csTK, id, flow.Approve, talk)
	expectRule(t, res, "所需材料齐全")
	if res.Message() != "不符合「所需材料齐全」：请上传谈话记录（文件名中含材料名称，如“谈话记录.pdf”）" {
		t.Fatalf("message: %s", res.Message())
	}
	expectRule(t, w.act(t, w.csTK, id, flow.Approve, talk, "fileIds", []int64{upload("其他材料.pdf")}), "所需材料齐全")
	apptest.Expect(t, w.act(t, w.csTK, id, flow.Approve, talk, "fileIds", []int64{upload("张三谈话记录.pdf")}), 200)
	// The record started before the documents were required keeps its version's rule.
	w.pass(t, before, develop.StepTalk, "2025-02-01", "talker", "王书记", "content", "谈话")
}
