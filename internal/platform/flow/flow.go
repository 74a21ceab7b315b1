// Package flow runs declared workflows: a record (a development record, a
// transfer, a fee reduction) moves through steps; at each step the holders
// of the step's permission whose data scope covers the acting organisation
// approve (通过), reject (不通过) or return it (退回) to an earlier step.
// Which steps a record goes through, and which organisation acts at each,
// is its approval chain: data (table flow_chain), kept per workflow and per
// type of the record's organisation, seeded by the module and editable
// (支部 → 二级党委/党总支 → 组织部; a 直属党支部 skips the middle). Every
// action is an entry of the record's history; the actors of the next step
// get a to-do in the message centre, closed for all of them once the step
// is dealt with. A module declares a Workflow next to its record and mounts
// its routes under its own (Routes), like platform/resource:
//
//	s.flow = &flow.Workflow[Request]{DB: db, Key: "sample", Noun: "示例申请", Steps: …, Find: s.find, …}
//	s.flow.Routes(rs, "/api/sample", flow.Perms{View: "sample:list"})
//
// See docs/flow.md.
package flow

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/uptrace/bun"
)

// Result is what an action did (the history's and the API's word for it).
type Result string

// Results of actions. Submit is the entry Start writes; the others are what
// an actor chooses at a step.
const (
	Submit  Result = "submit"  // 提交: the record entered the workflow
	Approve Result = "approve" // 通过: on to the next step of the chain (or done)
	Reject  Result = "reject"  // 不通过: the workflow ends rejected
	Return  Result = "return"  // 退回: back to an earlier step of the chain
	// Withdraw and Cancel end a record from outside its chain (Stop): the
	// person who started it takes it back (撤回), an administrator cancels
	// it (撤销). They are never an actor's choice at a step.
	Withdraw Result = "withdraw" // 撤回
	Cancel   Result = "cancel"   // 撤销
	// End ends early what a record approved (Amend): a reduction granted
	// for a year ends in its fifth month. Never an actor's choice at a step.
	End Result = "end" // 终止
)

// resultNames name the results in messages.
var resultNames = map[Result]string{Submit: "提交", Approve: "通过", Reject: "不通过", Return: "退回",
	Withdraw: "撤回", Cancel: "撤销", End: "终止"}

// State is a state a record is in (a stage: 入党积极分子, 审批中, 已通过).
type State struct {
	Key, Name string
}

// Step is one step of a workflow. R is the module's record.
type Step[R any] struct {
	// Key names the step in the chain, the history and the API (≤ 32 characters).
	Key, Name string
	// State is the state of a record waiting at this step.
	State string
	// Perm is the permission of those who act at this step (with a scope
	// covering the acting organisation the chain names); "a|b": either.
	Perm string
	// Results are what may be done at this step; nil: Approve, Reject and
	// Return (Return needs an earlier step in the record's chain).
	Results []Result
	// Next, when set, may send an approved record elsewhere than the next
	// link: it answers a step key of the record's chain (earlier or later),
	// or "" for the next link. Rules have not run yet when it is asked (it
	// reads a.Form); e.g. a probation extended goes back to the probation's
	// education step. Finish ends the workflow in Done instead (an
	// appointment without probation skips the probation's review).
	Next func(a *Act[R]) string
	// Rules are checked, in order, before an Approve; the first refusal
	// stops it with the rule's name in the message.
	Rules []Rule[R]
	// May, when set, lets someone act at this step besides the holders of
	// Perm whose scope covers the acting organisation: e.g. the person who
	// started the record resubmits it from the applicant's step.
	May func(ctx context.Context, r *R) (bool, error)
	// After runs once the step was acted on (whatever the result), in the
	// action's transaction, after the history entry is written: the
	// module's own consequences (a member record created, a date kept).
	After func(ctx context.Context, tx bun.Tx, a *Act[R]) error
}

// Rule is a condition of approving a step, named as people name it.
type Rule[R any] struct {
	// Name is the rule in the refusal: 入党申请人须年满十八周岁.
	Name string
	// Field, when set, is the form field the refusal is about (the page
	// marks it).
	Field string
	// Check answers why the action breaks the rule ("" when it does not),
	// reading through idb (the action's transaction).
	Check func(ctx context.Context, idb bun.IDB, a *Act[R]) (why string, err error)
}

