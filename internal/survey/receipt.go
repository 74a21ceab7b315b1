package survey

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/orglife"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// The meeting receipt (会议回执) is a questionnaire of this designer: when a
// meeting whose host asked for one closes, orglife publishes
// orglife.ReceiptAsked in the close's transaction and openReceipt publishes
// a named questionnaire on MeetingReceiptPaper, sent to the members on the
// meeting's list (a CUSTOM audience), open until the receipt's deadline and
// tied to the meeting (wj_questionnaire.meeting_id). Members answer it at its
// public link like any questionnaire; the host reads its results, its
// answers and its workbook in the meeting's 回执 tab through the routes
// under /api/wj/meeting/{id}, with the meetings' permissions and scope.

// The receipt's satisfactions (its first question's options), in order.
const (
	Satisfied   = "satisfied"   // 满意
	Basic       = "basic"       // 基本满意
	Unsatisfied = "unsatisfied" // 不满意
)

// Satisfactions in the paper's order, and their names.
var (
	Satisfactions     = []string{Satisfied, Basic, Unsatisfied}
	SatisfactionNames = map[string]string{Satisfied: "满意", Basic: "基本满意", Unsatisfied: "不满意"}
)

// MaxReceiptText bounds 收获体会 and 意见建议 (characters).
const MaxReceiptText = 1000

// MeetingReceiptPath is the page the receipts' first messages linked
// (?id=<meeting>): it opens the meeting's questionnaire.
const MeetingReceiptPath = "/questionnaire/meeting"

// MsgNoReceipt answers alike whatever the reason (no such meeting, no
// receipt asked, the caller not on its list).
const MsgNoReceipt = "没有找到需要您填写的会议回执"

func errNoReceipt() *httpx.Error { return httpx.NotFound(MsgNoReceipt) }
func errNoMeeting() *httpx.Error { return httpx.NotFound("会议不存在") }

// MeetingReceiptPaper is the meeting receipt's paper: 满意度 (required),
// 收获体会 and 意见建议.
func MeetingReceiptPaper() ballot.Paper {
	opts := make([]ballot.Option, len(Satisfactions))
	for i, s := range Satisfactions {
		opts[i] = ballot.Option{Key: s, Label: SatisfactionNames[s]}
	}
	return ballot.Paper{Title: "会议回执", Questions: []ballot.Question{
		{Key: "satisfaction", Kind: ballot.Single, Title: "满意度", Required: true, Options: opts},
		{Key: "gains", Kind: ballot.Text, Title: "收获体会", MaxLen: MaxReceiptText},
		{Key: "suggestions", Kind: ballot.Text, Title: "意见建议", MaxLen: MaxReceiptText},
	}}
}

// receiptTitle is the title of meeting topic's receipt (within MaxTitle).
func receiptTitle(topic string) string { return db.Clip("会议回执："+topic, MaxTitle) }

// subscribe answers orglife's ReceiptAsked in the close's transaction.
func (s *Service) subscribe(b *event.Bus) {
	event.Subscribe(b, s.openReceipt)
}

// openReceipt publishes meeting e's receipt: a named questionnaire of the
// members on its list, collecting until e.ClosesAt; the members with an
// account are told in the message centre with its link. A list without a
// member with an account still gets its questionnaire (nobody to answer:
// the 回执 tab shows 0 of 0).
func (s *Service) openReceipt(ctx context.Context, tx bun.Tx, e orglife.ReceiptAsked) error {
	members := uniqIDs(e.Members)
	accounts, err := s.members.AccountsOf(ctx, tx, members)
	if err != nil {
		return err
	}
	q, err := receiptQuestionnaire(e.OrgID, e.MeetingID, e.Topic, e.Facts, members, e.ClosedAt, e.ClosesAt, s.now())
	if err != nil {
		return err
	}
	q.Audience, q.CreatedBy = len(accounts), db.Clip(accountName(ctx), 50)
	if _, err := tx.NewInsert().Model(q).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("survey: receipt of meeting %d: %w", e.MeetingID, err)
	}
	if err := addRoll(ctx, tx, q.ID, accounts); err != nil {
		return err
	}
	if len(accounts) == 0 {
		return nil
	}
	last := e.ClosesAt.In(date.China).Add(-time.Second)
	content := fmt.Sprintf("%s已结束，请于%s24时前填写会议回执（满意度、收获体会和意见建议）。", e.Topic, date.Of(last).Chinese())
	return s.sys.Notify(ctx, tx, accounts, receiptTitle(e.Topic), content, PublicPrefix+*q.Token, false)
}

