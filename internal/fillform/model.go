package fillform

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Form states. A draft is edited freely; publishing fixes its fields and
// its audience (one entry per addressee); a published form closes by hand
// or at its deadline. The deadline's closing is not stored: every read
// answers a published form past its deadline as closed (Status), so no
// timer is needed for it to hold.
const (
	FormDraft     = "draft"
	FormPublished = "published"
	FormClosed    = "closed"
)

// FormStates and their names.
var (
	FormStates     = []string{FormDraft, FormPublished, FormClosed}
	FormStateNames = map[string]string{FormDraft: "草稿", FormPublished: "填报中", FormClosed: "已截止"}
)

// Audiences: party organisations (a branch's secretary fills for the
// branch) or party members (each fills for himself).
const (
	AudienceOrgs    = "orgs"
	AudienceMembers = "members"
)

// Audiences and their names.
var (
	Audiences     = []string{AudienceOrgs, AudienceMembers}
	AudienceNames = map[string]string{AudienceOrgs: "党组织", AudienceMembers: "党员"}
)

// How an audience is chosen: every branch (or member) of an organisation's
// subtree, or a picked list.
const (
	ModeSubtree = "subtree"
	ModeList    = "list"
)

// Modes and their names.
var (
	Modes     = []string{ModeSubtree, ModeList}
	ModeNames = map[string]string{ModeSubtree: "按党组织范围", ModeList: "指定名单"}
)

// Entry states: listed at publish (未填报), saved (草稿), handed in (已提交),
// sent back for rework with a comment (已退回, to be submitted again), or
// passed by the form's administrators (已通过).
const (
	EntryEmpty     = 1
	EntryDraft     = 2
	EntrySubmitted = 3
	EntryReturned  = 4
	EntryPassed    = 5
)

// EntryStates in order, and their names.
var (
	EntryStates     = []int{EntryEmpty, EntryDraft, EntrySubmitted, EntryReturned, EntryPassed}
	EntryStateNames = map[int]string{EntryEmpty: "未填报", EntryDraft: "草稿", EntrySubmitted: "已提交", EntryReturned: "已退回",
		EntryPassed: "已通过"}
	// notSubmitted are the states an addressee still has to submit from.
	notSubmitted = []int{EntryEmpty, EntryDraft, EntryReturned}
)

// Bounds of a form and its texts.
const (
	MaxTitle       = 100
	MaxDescription = 2000
	MaxComment     = 500
	// MaxAudience bounds a picked list (organisations or members).
	MaxAudience = 2000
)

// Form is one fill-in form (a row of txbd_form): what is asked, of whom, until when.
type Form struct {
	bun.BaseModel `bun:"table:txbd_form,alias:f"`
	resource.Base

	Title       string `bun:"title" json:"title"`
	Description string `bun:"description" json:"description"`
	// OrgID is the organisation that sends the form and manages its
	// entries; it lies in the scope of those who see the form.
	OrgID    int64     `bun:"org_id" json:"orgId"`
	Deadline time.Time `bun:"deadline" json:"deadline"` // to the minute: a submit within that minute is on time
	Audience string    `bun:"audience" json:"audience"`
	Mode     string    `bun:"mode" json:"mode"`
	// RootID is the subtree of a ModeSubtree audience; IDs the picked
	// organisations or members of a ModeList one (the draft's choice: the
	// entries written at publish are the audience from then on).
	RootID      *int64     `bun:"root_id" json:"rootId"`
	IDs         IDList     `bun:"ids" json:"ids"`
	Fields      FieldList  `bun:"fields" json:"fields"`
	State       string     `bun:"state" json:"state"`
	PublishedAt *time.Time `bun:"published_at" json:"publishedAt"`
	ClosedAt    *time.Time `bun:"closed_at" json:"closedAt"`
	CreatedBy   *int64     `bun:"created_by" json:"-"`
	Creator     string     `bun:"creator" json:"creator"`
}

// FormView is a form as the lists and the detail show it: its state now
// (a published form past its deadline is closed), names, the counts of its
// entries and what the caller may do.
type FormView struct {
	Form         `bun:",extend"`
	Status       string `bun:"status,scanonly" json:"status"`
	OrgName      string `bun:"org_name,scanonly" json:"orgName"`
	StatusName   string `bun:"-" json:"statusName"`
	AudienceName string `bun:"-" json:"audienceName"`
	// Counts of the entries: all, not submitted yet (未填报 and 草稿),
	// submitted and waiting, returned, passed.
	Total     int `bun:"total,scanonly" json:"total"`
	Pending   int `bun:"pending,scanonly" json:"pending"`
	Submitted int `bun:"submitted,scanonly" json:"submitted"`
	Returned  int `bun:"returned,scanonly" json:"returned"`
	Passed    int `bun:"passed,scanonly" json:"passed"`
}

// Entry is one addressee's answers to a published form (a row of txbd_entry).
type Entry struct {
	bun.BaseModel `bun:"table:txbd_entry,alias:e"`
	resource.Base

	FormID int64 `bun:"form_id" json:"formId"`
	// TargetID is the addressee: the organisation, or the member.
	TargetID int64 `bun:"target_id" json:"targetId"`
	// OrgID is the organisation addressed, or the member's when the form
	// was published.
	OrgID int64 `bun:"org_id" json:"orgId"`
	// MemberID is the member addressed, or for an organisation its
	// secretary when the form was published (who fills and hears of it).
	MemberID    *int64     `bun:"member_id" json:"-"`
	Name        string     `bun:"name" json:"name"` // the addressee as published: the organisation's or the member's name
	State       int        `bun:"state" json:"state"`
	Answers     Answers    `bun:"answers" json:"answers"`
	SavedAt     *time.Time `bun:"saved_at" json:"savedAt"`
	SubmittedAt *time.Time `bun:"submitted_at" json:"submittedAt"`
	SubmittedBy *int64     `bun:"submitted_by" json:"-"`
	Submitter   string     `bun:"submitter" json:"submitter"`
	Reviewer    string     `bun:"reviewer" json:"reviewer"`
	ReviewedAt  *time.Time `bun:"reviewed_at" json:"reviewedAt"`
	Comment     string     `bun:"comment" json:"comment"` // the review's comment (a send-back's reason)
	RemindedOn  date.Date  `bun:"reminded_on" json:"remindedOn"`
}

