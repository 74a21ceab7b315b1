package orglife

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/platform/record"
	"zhdj/internal/system"
)

// 会前准备 (docs/orglife.md, "Preparation"): before a 组织生活会 or a
// 民主生活会 starts, talks are held with every participant (谈心谈话),
// opinions are collected (征求意见) and each participant has handed in their
// 对照检查材料. START is refused until all three are done.

// FileOpinion is the meeting attachments' kind of the opinions collected.
const FileOpinion = "opinion"

// talkWindowDays is how far before the meeting's day the talks that prepare
// it are read: the talks of the run-up, not of the whole year.
const talkWindowDays = 90

// attendeeFiles keys the files of one attendee (their 对照检查材料) among
// the attachments: record id = the attendee's id.
const attendeeFiles = "zzsh_attendee"

// meetingFiles is the attachment module of meetings (photos, minutes, materials).
const meetingFiles = "zzsh_meeting"

// Bounds of the preparation's notes (characters; the columns' sizes).
const (
	maxTalksNote    = 500
	maxOpinionsNote = 2000
)

// Preparation is a meeting's 会前准备 as the drawer's tab shows it and START
// judges it.
type Preparation struct {
	Required bool        `json:"required"` // the meeting's type asks for it (组织生活会, 民主生活会)
	Talks    TalkPrep    `json:"talks"`
	Opinions OpinionPrep `json:"opinions"`
	Checks   CheckPrep   `json:"checks"`
	Ready    bool        `json:"ready"`   // all three done: START may go
	Missing  []string    `json:"missing"` // what is not done, as START's refusal names it
}

// TalkPrep is 谈心谈话: the talks the meeting's organisation recorded in the
// window (the talk module), the participants named in them, and the host's
// confirmation by hand when the records cannot show it.
type TalkPrep struct {
	From        date.Date  `json:"from"`
	To          date.Date  `json:"to"`
	Talks       int        `json:"talks"`     // talks recorded in the window
	Members     int        `json:"members"`   // participants
	Covered     int        `json:"covered"`   // participants named as 谈话对象
	Uncovered   []string   `json:"uncovered"` // participants not named
	Confirmed   bool       `json:"confirmed"`
	Note        string     `json:"note"`
	ConfirmedBy string     `json:"confirmedBy"`
	ConfirmedAt *time.Time `json:"confirmedAt"`
	Done        bool       `json:"done"`
}

// OpinionPrep is 征求意见: the host's note of how and what was collected,
// and the files of kind FileOpinion.
type OpinionPrep struct {
	Note       string     `json:"note"`
	RecordedBy string     `json:"recordedBy"`
	RecordedAt *time.Time `json:"recordedAt"`
	Files      int        `json:"files"`
	Done       bool       `json:"done"`
}

// CheckPrep is 对照检查材料: each participant's files.
type CheckPrep struct {
	Participants []CheckLine `json:"participants"`
	Uploaded     int         `json:"uploaded"` // participants with at least one file
	Done         bool        `json:"done"`
}

// CheckLine is one participant and how many files of their 对照检查材料 are kept.
type CheckLine struct {
	AttendeeID int64  `json:"attendeeId"`
	Name       string `json:"name"`
	Files      int    `json:"files"`
}

// TalksInput is the body of the host's confirmation of the talks by hand.
type TalksInput struct {
	Confirmed bool   `json:"confirmed"`
	Note      string `json:"note"` // why the records cannot show it (required to confirm)
}

// OpinionsInput is the body of recording the opinions collected ("" withdraws it).
type OpinionsInput struct {
	Note string `json:"note"`
}

// MyCheck is a meeting the signed-in member attends that asks for their
// 对照检查材料: GET /api/zzsh/my/checks.
type MyCheck struct {
	AttendeeID int64     `json:"attendeeId"`
	MeetingID  int64     `json:"meetingId"`
	Topic      string    `json:"topic"`
	OrgName    string    `json:"orgName"`
	TypeName   string    `json:"typeName"`
	StartsAt   time.Time `json:"startsAt"`
	State      int       `json:"state"`
	Files      int       `json:"files"`
}