// receiptQuestionnaire is the receipt of meeting meetingID of organisation
// orgID on topic (facts its introduction), for the member records on its
// list, published at CLOSE (closedAt) and collecting until closesAt, with a
// fresh link; the caller sets its audience and writes it.
func receiptQuestionnaire(orgID, meetingID int64, topic, facts string, members []int64, closedAt, closesAt time.Time, now time.Time) (*Questionnaire, error) {
	paper := MeetingReceiptPaper()
	paper.Title, paper.Intro = receiptTitle(topic), facts
	body, err := json.Marshal(paper)
	if err != nil {
		return nil, err
	}
	targets, err := json.Marshal(Targets{Members: members})
	if err != nil {
		return nil, err
	}
	token := newToken()
	return &Questionnaire{OrgID: orgID, Title: paper.Title, PaperJSON: string(body), ShareType: ShareCustom, TargetsJSON: string(targets),
		State: StateShare, ClosesAt: &closesAt, Token: &token, PublishedAt: &closedAt, MeetingID: &meetingID, Stamps: db.StampsAt(now)}, nil
}

// receiptRoutes registers the receipt's routes: the member's way from the
// first messages' page to the questionnaire, and the host's view, answers
// and export (the meetings' permissions, the meeting in the caller's scope).
//
//	GET /api/wj/meeting/{id}          the caller's receipt of meeting id: its link (signed in, on its list)
//	GET /api/wj/meeting/{id}/receipt  the receipt's questionnaire and results (hy:list)
//	GET /api/wj/meeting/{id}/texts    a text question's answers, paged (hy:list)
//	GET /api/wj/meeting/{id}/answers  the answers, paged (hy:list)
//	GET /api/wj/meeting/{id}/export   every answer as a workbook (hy:export)
func (s *Service) receiptRoutes(rs *httpx.Routes) {
	r := rs.In("会议回执")
	const base = "/api/wj/meeting/{id}"
	r.Get(base, httpx.SignedIn, "打开会议回执", httpx.ReadOn(errNoReceipt, s.MyReceipt))
	r.Get(base+"/receipt", orglife.Perms.List, "查看会议回执", httpx.ReadOn(errNoMeeting, s.MeetingReceipt))
	r.Get(base+"/texts", orglife.Perms.List, "查看会议回执填写内容", httpx.ListUnder(errNoMeeting, s.receiptTexts))
	r.Get(base+"/answers", orglife.Perms.List, "查看会议回执答卷", httpx.ListUnder(errNoMeeting, s.receiptAnswers))
	r.Get(base+"/export", orglife.Perms.Export, "导出会议回执", httpx.WriteID(errNoMeeting, s.exportReceipt))
}

// ReceiptLink is where the caller answers a meeting's receipt.
type ReceiptLink struct {
	Link     string     `json:"link"`
	ClosesAt *time.Time `json:"closesAt"`
	// Over: stopped or past its deadline (the link takes no answer).
	Over     bool `json:"over"`
	Answered bool `json:"answered"`
}

