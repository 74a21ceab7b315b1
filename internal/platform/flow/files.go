package flow

import (
	"encoding/json"
	"net/http"
	"slices"

	"zhdj/internal/platform/httpx"
)

// FileNamer is a Files that lists stored files for people (文件管理): the
// web uploads an action's files under the workflow's Key as module key and
// the step's key as tag, so the workflow names them with its Noun and its
// steps' names when it mounts its routes.
type FileNamer interface {
	NameWorkflowFiles(key, noun string, steps map[string]string)
}

// stepNames are the workflow's step names by key.
func (wf *Workflow[R]) stepNames() map[string]string {
	out := make(map[string]string, len(wf.Steps))
	for _, st := range wf.Steps {
		out[st.Key] = st.Name
	}
	return out
}

// serveFile is GET base/{id}/flow/files/{fileId}[?inline=1]: a file
// attached to an action on record id, for whoever sees the record (its
// Find: 404 outside the caller's scope), whoever uploaded it. A file the
// record's history does not name is not found, so ids cannot be probed.
func (wf *Workflow[R]) serveFile(w http.ResponseWriter, r *http.Request) error {
	notFound := httpx.NotFound("附件不存在")
	id, err := httpx.PathID(r, "id", notFound)
	if err != nil {
		return err
	}
	fileID, err := httpx.PathID(r, "fileId", notFound)
	if err != nil {
		return err
	}
	ctx := r.Context()
	if _, err := wf.Find(ctx, wf.DB, id); err != nil {
		return err
	}
	inst, err := wf.load(ctx, wf.DB, id)
	if err != nil {
		return err
	}
	if inst == nil || wf.Files == nil {
		return notFound
	}
	var lists []string
	if err := wf.DB.NewSelect().Model((*entry)(nil)).Column("file_ids").Where("instance_id = ?", inst.ID).
		Where("file_ids <> '[]'").Scan(ctx, &lists); err != nil {
		return httpx.Internal(err)
	}
	for _, l := range lists {
		var ids []int64
		if json.Unmarshal([]byte(l), &ids) == nil && slices.Contains(ids, fileID) {
			return wf.Files.ServeFile(w, r, fileID, r.URL.Query().Get("inline") == "1")
		}
	}
	return notFound
}
