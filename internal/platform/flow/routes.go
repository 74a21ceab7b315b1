package flow

import (
	"net/http"

	"zhdj/internal/platform/httpx"
)

// Perms are the permissions of a workflow's routes. Acting needs, beyond
// the route, the permission of the step at hand; the route itself takes
// any step's permission.
type Perms struct {
	// View reads a record's flow (the module's list permission, typically).
	View string
	// Chains reads and ChainsEdit changes the approval chains (no chain
	// routes when Chains is empty).
	Chains, ChainsEdit string
}

// Routes registers the workflow's endpoints under base (the module's
// records, e.g. /api/sample): GET base/{id}/flow (the record's flow, View),
// POST base/{id}/flow (an action: ActionInput; answers the flow after it),
// GET base/{id}/flow/files/{fileId} (a file of the record's history, View),
// and with Chains GET base/flow/chains and PUT base/flow/chains (one
// organisation type's chain).
func (wf *Workflow[R]) Routes(rs *httpx.Routes, base string, p Perms) {
	notFound := func() *httpx.Error { return httpx.NotFound("%s不存在", wf.Noun) }
	rs.Get(base+"/{id}/flow", p.View, "查看办理记录", httpx.ReadID(notFound, func(r *http.Request, id int64) (View, error) { return wf.View(r.Context(), id) }))
	rs.Post(base+"/{id}/flow", wf.actPerm(), "办理", httpx.ActionOn(notFound, wf.Act))
	rs.Get(base+"/{id}/flow/files/{fileId}", p.View, "下载办理附件", wf.serveFile)
	if n, ok := wf.Files.(FileNamer); ok {
		n.NameWorkflowFiles(wf.Key, wf.Noun, wf.stepNames())
	}
	if p.Chains != "" {
		rs.Get(base+"/flow/chains", p.Chains, "查看审批链", httpx.Read(wf.Chains))
		rs.Put(base+"/flow/chains", p.ChainsEdit, "修改审批链", httpx.Action(wf.SetChain))
	}
}