// prepRow is the host's part of a meeting's preparation (a row of zzsh_prepare).
type prepRow struct {
	bun.BaseModel  `bun:"table:zzsh_prepare,alias:p"`
	MeetingID      int64      `bun:"meeting_id,pk"`
	TalksConfirmed bool       `bun:"talks_confirmed"`
	TalksNote      string     `bun:"talks_note"`
	TalksBy        string     `bun:"talks_by"`
	TalksAt        *time.Time `bun:"talks_at"`
	OpinionsNote   string     `bun:"opinions_note"`
	OpinionsBy     string     `bun:"opinions_by"`
	OpinionsAt     *time.Time `bun:"opinions_at"`
	CreatedAt      time.Time  `bun:"created_at"`
	UpdatedAt      time.Time  `bun:"updated_at"`
}

// prepTrail is what the meeting's trail shows of the preparation.
var prepTrail = &record.Decl{Module: TrailModule, Noun: "会议", Fields: []record.Field{
	record.Text("talksConfirmed", "谈心谈话（主持人确认）"), record.Text("talksNote", "谈心谈话说明"),
	record.Text("opinions", "征求意见情况"),
}}

func prepView(p *prepRow) map[string]string {
	return map[string]string{"talksConfirmed": yes(p.TalksConfirmed), "talksNote": p.TalksNote, "opinions": p.OpinionsNote}
}

func errNoCheckFiles() *httpx.Error { return httpx.NotFound("参会人员不存在") }

// prepareRoutes registers the preparation, the participants' files (the
// host's routes and the member's own) and the member's list of them.
func (s *Service) prepareRoutes(rs *httpx.Routes) {
	rs = rs.In("组织生活")
	const base = "/api/zzsh/meetings/{id}/prepare"
	rs.Get(base, Perms.List, "查看会前准备", httpx.ReadOn(errNoMeeting, s.Preparation))
	rs.Put(base+"/talks", Perms.Edit, "确认谈心谈话", httpx.ChangeOn(errNoMeeting, s.ConfirmTalks))
	rs.Put(base+"/opinions", Perms.Edit, "登记征求意见", httpx.ChangeOn(errNoMeeting, s.RecordOpinions))
	s.sys.AttachRoutes(rs, "/api/zzsh/attendees", s.checkFiles(Perms.List, Perms.Edit, s.scopedParticipant))
	s.sys.AttachRoutes(rs, "/api/zzsh/my/attendees", s.checkFiles(httpx.SignedIn, httpx.SignedIn, s.ownParticipant))
	rs.Get("/api/zzsh/my/checks", httpx.SignedIn, "我的对照检查材料", func(w http.ResponseWriter, r *http.Request) error {
		out, err := s.MyChecks(r.Context())
		if err != nil {
			return err
		}
		return httpx.OK(w, out)
	})
}

// checkFiles declares a participant's 对照检查材料, read and changed with
// permissions read and edit, the participant found by find.
func (s *Service) checkFiles(read, edit string, find func(ctx context.Context, id int64) error) system.AttachSpec {
	return system.AttachSpec{Module: attendeeFiles, Title: "对照检查材料", Read: read, Edit: edit, Find: find,
		Kinds: map[string]system.AttachKind{FileCheck: {Label: "对照检查材料", MaxFiles: 10}}}
}

// participantQuery selects the participant (an attendee, not a guest) id of
// a live meeting whose type asks for preparation, with the meeting as m.
func (s *Service) participantQuery(id int64) *bun.SelectQuery {
	return s.db.NewSelect().Model((*Attendee)(nil)).Column("a.id").
		Join("JOIN zzsh_meeting AS m ON m.id = a.meeting_id").
		Where("a.id = ?", id).Where("a.guest = ?", false).Where("m.cancelled_at IS NULL").
		Where("(m.type_code IN (?) OR m.type_code IN (SELECT code FROM zzsh_meeting_type WHERE counts_as IN (?)))",
			bun.In(preparedTypes), bun.In(preparedTypes))
}

var preparedTypes = []string{TypeLifeMeeting, TypeDemocratic}

// scopedParticipant answers nil for a participant of a meeting of the
// caller's scope, else 404.
func (s *Service) scopedParticipant(ctx context.Context, id int64) error {
	restrict, err := s.orgs.Scoped("m.org_id")(ctx)
	if err != nil {
		return err
	}
	n, err := restrict(s.participantQuery(id)).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n == 0 {
		return errNoCheckFiles()
	}
	return nil
}

