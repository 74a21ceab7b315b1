// Package course is 课程管理 and the study centre (学习中心) of the party
// school (issue 27): courses of a party organisation (the university's for
// the 组织部, a 二级党委's for its branch party school), made of chapters
// (CHAPTER) holding nodes (NODE) — a video, a document or an article —
// published to the learners, who study them node by node. The server
// decides the study time credited from the player's heartbeats (study.go:
// no credit for seeking ahead, a hidden tab or two nodes at once), and a
// node whose time is complete credits its 学时 once per learner in the
// ledger dx_hours that the yearly report and the training batches read
// through HoursOf.
package course

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
)

// Course states: only published courses reach the learners.
const (
	StateDraft     = 0
	StatePublished = 1
)

// States in order, and their names.
var (
	States     = []int{StateDraft, StatePublished}
	StateNames = map[int]string{StateDraft: "未发布", StatePublished: "已发布"}
)

// Item kinds of a course's structure (spec: CHAPTER 1, NODE 2).
const (
	KindChapter = 1
	KindNode    = 2
)

// Node types: what a node shows.
const (
	NodeVideo    = 1
	NodeDocument = 2
	NodeArticle  = 3
)

// NodeTypes in the form's order, and their names.
var (
	NodeTypes     = []int{NodeVideo, NodeDocument, NodeArticle}
	NodeTypeNames = map[int]string{NodeVideo: "视频", NodeDocument: "文档", NodeArticle: "图文"}
)

// Bounds.
const (
	MaxTitle       = 200
	MaxIntro       = 2000
	MaxArticle     = 200000 // characters of an article's HTML
	MaxDuration    = 12 * 3600
	MaxTenths      = 200 // 学时 of a node: at most 20.0
	MaxItems       = 500 // chapters and nodes of a course
	MaxCoverBytes  = 5 << 20
	DefaultRecord  = 30 // seconds between heartbeats when videoRecordTime is unset
	minRecord      = 5
	maxRecord      = 300
	CfgRecordTime  = "videoRecordTime"
	SourceNode     = "node" // dx_hours.source of a node's 学时
	FileModuleName = "dx_course"
)

// VideoExts and DocumentExts are what a node's upload may be.
var (
	VideoExts    = []string{"mp4", "webm"}
	DocumentExts = []string{"pdf", "doc", "docx", "ppt", "pptx", "xls", "xlsx"}
	CoverExts    = []string{"jpg", "jpeg", "png", "webp"}
)

// Course is a row of dx_course.
type Course struct {
	bun.BaseModel `bun:"table:dx_course,alias:c"`

	ID          int64      `bun:"id,pk,autoincrement" json:"id"`
	OrgID       int64      `bun:"org_id" json:"orgId"`
	Title       string     `bun:"title" json:"title"`
	Intro       string     `bun:"intro" json:"intro"`
	CoverFileID *int64     `bun:"cover_file_id" json:"coverFileId"`
	State       int        `bun:"state" json:"state"`
	Tenths      int        `bun:"tenths" json:"-"` // total 学时 ×10: the nodes' sum
	Nodes       int        `bun:"nodes" json:"nodes"`
	PublishedAt *time.Time `bun:"published_at" json:"publishedAt"`
	db.Stamps
}

// View is a course as the staff list shows it.
type View struct {
	Course    `bun:",extend"`
	OrgName   string  `bun:"org_name,scanonly" json:"orgName"`
	Hours     float64 `bun:"-" json:"hours"`
	StateName string  `bun:"-" json:"stateName"`
	// Learners is how many learners were credited a node of it.
	Learners int `bun:"learners,scanonly" json:"learners"`
}

// Item is a row of dx_course_item: a chapter (parent nil) or a node (of a chapter).
type Item struct {
	bun.BaseModel `bun:"table:dx_course_item,alias:i"`

	ID       int64  `bun:"id,pk,autoincrement" json:"id"`
	CourseID int64  `bun:"course_id" json:"courseId"`
	ParentID *int64 `bun:"parent_id" json:"parentId"`
	Kind     int    `bun:"kind" json:"kind"`
	Sort     int    `bun:"sort" json:"sort"`
	Title    string `bun:"title" json:"title"`
	NodeType int    `bun:"node_type" json:"nodeType"` // 0 for a chapter
	FileID   *int64 `bun:"file_id" json:"fileId"`
	FileName string `bun:"file_name" json:"fileName"`
	Content  string `bun:"content" json:"content,omitempty"` // an article's sanitised HTML
	Duration int    `bun:"duration" json:"duration"`         // seconds: a video's length, a document's or article's reading time
	Tenths   int    `bun:"tenths" json:"-"`
	db.Stamps
}

