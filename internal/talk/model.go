package talk

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Talk is one talk (a row of dzz_txth). Its JSON form is also the body of
// create and update (the server sets id and times) and the trail snapshot
// a restore starts from.
type Talk struct {
	bun.BaseModel `bun:"table:dzz_txth,alias:t"`
	resource.Base

	OrgID        int64     `bun:"org_id" json:"orgId"`
	TalkDate     date.Date `bun:"talk_date" json:"talkDate"`
	Type         string    `bun:"type" json:"type"`
	Talker       string    `bun:"talker" json:"talker"`
	Interviewees string    `bun:"interviewees" json:"interviewees"`
	Place        string    `bun:"place" json:"place"`
	Content      string    `bun:"content" json:"content"`
	Remark       string    `bun:"remark" json:"remark"`
}

// View is a talk as the API shows it: with its organisation's name and
// its type's label.
type View struct {
	Talk      `bun:",extend"`
	OrgName   string `bun:"org_name,scanonly" json:"orgName"`
	TypeLabel string `bun:"-" json:"typeLabel"`
}