// ownParticipant answers nil when participant id is the caller's own member
// record, else 404: a member hands in only their own material, and only for
// a meeting they attend.
func (s *Service) ownParticipant(ctx context.Context, id int64) error {
	own, err := s.members.OwnFacts(ctx)
	if err != nil {
		return err
	}
	if own == nil {
		return errNoCheckFiles()
	}
	n, err := s.participantQuery(id).Where("a.member_id = ?", own.ID).Count(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n == 0 {
		return errNoCheckFiles()
	}
	return nil
}

// MyChecks lists the meetings the caller's own member record attends that
// ask for 对照检查材料 and have not ended (published or started), with the
// files handed in.
func (s *Service) MyChecks(ctx context.Context) ([]MyCheck, error) {
	out := []MyCheck{}
	own, err := s.members.OwnFacts(ctx)
	if err != nil || own == nil {
		return out, err
	}
	var rows []struct {
		AttendeeID int64     `bun:"attendee_id"`
		MeetingID  int64     `bun:"meeting_id"`
		OrgID      int64     `bun:"org_id"`
		Topic      string    `bun:"topic"`
		TypeCode   string    `bun:"type_code"`
		StartsAt   time.Time `bun:"starts_at"`
		State      int       `bun:"state"`
	}
	err = s.db.NewSelect().Model((*Attendee)(nil)).ColumnExpr("a.id AS attendee_id, m.id AS meeting_id").
		ColumnExpr("m.org_id, m.topic, m.type_code, m.starts_at, m.state").
		Join("JOIN zzsh_meeting AS m ON m.id = a.meeting_id").
		Where("a.member_id = ?", own.ID).Where("a.guest = ?", false).Where("m.cancelled_at IS NULL").
		Where("m.state IN (?)", bun.In([]int{StatePublished, StateStarted})).
		Where("(m.type_code IN (?) OR m.type_code IN (SELECT code FROM zzsh_meeting_type WHERE counts_as IN (?)))",
			bun.In(preparedTypes), bun.In(preparedTypes)).
		OrderExpr("m.starts_at, m.id").Limit(100).Scan(ctx, &rows)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	ids, orgIDs := make([]int64, len(rows)), make([]int64, len(rows))
	for i, r := range rows {
		ids[i], orgIDs[i] = r.AttendeeID, r.OrgID
	}
	files, err := s.sys.AttachmentCounts(ctx, attendeeFiles, FileCheck, ids)
	if err != nil {
		return nil, err
	}
	names, err := s.orgs.Names(ctx, orgIDs)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	for _, r := range rows {
		out = append(out, MyCheck{AttendeeID: r.AttendeeID, MeetingID: r.MeetingID, Topic: r.Topic, OrgName: names[r.OrgID],
			TypeName: s.typeName(ctx, r.TypeCode), StartsAt: r.StartsAt, State: r.State, Files: files[r.AttendeeID]})
	}
	return out, nil
}

// CheckPath is the web page where a member hands in their own 对照检查材料.
const CheckPath = "/web/democratic/meeting/check"

// checkNotice is what the notice of a published meeting adds for the
// participants when its type asks for 对照检查材料 ("" otherwise).
func (s *Service) checkNotice(ctx context.Context, m *Meeting) string {
	if ok, err := s.needsPreparation(ctx, m.TypeCode); err != nil || !ok {
		return ""
	}
	return "请于会前在“提交对照检查材料”页面（" + CheckPath + "）上传本人的对照检查材料。"
}

// needsPreparation tells whether a meeting of type code has a preparation:
// 组织生活会 and 民主生活会, and the school's types counting as them.
func (s *Service) needsPreparation(ctx context.Context, code string) (bool, error) {
	if code == TypeLifeMeeting || code == TypeDemocratic {
		return true, nil
	}
	t, err := s.meetingType(ctx, code)
	if err != nil || t == nil {
		return false, err
	}
	return t.CountsAs == TypeLifeMeeting || t.CountsAs == TypeDemocratic, nil
}

// Preparation answers meeting id's preparation (the caller's scope, else 404).
func (s *Service) Preparation(ctx context.Context, id int64) (Preparation, error) {
	m, err := s.findMeeting(ctx, s.db, id)
	if err != nil {
		return Preparation{}, err
	}
	return s.preparation(ctx, s.db, m)
}

// preparation reads and judges meeting m's preparation through idb.
func (s *Service) preparation(ctx context.Context, idb bun.IDB, m *Meeting) (Preparation, error) {
	out := Preparation{Missing: []string{}, Checks: CheckPrep{Participants: []CheckLine{}}, Talks: TalkPrep{Uncovered: []string{}}}
	required, err := s.needsPreparation(ctx, m.TypeCode)
	if err != nil || !required {
		return out, err
	}
	out.Required = true
	p, err := s.prepRow(ctx, idb, m.ID)
	if err != nil {
		return out, err
	}
	var people []Attendee
	if err := idb.NewSelect().Model(&people).Column("a.id", "a.name").Where("a.meeting_id = ?", m.ID).
		Where("a.guest = ?", false).OrderExpr("a.id").Scan(ctx); err != nil {
		return out, httpx.Internal(err)
	}
	// 谈心谈话: the participants named in the organisation's talks of the window.
	t := &out.Talks
	t.To = m.HeldOn
	t.From = m.HeldOn.AddDays(-talkWindowDays)
	talks, named, err := s.talks.NamedBetween(ctx, m.OrgID, t.From, t.To)
	if err != nil {
		return out, httpx.Internal(err)
	}
	t.Talks, t.Members = talks, len(people)
	for _, a := range people {
		if named[a.Name] {
			t.Covered++
		} else {
			t.Uncovered = append(t.Uncovered, a.Name)
		}
	}
	t.Confirmed, t.Note, t.ConfirmedBy, t.ConfirmedAt = p.TalksConfirmed, p.TalksNote, p.TalksBy, p.TalksAt
	t.Done = len(people) > 0 && (t.Covered == t.Members || t.Confirmed)
	// 征求意见: the host's note, with the files.
	o := &out.Opinions
	o.Note, o.RecordedBy, o.RecordedAt = p.OpinionsNote, p.OpinionsBy, p.OpinionsAt
	opinionFiles, err := s.sys.AttachmentCounts(ctx, s.attachments().Module, FileOpinion, []int64{m.ID})
	if err != nil {
		return out, err
	}
	o.Files, o.Done = opinionFiles[m.ID], o.Note != ""
	// 对照检查材料: every participant's files.
	ids := make([]int64, len(people))
	for i, a := range people {
		ids[i] = a.ID
	}
	files, err := s.sys.AttachmentCounts(ctx, attendeeFiles, FileCheck, ids)
	if err != nil {
		return out, err
	}
	var lacking []string
	for _, a := range people {
		out.Checks.Participants = append(out.Checks.Participants, CheckLine{AttendeeID: a.ID, Name: a.Name, Files: files[a.ID]})
		if files[a.ID] > 0 {
			out.Checks.Uploaded++
		} else {
			lacking = append(lacking, a.Name)
		}
	}
	out.Checks.Done = len(people) > 0 && len(lacking) == 0
	switch {
	case len(people) == 0:
		out.Missing = append(out.Missing, "没有参会党员")
	case !t.Done:
		out.Missing = append(out.Missing, "谈心谈话未覆盖全部参会党员（"+nameList(t.Uncovered)+"），或由主持人确认并说明")
	}
	if !o.Done {
		out.Missing = append(out.Missing, "尚未登记征求意见情况")
	}
	if len(people) > 0 && len(lacking) > 0 {
		out.Missing = append(out.Missing, "以下人员未上传对照检查材料："+nameList(lacking))
	}
	out.Ready = len(out.Missing) == 0
	return out, nil
}

// nameList joins at most ten names, and says how many there are beyond.
func nameList(list []string) string {
	const shown = 10
	if len(list) <= shown {
		return strings.Join(list, "、")
	}
	return strings.Join(list[:shown], "、") + "等" + strconv.Itoa(len(list)) + "人"
}

// prepRow reads meeting id's preparation row (zero values when none is kept).
func (s *Service) prepRow(ctx context.Context, idb bun.IDB, id int64) (*prepRow, error) {
	p := &prepRow{MeetingID: id}
	err := idb.NewSelect().Model(p).WherePK().Scan(ctx)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, httpx.Internal(err)
	}
	return p, nil
}