// Input is the body of creating or changing a course.
type Input struct {
	OrgID int64  `json:"orgId"`
	Title string `json:"title"`
	Intro string `json:"intro"`
}

// ItemInput is the body of creating or changing a chapter or a node.
type ItemInput struct {
	Kind     int     `json:"kind"`     // create only
	ParentID int64   `json:"parentId"` // a node's chapter (create only)
	Title    string  `json:"title"`
	NodeType int     `json:"nodeType"` // create only
	Content  string  `json:"content"`
	Duration int     `json:"duration"`
	Hours    float64 `json:"hours"`
}

// NodeView is a node as the tree shows it, with the learner's progress on
// the learner's pages.
type NodeView struct {
	ID           int64   `json:"id"`
	Title        string  `json:"title"`
	NodeType     int     `json:"nodeType"`
	NodeTypeName string  `json:"nodeTypeName"`
	FileID       *int64  `json:"fileId,omitempty"`
	FileName     string  `json:"fileName"`
	Duration     int     `json:"duration"`
	Hours        float64 `json:"hours"`
	Content      string  `json:"content,omitempty"` // staff detail only
	// The learner's: seconds credited, whether complete.
	Watched int  `json:"watched"`
	Done    bool `json:"done"`
}

// ChapterView is a chapter with its nodes in order.
type ChapterView struct {
	ID    int64      `json:"id"`
	Title string     `json:"title"`
	Nodes []NodeView `json:"nodes"`
}

// Detail is a course with its chapters.
type Detail struct {
	View
	Chapters []ChapterView `json:"chapters"`
	// DoneNodes and DoneHours are the learner's (learner pages).
	DoneNodes int     `json:"doneNodes"`
	DoneHours float64 `json:"doneHours"`
}

// Progress is a row of dx_study: one learner's study of one node.
type Progress struct {
	bun.BaseModel `bun:"table:dx_study,alias:p"`

	UserID   int64      `bun:"user_id,pk" json:"-"`
	NodeID   int64      `bun:"node_id,pk" json:"nodeId"`
	CourseID int64      `bun:"course_id" json:"courseId"`
	Position int        `bun:"position" json:"position"` // where the learner was, seconds
	Watched  int        `bun:"watched" json:"watched"`   // seconds credited (a video's: the contiguous span from 0)
	Done     bool       `bun:"done" json:"done"`
	Terminal int        `bun:"terminal" json:"terminal"`
	DoneAt   *time.Time `bun:"done_at" json:"doneAt"`
	db.Stamps
}

// session is a row of dx_study_session: the one node a learner studies
// now. A start replaces it (the newer page takes over); the heartbeats of
// another token are refused.
type session struct {
	bun.BaseModel `bun:"table:dx_study_session,alias:s"`

	UserID int64  `bun:"user_id,pk"`
	NodeID int64  `bun:"node_id"`
	Token  string `bun:"token"`
	BeatMS int64  `bun:"beat_ms"` // the last accepted heartbeat (or the start), unix ms of the server's clock
}

// Credit is a row of dx_hours: 学时 credited to a learner, once per source
// and reference (a node).
type Credit struct {
	bun.BaseModel `bun:"table:dx_hours,alias:h"`

	ID         int64     `bun:"id,pk,autoincrement" json:"id"`
	UserID     int64     `bun:"user_id" json:"userId"`
	Source     string    `bun:"source" json:"source"`
	RefID      int64     `bun:"ref_id" json:"refId"`
	Tenths     int       `bun:"tenths" json:"-"`
	CreditedOn date.Date `bun:"credited_on" json:"creditedOn"`
	Year       int       `bun:"year" json:"year"`
	CreatedAt  time.Time `bun:"created_at" json:"createTime"`
}

// hours is tenths of an hour as hours.
func hours(tenths int) float64 { return float64(tenths) / 10 }