// Link is one step of an approval chain and who acts at it.
type Link struct {
	Step string `json:"step"`
	// Acting are organisation types (values of the organisation type
	// dictionary): the acting organisation is the nearest of the record's
	// organisation and those above it whose type is one of them.
	Acting []string `json:"acting"`
	// Role names the capacity in the history (党支部, 二级党委, 组织部).
	Role string `json:"role"`
}

// Chain is the approval chain of the records whose organisation is of
// type OrgType (AnyType: of every type without a chain of its own).
type Chain struct {
	OrgType string `json:"orgType"`
	Links   []Link `json:"links"`
}

// Finish is what Step.Next answers to end an approved record in Done
// without the steps after it.
const Finish = "-"

// AnyType is the OrgType of the chain for every type without its own.
const AnyType = "*"

// Act is an action being taken: what rules and After hooks read.
type Act[R any] struct {
	Record  *R
	ID      int64 // the record's id
	Step    *Step[R]
	Result  Result
	To      string // the step the record goes to ("" once the workflow ended)
	State   string // the state it goes to
	Comment string
	FileIDs []int64
	// Form is the step's own fields as the module's page sent them
	// (decoded by the module; at most MaxForm bytes).
	Form  json.RawMessage
	Actor Actor
	At    time.Time
}

// Actor is who acts, in which role, for which organisation.
type Actor struct {
	UserID  int64
	Name    string
	Role    string
	OrgID   int64
	OrgName string
}

// Workflow is a declared workflow over the module's records R, ready to
// run: the declaration (steps, states) and what it runs on.
type Workflow[R any] struct {
	DB *bun.DB
	// Key names the workflow in its tables and is the to-dos' module (≤ 32
	// characters, stable: stored rows carry it).
	Key string
	// Noun names a record in messages and to-dos: 示例申请.
	Noun   string
	States []State
	Steps  []Step[R]
	// Done and Rejected are the states of a record whose last step was
	// approved, and of one rejected.
	Done, Rejected string
	// Find reads a record of the caller's scope through idb; outside it
	// (or missing) it answers a 404, so ids cannot be probed.
	Find func(ctx context.Context, idb bun.IDB, id int64) (*R, error)
	// OrgOf is the record's organisation; NameOf names it in to-dos.
	OrgOf func(r *R) int64
	// OrgAt, when set, is the organisation whose lineage resolves the
	// acting organisation of the record's step (0: OrgOf's): a record that
	// moves between two organisations (a transfer inside the school) has
	// the receiving side's steps acted on above the receiving organisation.
	OrgAt  func(r *R, step string) int64
	NameOf func(r *R) string
	// Link is the page a to-do opens (a site path, e.g. /party/fzdy?id=3).
	Link func(id int64) string
	// Orgs resolves acting organisations and actors (org.Service); Todos
	// opens and closes to-dos (system.Service).
	Orgs  Orgs
	Todos Todos
	// Files, when set, describes the attached files in the history and
	// refuses ids it does not know (system.Service); CheckFiles, when set,
	// is the attachment piece's check that the files belong to the record
	// and step (wired by the module).
	Files      Files
	CheckFiles func(ctx context.Context, idb bun.IDB, id int64, step string, fileIDs []int64) error
	// Now is the clock (UTC; time.Now when nil).
	Now func() time.Time

	once  sync.Once
	steps map[string]*Step[R]
}

// Orgs is the organisation directory a workflow needs (org.Service).
type Orgs interface {
	// Lineage is the organisation id and those above it, itself first.
	Lineage(ctx context.Context, idb bun.IDB, id int64) ([]Org, error)
	// Actors are the users who hold perm and whose data scope covers
	// organisation orgID.
	Actors(ctx context.Context, idb bun.IDB, perm string, orgID int64) ([]Person, error)
	// InScope tells whether organisation id lies in the caller's scope.
	InScope(ctx context.Context, id int64) (bool, error)
	// TypeLabels names the organisation types (their dictionary).
	TypeLabels(ctx context.Context) (map[string]string, error)
}

// Org is an organisation as a chain resolves it.
type Org struct {
	ID   int64
	Type string
	Name string
}

// Person is a user who may act.
type Person struct {
	ID   int64  `bun:"id"`
	Name string `bun:"name"`
}

