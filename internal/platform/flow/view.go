package flow

import (
	"context"
	"encoding/json"
	"time"

	"zhdj/internal/platform/httpx"
)

// View is a record's flow as its page shows it: the steps of its chain,
// where it is, its history, and what the caller may do now (the web's
// RecordTimeline and ActionPanel read it as it is).
type View struct {
	Workflow string `json:"workflow"`
	// Started is false before the record was submitted (Steps then preview
	// the chain it would take).
	Started   bool   `json:"started"`
	State     string `json:"state"`
	StateName string `json:"stateName"`
	// Step is the step waiting for an action ("" once ended); Current the
	// step the timeline marks (the last one acted on, once ended) and Status
	// how (process, finish or error).
	Step          string     `json:"step"`
	Current       string     `json:"current"`
	Status        string     `json:"status"`
	Version       int64      `json:"version"`
	ActingOrgID   int64      `json:"actingOrgId,omitempty"`
	ActingOrgName string     `json:"actingOrgName"`
	ActingRole    string     `json:"actingRole"`
	Steps         []StepView `json:"steps"`
	Entries       []Entry    `json:"entries"`
	// MayAct tells whether the caller may act at Step; Results and ReturnTo
	// are then what they may choose.
	MayAct   bool       `json:"mayAct"`
	Results  []Result   `json:"results"`
	ReturnTo []StepView `json:"returnTo"`
}

// StepView is a step of a record's chain: key, name, and who acts at it.
type StepView struct {
	Key         string `json:"key"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
}

// Entry is one action of the history.
type Entry struct {
	ID      int64  `json:"id"`
	Time    string `json:"time"`
	ActorID *int64 `json:"actorId"`
	// ActorName, ActorRole (role · organisation) as the timeline shows them;
	// Role and OrgName apart.
	ActorName   string       `json:"actorName"`
	ActorRole   string       `json:"actorRole"`
	Role        string       `json:"role"`
	OrgName     string       `json:"orgName"`
	Action      Result       `json:"action"`
	Step        string       `json:"step,omitempty"`
	ToStep      string       `json:"toStep,omitempty"`
	Comment     string       `json:"comment"`
	FileIDs     []int64      `json:"fileIds"`
	Attachments []Attachment `json:"attachments"`
}

// View is record id's flow for the caller; a record outside their scope is
// a 404 (through Find).
func (wf *Workflow[R]) View(ctx context.Context, id int64) (View, error) {
	wf.index()
	rec, err := wf.Find(ctx, wf.DB, id)
	if err != nil {
		return View{}, err
	}
	inst, err := wf.load(ctx, wf.DB, id)
	if err != nil {
		return View{}, err
	}
	v := View{Workflow: wf.Key, Steps: []StepView{}, Entries: []Entry{}, Results: []Result{}, ReturnTo: []StepView{}}
	lineage, err := wf.Orgs.Lineage(ctx, wf.DB, wf.OrgOf(rec))
	if err != nil {
		return View{}, httpx.Internal(err)
	}
	var chain []Link
	if inst != nil {
		chain = inst.links()
	} else if len(lineage) > 0 {
		if chain, err = wf.chainFor(ctx, wf.DB, lineage[0].Type); err != nil {
			return View{}, err
		}
	}
	for _, l := range chain {
		v.Steps = append(v.Steps, StepView{Key: l.Step, Title: wf.stepName(l.Step), Description: l.Role})
	}
	if inst == nil {
		return v, nil
	}
	v.Started, v.State, v.StateName, v.Step, v.Version = true, inst.State, wf.stateName(inst.State), inst.Step, inst.Version
	if v.Entries, err = wf.entries(ctx, inst.ID); err != nil {
		return View{}, err
	}
	v.Current, v.Status = inst.Step, "process"
	if inst.Step == "" {
		v.Status = "finish"
		if inst.State == wf.Rejected {
			v.Status = "error"
		}
		if n := len(v.Entries); n > 0 {
			v.Current = v.Entries[n-1].Step
		}
		return v, nil
	}
	at := indexOf(chain, inst.Step)
	st := wf.step(inst.Step)
	if at < 0 || st == nil {
		return v, nil
	}
	org, err := wf.actingAt(ctx, wf.DB, rec, chain[at], lineage)
	if err != nil {
		return v, nil //nolint:nilerr // a chain that no longer resolves: nobody may act, the view still shows it
	}
	v.ActingOrgID, v.ActingOrgName, v.ActingRole = org.ID, org.Name, chain[at].Role
	if v.MayAct, err = wf.may(ctx, st, rec, org); err != nil || !v.MayAct {
		return v, err
	}
	for _, r := range st.results() {
		if r != Return || at > 0 {
			v.Results = append(v.Results, r)
		}
	}
	if st.allows(Return) {
		for _, l := range chain[:at] {
			v.ReturnTo = append(v.ReturnTo, StepView{Key: l.Step, Title: wf.stepName(l.Step), Description: l.Role})
		}
	}
	return v, nil
}

// entries is the history of an instance, oldest first, with the attached
// files described (when the workflow has Files).
func (wf *Workflow[R]) entries(ctx context.Context, instanceID int64) ([]Entry, error) {
	var rows []entry
	if err := wf.DB.NewSelect().Model(&rows).Where("instance_id = ?", instanceID).OrderExpr("id").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	out := make([]Entry, len(rows))
	var all []int64
	for i, r := range rows {
		e := Entry{ID: r.ID, Time: r.CreatedAt.UTC().Format(time.RFC3339), ActorID: r.UserID, ActorName: r.UserName,
			Role: r.Role, OrgName: r.OrgName, Action: r.Result, Step: r.Step, ToStep: r.ToStep, Comment: r.Comment,
			FileIDs: []int64{}, Attachments: []Attachment{}}
		e.ActorRole = r.Role
		if r.OrgName != "" {
			if e.ActorRole != "" {
				e.ActorRole += " · "
			}
			e.ActorRole += r.OrgName
		}
		json.Unmarshal([]byte(r.FileIDs), &e.FileIDs) //nolint:errcheck // written by write from a []int64
		all = append(all, e.FileIDs...)
		out[i] = e
	}
	if wf.Files == nil || len(all) == 0 {
		return out, nil
	}
	files, err := wf.Files.DescribeFiles(ctx, wf.DB, all)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	byID := make(map[int64]Attachment, len(files))
	for _, f := range files {
		byID[f.ID] = f
	}
	for i := range out {
		for _, id := range out[i].FileIDs {
			if f, ok := byID[id]; ok {
				out[i].Attachments = append(out[i].Attachments, f)
			}
		}
	}
	return out, nil
}