// readyToStart is START's vet of a meeting whose type asks for preparation:
// refused with a 400 naming what is missing.
func (s *Service) readyToStart(ctx context.Context, tx bun.Tx, m *Meeting) error {
	p, err := s.preparation(ctx, tx, m)
	if err != nil {
		return err
	}
	if p.Required && !p.Ready {
		return httpx.BadRequest("会前准备未完成，不能开始会议：%s", strings.Join(p.Missing, "；"))
	}
	return nil
}

// ConfirmTalks records (or withdraws) the host's confirmation that the talks
// were held when the talk records cannot show it; a confirmation needs a note.
func (s *Service) ConfirmTalks(ctx context.Context, id int64, in TalksInput) (Preparation, error) {
	note := strings.TrimSpace(in.Note)
	if in.Confirmed {
		if err := record.Required("note", "确认说明", note, maxTalksNote); err != nil {
			return Preparation{}, err
		}
	} else {
		note = ""
	}
	return s.changePrep(ctx, id, func(p *prepRow, by string, now time.Time) {
		p.TalksConfirmed, p.TalksNote, p.TalksBy, p.TalksAt = in.Confirmed, note, by, &now
		if !in.Confirmed {
			p.TalksBy, p.TalksAt = "", nil
		}
	}, "talks_confirmed", "talks_note", "talks_by", "talks_at")
}