// Todos is the message centre's to-do list (system.Service).
type Todos interface {
	AddTodo(ctx context.Context, idb bun.IDB, userIDs []int64, title, content, link, module, bizID string) error
	CloseTodos(ctx context.Context, idb bun.IDB, module, bizID string) error
}

// Files is the file service as the history needs it (system.Service).
type Files interface {
	// DescribeFiles answers the stored files among ids; an id it does not
	// know is left out.
	DescribeFiles(ctx context.Context, idb bun.IDB, ids []int64) ([]Attachment, error)
	// ServeFile streams stored file id (inline for the types that preview)
	// to a caller the workflow let through: the file is attached to a
	// record of the caller's scope.
	ServeFile(w http.ResponseWriter, r *http.Request, id int64, inline bool) error
}

// Attachment is a file attached to an action.
type Attachment struct {
	ID           int64     `json:"id"`
	Name         string    `json:"name"`
	Size         int64     `json:"size"`
	ContentType  string    `json:"contentType"`
	UploaderName string    `json:"uploaderName"`
	CreateTime   time.Time `json:"createTime"`
	// UploaderID is who uploaded it (0: unknown): an action attaches only
	// its actor's own uploads.
	UploaderID int64 `json:"-"`
}

// Limits of an action's input.
const (
	MaxComment = 1000     // characters
	MaxFiles   = 20       // files per action
	MaxForm    = 64 << 10 // bytes of the step's own fields
)

func (wf *Workflow[R]) now() time.Time {
	if wf.Now != nil {
		return wf.Now()
	}
	return time.Now().UTC()
}

// step is the declared step key (nil when there is none).
func (wf *Workflow[R]) step(key string) *Step[R] {
	wf.index()
	return wf.steps[key]
}

// index builds the step index and checks the declaration once; a broken
// declaration is a programming error and panics on first use (the
// module's tests hit it).
func (wf *Workflow[R]) index() {
	wf.once.Do(func() {
		if len(wf.Key) == 0 || len(wf.Key) > 32 {
			panic("flow: a workflow's Key has 1 to 32 characters")
		}
		states := map[string]bool{}
		for _, s := range wf.States {
			states[s.Key] = true
		}
		if !states[wf.Done] || !states[wf.Rejected] {
			panic(fmt.Sprintf("flow %s: Done and Rejected must be declared states", wf.Key))
		}
		wf.steps = map[string]*Step[R]{}
		for i := range wf.Steps {
			st := &wf.Steps[i]
			switch {
			case st.Key == "" || len(st.Key) > 32 || strings.Contains(st.Key, ":"):
				panic(fmt.Sprintf("flow %s: step key %q must have 1 to 32 characters and no ':'", wf.Key, st.Key))
			case wf.steps[st.Key] != nil:
				panic(fmt.Sprintf("flow %s: step %s declared twice", wf.Key, st.Key))
			case !states[st.State]:
				panic(fmt.Sprintf("flow %s: step %s is in undeclared state %q", wf.Key, st.Key, st.State))
			case st.Perm == "":
				panic(fmt.Sprintf("flow %s: step %s names no permission", wf.Key, st.Key))
			}
			wf.steps[st.Key] = st
		}
	})
}

// stateName names a state key.
func (wf *Workflow[R]) stateName(key string) string {
	for _, s := range wf.States {
		if s.Key == key {
			return s.Name
		}
	}
	return key
}

// stepName names a step key (the key itself for a step no longer declared).
func (wf *Workflow[R]) stepName(key string) string {
	if st := wf.step(key); st != nil {
		return st.Name
	}
	return key
}

// results are what may be done at st.
func (st *Step[R]) results() []Result {
	if st.Results != nil {
		return st.Results
	}
	return []Result{Approve, Reject, Return}
}

func (st *Step[R]) allows(r Result) bool {
	for _, x := range st.results() {
		if x == r {
			return true
		}
	}
	return false
}

// actPerm is the route permission of acting: any step's permission (each
// step's own is checked for the step at hand).
func (wf *Workflow[R]) actPerm() string {
	wf.index()
	var perms []string
	seen := map[string]bool{}
	for _, st := range wf.Steps {
		if !seen[st.Perm] {
			seen[st.Perm] = true
			perms = append(perms, st.Perm)
		}
	}
	return strings.Join(perms, "|")
}
