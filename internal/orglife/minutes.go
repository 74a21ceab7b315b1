package orglife

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/docx"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
	"zhdj/internal/platform/richtext"
	"zhdj/internal/system"
)

// MinutesInput is the body of recording a meeting's minutes.
type MinutesInput struct {
	Minutes     string `json:"minutes"` // rich text (HTML), sanitised before it is stored
	Resolutions string `json:"resolutions"`
}

// maxMinutes bounds the minutes as stored (characters of sanitised HTML).
const maxMinutes = 100000

// minutesRoutes registers the minutes and the 会议记录 as a Word document.
func (s *Service) minutesRoutes(rs *httpx.Routes, base string) {
	rs.Put(base+"/{id}/minutes", Perms.Edit, "记录会议纪要", httpx.ChangeOn(errNoMeeting, s.RecordMinutes))
	rs.Get(base+"/{id}/record.docx", Perms.List, "下载会议记录", httpx.WriteID(errNoMeeting, s.serveRecord))
}

// RecordMinutes stores the minutes (sanitised with the UGC policy: no
// script, no handler, no style) and resolutions of a meeting started or
// closed; minutes_at keeps when they were first recorded.
func (s *Service) RecordMinutes(ctx context.Context, id int64, in MinutesInput) (MeetingView, error) {
	minutes := richtext.Sanitize(in.Minutes)
	resolutions := strings.TrimSpace(in.Resolutions)
	var c httpx.Checks
	if utf8.RuneCountInString(minutes) > maxMinutes {
		c.Add(httpx.Invalid("minutes", "会议记录不超过%d个字", maxMinutes))
	}
	c.Add(record.MaxLen("resolutions", "会议决议", resolutions, 2000))
	if err := c.Err(); err != nil {
		return MeetingView{}, err
	}
	return s.move(ctx, id, []int{StateStarted, StateClosed}, "会议开始后才能记录会议纪要", nil,
		func(m *Meeting, now time.Time) {
			m.Minutes, m.Resolutions = minutes, resolutions
			if m.MinutesAt == nil {
				m.MinutesAt = &now
			}
		},
		[]string{"minutes", "resolutions", "minutes_at"}, nil)
}

// lines are the non-empty lines of text, trimmed.
func lines(text string) []string {
	var out []string
	for l := range strings.SplitSeq(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// serveRecord sends meeting id's 会议记录 as a Word document.
func (s *Service) serveRecord(w http.ResponseWriter, r *http.Request, id int64) error {
	ctx := r.Context()
	v, err := s.meetings.Detail(ctx, id)
	if err != nil {
		return err
	}
	attendees, err := s.Attendees(ctx, id)
	if err != nil {
		return err
	}
	out, err := docx.Build(meetingRecord(&v, attendees)...)
	if err != nil {
		return httpx.Internal(err)
	}
	httpx.SetDownload(w, fmt.Sprintf("%s%s会议记录-%s.docx", v.OrgName, v.TypeName, v.HeldOn.Compact()), docx.ContentType)
	_, err = w.Write(out)
	return err
}

// meetingRecord is the 会议记录's paragraphs in the usual layout: the
// title, the facts, who attended, the agenda, the minutes and resolutions.
func meetingRecord(v *MeetingView, attendees []AttendeeView) []string {
	place := v.Place
	if v.Online {
		place = strings.TrimSpace("线上 " + place)
	}
	out := []string{docx.Title(v.OrgName+v.TypeName+"会议记录", 36),
		docx.Plain("会议主题：" + v.Topic),
		docx.Plain("时　　间：" + when(v.StartsAt, v.EndsAt)),
		docx.Plain("地　　点：" + place),
		docx.Plain("主 持 人：" + v.Host),
		docx.Plain("记 录 人：" + v.Recorder),
	}
	if v.TypeCode == TypeLecture {
		out = append(out, docx.Plain("主 讲 人："+v.Lecturer))
	}
	var expected, present, late, leave, absent, guests []string
	for _, a := range attendees {
		if a.Guest {
			guests = append(guests, strings.TrimSpace(a.Name+" "+a.GuestTitle))
			continue
		}
		expected = append(expected, a.Name)
		switch a.Status {
		case AttendPresent, AttendLate:
			present = append(present, a.Name)
			if a.Status == AttendLate {
				late = append(late, a.Name)
			}
		case AttendLeave:
			leave = append(leave, a.Name)
		case AttendAbsent:
			absent = append(absent, a.Name)
		}
	}
	count := func(label string, names []string) string {
		text := label + "：" + strconv.Itoa(len(names)) + "人"
		if len(names) > 0 {
			text += "（" + strings.Join(names, "、") + "）"
		}
		return docx.Plain(text)
	}
	out = append(out, docx.Plain(fmt.Sprintf("应到：%d人", len(expected))), count("实到", present))
	if len(late) > 0 {
		out = append(out, count("其中迟到", late))
	}
	out = append(out, count("请假", leave), count("缺席", absent))
	if len(guests) > 0 {
		out = append(out, docx.Plain("列席："+strings.Join(guests, "、")))
	}
	section := func(title string, paragraphs []string) {
		out = append(out, docx.Plain(title))
		for _, p := range paragraphs {
			out = append(out, docx.Para(p))
		}
	}
	section("议程：", lines(v.Agenda))
	// The minutes as their editor formatted them (bold, italic, lists), from the HTML sanitised when stored.
	out = append(append(out, docx.Plain("会议内容：")), docx.FromHTML(v.Minutes)...)
	section("决议：", lines(v.Resolutions))
	// The signatures, as the print view (/print/meetingRecord) has them.
	return append(out, docx.Plain(""), docx.Right("主持人（签字）：　　　　　　　　记录人（签字）：　　　　　　　　"),
		docx.Right("记录时间："+recorded(v.MinutesAt)))
}

// recorded is the day the minutes were first recorded ("" before).
func recorded(at *time.Time) string {
	if at == nil {
		return ""
	}
	return date.Of(at.In(date.China)).Chinese()
}

// attachments are a meeting's files: photos taken at it, its materials and
// the 对照检查材料 of 组织生活会 and 民主生活会, seen within the meeting's scope.
func (s *Service) attachments() system.AttachSpec {
	return system.AttachSpec{Module: meetingFiles, Title: "组织生活会议", Read: Perms.List, Edit: Perms.Edit,
		Find: func(ctx context.Context, id int64) error { _, err := s.findMeeting(ctx, s.db, id); return err },
		Kinds: map[string]system.AttachKind{
			FilePhoto:  {Label: "现场照片", Exts: []string{"jpg", "jpeg", "png", "gif", "webp"}, MaxBytes: 10 << 20},
			FileUpload: {Label: "会议材料"},
			FileCheck:  {Label: "对照检查材料"},

			// The opinions collected before a 组织生活会 or 民主生活会 (prepare.go).
			FileOpinion: {Label: "征求意见材料"},
		}}
}