// RecordOpinions records how and what opinions were collected ("" withdraws it).
func (s *Service) RecordOpinions(ctx context.Context, id int64, in OpinionsInput) (Preparation, error) {
	note := strings.TrimSpace(in.Note)
	if err := record.MaxLen("note", "征求意见情况", note, maxOpinionsNote); err != nil {
		return Preparation{}, err
	}
	return s.changePrep(ctx, id, func(p *prepRow, by string, now time.Time) {
		p.OpinionsNote, p.OpinionsBy, p.OpinionsAt = note, by, &now
		if note == "" {
			p.OpinionsBy, p.OpinionsAt = "", nil
		}
	}, "opinions_note", "opinions_by", "opinions_at")
}

// changePrep changes meeting id's preparation before START (a draft or
// published meeting of a type that asks for it): the row is made once, then
// changed by one UPDATE conditional on the version read (two hosts at once:
// one wins, the other 409), with an entry in the meeting's trail.
func (s *Service) changePrep(ctx context.Context, id int64, change func(p *prepRow, by string, now time.Time), columns ...string) (Preparation, error) {
	err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		m, err := s.liveMeeting(ctx, tx, id)
		if err != nil {
			return err
		}
		if required, err := s.needsPreparation(ctx, m.TypeCode); err != nil {
			return err
		} else if !required {
			return httpx.BadRequest("该类型的会议没有会前准备")
		}
		if m.State > StatePublished {
			return httpx.BadRequest("会议已开始，会前准备不能再修改")
		}
		now := s.now()
		if _, err := tx.NewInsert().Model(&prepRow{MeetingID: id, CreatedAt: now, UpdatedAt: now}).
			On("CONFLICT (meeting_id) DO NOTHING").Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
		cur, err := s.prepRow(ctx, tx, id)
		if err != nil {
			return err
		}
		next := *cur
		change(&next, rbac.From(ctx).AccountName(), now)
		next.UpdatedAt = now
		_, err = prepTrail.Save(ctx, tx, plainLabels, record.Save{Origin: audit.OriginUserUpdate, Snapshot: &next,
			Before: prepView(cur), After: prepView(&next),
			Write: func(ctx context.Context) (int64, error) {
				res, err := tx.NewUpdate().Model(&next).Column(append(columns, "updated_at")...).WherePK().
					Where("updated_at = ?", cur.UpdatedAt).Exec(ctx)
				return id, record.Conditional(res, err, 1, httpx.Conflict("会前准备已被他人修改，请刷新后重试"))
			}})
		return err
	})
	if err != nil {
		return Preparation{}, httpx.AsError(err)
	}
	return s.Preparation(ctx, id)
}

