package flow_test

import (
	"fmt"
	"strings"
	"testing"

	"zhdj/internal/apptest"
)

// upload stores a file as token and answers its id.
func (w *world) upload(t *testing.T, token, name, content string) int64 {
	t.Helper()
	res := w.e.Upload("/api/file/upload", token, "file", name, []byte(content), map[string]string{"moduleName": "sample"})
	apptest.Expect(t, res, 201)
	var f struct{ ID int64 }
	res.JSON(t, &f)
	return f.ID
}

// The files attached to an action are the record's: whoever sees the
// record reads them through the workflow's route (the committee that did
// not upload them included), nobody else, and only files the record's
// history names. An action attaches its actor's own uploads only.
func TestActionFiles(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.submit(t, w.branchTK, w.branch, "带附件的申请", 100)
	mine := w.upload(t, w.branchTK, "谈话记录.pdf", "%PDF-1.4 talk")
	theirs := w.upload(t, w.mathTK, "他人的文件.txt", "secret")

	res := w.act(t, w.branchTK, id, map[string]any{"result": "approve", "fileIds": []int64{theirs}})
	apptest.ExpectMessage(t, res, 400, "只能附上本人上传的文件（“他人的文件.txt”不是您上传的）")
	apptest.Expect(t, w.act(t, w.branchTK, id, map[string]any{"result": "approve", "fileIds": []int64{mine}}), 200)

	path := func(file int64) string { return fmt.Sprintf("/api/sample/%d/flow/files/%d", id, file) }
	res = w.e.Do("GET", path(mine), w.csTK, nil)
	apptest.Expect(t, res, 200)
	if string(res.Body) != "%PDF-1.4 talk" || !strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("download: %q %v", res.Body, res.Header)
	}
	res = w.e.Do("GET", path(mine)+"?inline=1", w.csTK, nil)
	apptest.Expect(t, res, 200)
	if !strings.HasPrefix(res.Header.Get("Content-Disposition"), "inline") {
		t.Fatalf("preview: %v", res.Header)
	}
	// The file service itself still keeps it to its uploader (and file:list).
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/file/download?id=%d", mine), w.csTK, nil), 404)
	e := w.e
	e.ExpectCalls(t, []apptest.Call{
		{"GET", path(mine), "", nil, 401},
		{"GET", path(mine), w.noTK, nil, 403},
		{"GET", path(mine), w.mathTK, nil, 404}, // the record is outside their scope
		{"GET", path(theirs), w.csTK, nil, 404}, // not a file of this record
		{"GET", path(999999), w.csTK, nil, 404}, // no such file
		{"GET", fmt.Sprintf("/api/sample/%d/flow/files/x", id), w.csTK, nil, 404},
	})
}