// MyReceipt is the caller's receipt of meeting id: 404 MsgNoReceipt unless
// the meeting's receipt questionnaire was sent to the caller.
func (s *Service) MyReceipt(ctx context.Context, id int64) (ReceiptLink, error) {
	account := rbac.UserID(ctx)
	q := new(Questionnaire)
	err := s.db.NewSelect().Model(q).Where("q.meeting_id = ?", id).Where("q.state <> ?", StateDraft).
		Where("EXISTS (SELECT 1 FROM wj_roll AS r WHERE r.questionnaire_id = q.id AND r.account_id = ?)", account).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return ReceiptLink{}, errNoReceipt()
	} else if err != nil {
		return ReceiptLink{}, httpx.Internal(err)
	}
	answered, err := s.db.NewSelect().Model((*Answer)(nil)).Where("questionnaire_id = ?", q.ID).Where("account_id = ?", account).Exists(ctx)
	if err != nil {
		return ReceiptLink{}, httpx.Internal(err)
	}
	over := q.State != StateShare || q.ClosesAt != nil && !s.now().Before(*q.ClosesAt)
	return ReceiptLink{Link: PublicPrefix + *q.Token, ClosesAt: q.ClosesAt, Over: over, Answered: answered}, nil
}

// MeetingReceipt is meeting id's receipt for its host: the questionnaire
// (nil when none was asked or the meeting has not closed) with its results.
type MeetingReceipt struct {
	MeetingID     int64    `json:"meetingId"`
	Questionnaire *View    `json:"questionnaire"`
	Results       *Results `json:"results"`
}

// receiptOf is the id of meeting id's receipt questionnaire, the meeting
// in the caller's scope (else 404 会议不存在); 0 when it has none.
func (s *Service) receiptOf(ctx context.Context, id int64) (int64, error) {
	if _, err := s.life.Brief(ctx, id); err != nil {
		return 0, err
	}
	var qid int64
	err := s.db.NewSelect().Model((*Questionnaire)(nil)).Column("id").Where("meeting_id = ?", id).Scan(ctx, &qid)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, httpx.Internal(err)
	}
	return qid, nil
}

// MeetingReceipt answers meeting id's receipt for its host.
func (s *Service) MeetingReceipt(ctx context.Context, id int64) (MeetingReceipt, error) {
	out := MeetingReceipt{MeetingID: id}
	qid, err := s.receiptOf(ctx, id)
	if err != nil || qid == 0 {
		return out, err
	}
	v, err := s.find(ctx, s.db, qid)
	if err != nil {
		return out, err
	}
	r, err := s.resultsOf(ctx, v)
	if err != nil {
		return out, err
	}
	out.Questionnaire, out.Results = v, &r
	return out, nil
}

// receiptQuestionnaire is receiptOf refusing a meeting without a receipt.
func (s *Service) receiptQuestionnaire(ctx context.Context, id int64) (int64, error) {
	qid, err := s.receiptOf(ctx, id)
	if err == nil && qid == 0 {
		return 0, httpx.NotFound("该会议没有会议回执")
	}
	return qid, err
}

func (s *Service) receiptTexts(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[TextAnswer], error) {
	qid, err := s.receiptQuestionnaire(ctx, id)
	if err != nil {
		return httpx.PageResult[TextAnswer]{Content: []TextAnswer{}}, err
	}
	return s.TextPage(ctx, qid, lq)
}

func (s *Service) receiptAnswers(ctx context.Context, id int64, lq httpx.ListQuery) (httpx.PageResult[AnswerRow], error) {
	qid, err := s.receiptQuestionnaire(ctx, id)
	if err != nil {
		return httpx.PageResult[AnswerRow]{Content: []AnswerRow{}}, err
	}
	page, err := s.AnswerPage(ctx, qid, lq)
	if err != nil {
		return page, err
	}
	// Each member's attendance at the meeting beside their answer (orglife's list).
	var members []int64
	for _, a := range page.Content {
		if a.memberID != nil {
			members = append(members, *a.memberID)
		}
	}
	attendance, err := s.life.AttendanceOf(ctx, id, members)
	if err != nil {
		return page, err
	}
	for i := range page.Content {
		if m := page.Content[i].memberID; m != nil {
			page.Content[i].Attendance = attendance[*m]
		}
	}
	return page, nil
}

func (s *Service) exportReceipt(w http.ResponseWriter, r *http.Request, id int64) error {
	qid, err := s.receiptQuestionnaire(r.Context(), id)
	if err != nil {
		return err
	}
	return s.export(w, r, qid)
}