// dropCheckFiles removes the 对照检查材料 of attendees ids being deleted,
// inside the deleting transaction; their files go once it commits.
func (s *Service) dropCheckFiles(ctx context.Context, tx bun.IDB, ids []int64) error {
	return s.dropFiles(ctx, tx, attendeeFiles, ids)
}

// dropFiles removes the attachments of module's records ids being deleted,
// inside the deleting transaction; their files go once it commits.
func (s *Service) dropFiles(ctx context.Context, tx bun.IDB, module string, ids []int64) error {
	return s.sys.DropAttachments(ctx, tx, module, ids)
}

// dropMeetingsCheckFiles is dropCheckFiles of the attendees of meetings ids.
func (s *Service) dropMeetingsCheckFiles(ctx context.Context, tx bun.IDB, ids []int64) error {
	var attendees []int64
	if err := tx.NewSelect().Model((*Attendee)(nil)).Column("a.id").Where("a.meeting_id IN (?)", bun.In(ids)).
		Scan(ctx, &attendees); err != nil {
		return httpx.Internal(err)
	}
	return s.dropCheckFiles(ctx, tx, attendees)
}

// migratePrepare creates the preparation and the rectification items, and
// the page of the ledger (整改台账): its API is the meetings' hy:list and
// hy:export, so the roles that manage meetings get it and no button.
func migratePrepare(ctx context.Context, tx bun.Tx) error {
	err := db.DDL(ctx, tx, `CREATE TABLE zzsh_prepare (
			meeting_id BIGINT PRIMARY KEY REFERENCES zzsh_meeting(id) ON DELETE CASCADE,
			talks_confirmed BOOLEAN NOT NULL DEFAULT FALSE,
			talks_note VARCHAR(500) NOT NULL DEFAULT '',
			talks_by VARCHAR(50) NOT NULL DEFAULT '',
			talks_at TIMESTAMP NULL,
			opinions_note VARCHAR(2000) NOT NULL DEFAULT '',
			opinions_by VARCHAR(50) NOT NULL DEFAULT '',
			opinions_at TIMESTAMP NULL,
			{{stamps}})`,
		`CREATE TABLE zzsh_rectify (
			id {{pk}},
			meeting_id BIGINT NOT NULL REFERENCES zzsh_meeting(id),
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			content VARCHAR(1000) NOT NULL,
			owner VARCHAR(50) NOT NULL,
			owner_member_id BIGINT NULL REFERENCES dyjbxx(id),
			deadline DATE NOT NULL,
			state SMALLINT NOT NULL DEFAULT 1,
			closing_note VARCHAR(1000) NOT NULL DEFAULT '',
			closed_by VARCHAR(50) NOT NULL DEFAULT '',
			closed_at TIMESTAMP NULL,
			{{stamps}})`,
		// A meeting's tab lists its items; the ledger filters the scope's
		// organisations by state and deadline; the reminder reads open items
		// by deadline.
		`CREATE INDEX idx_zzsh_rectify_meeting ON zzsh_rectify(meeting_id)`,
		`CREATE INDEX idx_zzsh_rectify_org ON zzsh_rectify(org_id, state, deadline)`,
		`CREATE INDEX idx_zzsh_rectify_due ON zzsh_rectify(state, deadline)`,
		`CREATE TABLE zzsh_rectify_progress (
			id {{pk}},
			item_id BIGINT NOT NULL REFERENCES zzsh_rectify(id) ON DELETE CASCADE,
			noted_on DATE NOT NULL,
			note VARCHAR(1000) NOT NULL,
			author VARCHAR(50) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_zzsh_rectify_progress_item ON zzsh_rectify_progress(item_id, noted_on)`)
	if err != nil {
		return err
	}
	if err := system.AddPages(ctx, tx, MenuDir, []system.MenuSeed{{Title: "整改台账", Name: "Zgtz", Path: "zgtz", Component: ledgerPage,
		Icon: "file", Type: system.MenuPage}}, system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary); err != nil {
		return err
	}
	// After 民主生活会 (50), whose rectification items it lists, before 其他会议 (60).
	return system.SortPage(ctx, tx, ledgerPage, 55)
}

// ledgerPage is the component of the 整改台账 page.
const ledgerPage = "orglife/rectify"
