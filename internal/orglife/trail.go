package orglife

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// TrailModule is the meetings' module id in the change trail
// (change_trail.module).
const TrailModule = 70

// meetingTrail is what a meeting's trail shows: its form, its state and
// the record of it. Every write (the form, a state change, the minutes)
// leaves an entry with the fields it changed.
var meetingTrail = &record.Decl{Module: TrailModule, Noun: "会议", Fields: []record.Field{
	record.Text("org", "党组织"), record.Text("type", "会议类型"), record.Text("topic", "会议主题"),
	record.Text("time", "会议时间"), record.Text("place", "会议地点"), record.Text("host", "主持人"),
	record.Text("recorder", "记录人"), record.Text("lecturer", "主讲人"), record.Text("secretaryLecture", "书记讲党课"),
	record.Text("agenda", "会议议程"), record.Text("receipt", "会后回执"), record.Text("state", "状态"),
	record.Text("cancelReason", "取消原因"), record.Text("minutes", "会议纪要"), record.Text("resolutions", "会议决议"),
}}

// trailView is meeting m as its trail shows it: names, not ids; the time as
// people read it; the minutes by their length (the text is the record's).
func (s *Service) trailView(ctx context.Context, _ bun.IDB, m *Meeting) (map[string]string, error) {
	names, err := s.orgs.Names(ctx, []int64{m.OrgID})
	if err != nil {
		return nil, httpx.Internal(err)
	}
	state := StateNames[m.State]
	if m.CancelledAt != nil {
		state = "已取消"
	}
	place := m.Place
	if m.Online {
		place += "（线上）"
	}
	minutes := ""
	if m.Minutes != "" {
		minutes = fmt.Sprintf("已记录（%d字）", utf8.RuneCountInString(m.Minutes))
	}
	return map[string]string{"org": names[m.OrgID], "type": s.typeName(ctx, m.TypeCode), "topic": m.Topic,
		"time": when(m.StartsAt, m.EndsAt), "place": place, "host": m.Host,
		"recorder": m.Recorder, "lecturer": m.Lecturer, "secretaryLecture": yes(m.SecretaryLecture), "agenda": m.Agenda,
		"receipt": yes(m.Receipt), "state": state, "cancelReason": m.CancelReason, "minutes": minutes, "resolutions": m.Resolutions}, nil
}

func yes(b bool) string {
	if b {
		return "是"
	}
	return ""
}