// EntryView is an entry as the lists and the detail show it, with its form.
type EntryView struct {
	Entry      `bun:",extend"`
	OrgName    string    `bun:"org_name,scanonly" json:"orgName"`
	FormTitle  string    `bun:"form_title,scanonly" json:"formTitle"`
	Deadline   time.Time `bun:"form_deadline,scanonly" json:"deadline"`
	FormStatus string    `bun:"form_status,scanonly" json:"formStatus"`
	Audience   string    `bun:"form_audience,scanonly" json:"audience"`
	FormOrgID  int64     `bun:"form_org_id,scanonly" json:"-"`
	StateName  string    `bun:"-" json:"stateName"`
	// Writable: the caller may save and submit it now (its addressee, the
	// form open, not submitted or passed).
	Writable bool `bun:"-" json:"writable"`
}

// EntryDetail is an entry with the fields of its form, in their order.
type EntryDetail struct {
	EntryView
	Description string    `json:"description"`
	Fields      FieldList `json:"fields"`
	// Files counts the attachments of each attachment field.
	Files map[string]int `json:"files"`
}

// FormInput is the body of creating or editing a draft.
type FormInput struct {
	Title       string     `json:"title"`
	Description string     `json:"description"`
	OrgID       int64      `json:"orgId"`
	Deadline    *time.Time `json:"deadline"`
	Audience    string     `json:"audience"`
	Mode        string     `json:"mode"`
	RootID      *int64     `json:"rootId"`
	IDs         []int64    `json:"ids"`
	Fields      []Field    `json:"fields"`
	// UpdateTime is the version the form read (a change made meanwhile is a 409).
	UpdateTime *time.Time `json:"updateTime"`
}

// DeadlineInput is the body of moving a published form's deadline.
type DeadlineInput struct {
	Deadline *time.Time `json:"deadline"`
}

// AnswersInput is the body of saving or submitting an entry: the values by
// field key, and the version the form read.
type AnswersInput struct {
	Answers    map[string]json.RawMessage `json:"answers"`
	UpdateTime *time.Time                 `json:"updateTime"`
}

// ReviewInput is the body of passing or returning an entry.
type ReviewInput struct {
	Comment string `json:"comment"`
}

// RemindInput is the body of reminding: the entries to remind (none: every
// entry of the form not submitted).
type RemindInput struct {
	IDs []int64 `json:"ids"`
}

// RemindResult says what a reminder did.
type RemindResult struct {
	// Reminded entries were reminded now, Sent the messages that went to
	// their accounts; Already were reminded today (nothing sent again).
	Reminded int    `json:"reminded"`
	Sent     int    `json:"sent"`
	Already  int    `json:"already"`
	Message  string `json:"message"`
}

// IDList is a list of ids stored as a JSON array in a TEXT column.
type IDList []int64

// Value writes the JSON array.
func (l IDList) Value() (driver.Value, error) { return jsonValue([]int64(l), "[]") }

// Scan reads the JSON array (NULL or blank: empty).
func (l *IDList) Scan(src any) error {
	*l = IDList{}
	return jsonScan(src, (*[]int64)(l))
}

// FieldList is a form's fields in order, stored as JSON in a TEXT column.
type FieldList []Field

// Value writes the JSON array.
func (l FieldList) Value() (driver.Value, error) { return jsonValue([]Field(l), "[]") }

// Scan reads the JSON array.
func (l *FieldList) Scan(src any) error {
	*l = FieldList{}
	return jsonScan(src, (*[]Field)(l))
}

// Answers are an entry's values by field key: a string for a text, a
// number (as its decimal text), a date (YYYY-MM-DD) and a single choice; a
// list of strings for a multiple choice. Attachments are the entry's
// attachments of the field's kind, not values.
type Answers map[string]any

// Value writes the JSON object.
func (a Answers) Value() (driver.Value, error) { return jsonValue(map[string]any(a), "{}") }

// Scan reads the JSON object.
func (a *Answers) Scan(src any) error {
	*a = Answers{}
	return jsonScan(src, (*map[string]any)(a))
}

// Text is the answer of field key as one line: a list joined by 、.
func (a Answers) Text(key string) string {
	switch v := a[key].(type) {
	case string:
		return v
	case []string:
		return strings.Join(v, "、")
	case []any:
		parts := make([]string, 0, len(v))
		for _, x := range v {
			parts = append(parts, fmt.Sprint(x))
		}
		return strings.Join(parts, "、")
	}
	return ""
}

func jsonValue(v any, empty string) (driver.Value, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if string(b) == "null" {
		return empty, nil
	}
	return string(b), nil
}

func jsonScan(src any, dest any) error {
	var raw string
	switch v := src.(type) {
	case nil:
	case string:
		raw = v
	case []byte:
		raw = string(v)
	default:
		return fmt.Errorf("fillform: cannot scan %T as JSON", src)
	}
	if strings.TrimSpace(raw) == "" {
		return nil
	}
	return json.Unmarshal([]byte(raw), dest)
}
