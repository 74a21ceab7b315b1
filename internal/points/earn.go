package points

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/orglife"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// Entry kinds and sources.
const (
	KindAttend    = "attend"
	KindAbsent    = "absent"
	KindReversal  = "reversal"
	KindVolunteer = "volunteer"
	KindHonour    = "honour"
	KindOther     = "other"
	KindStudy     = "study"
	KindFee       = "fee"
	KindArrears   = "arrears"

	SourceOrgLife = "orglife"
	SourcePSchool = "pschool"
	SourceFee     = "fee"
	SourceManual  = "manual"
)

// Kinds are the entry kinds in the page's order.
var Kinds = []string{KindAttend, KindAbsent, KindStudy, KindFee, KindArrears, KindVolunteer, KindHonour, KindOther, KindReversal}

// ManualKinds are the kinds a branch proposes.
var ManualKinds = []string{KindVolunteer, KindHonour, KindOther}

// KindNames are the entry kinds as users read them.
var KindNames = map[string]string{KindAttend: "参加组织生活", KindAbsent: "无故缺席", KindReversal: "冲正", KindStudy: "党校学习",
	KindFee: "按时交纳党费", KindArrears: "欠缴党费", KindVolunteer: "志愿服务", KindHonour: "获得表彰", KindOther: "其他"}

// Entry is one ledger row (jf_entry).
type Entry struct {
	bun.BaseModel `bun:"table:jf_entry,alias:e"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	MemberID      int64     `bun:"member_id" json:"memberId"`
	MemberName    string    `bun:"member_name" json:"memberName"`
	OrgID         int64     `bun:"org_id" json:"orgId"`
	Year          int       `bun:"year" json:"year"`
	Points        int       `bun:"points" json:"points"`
	Kind          string    `bun:"kind" json:"kind"`
	Source        string    `bun:"source" json:"source"`
	EventKey      string    `bun:"event_key" json:"-"`
	Ref           string    `bun:"ref" json:"link"` // where the source is opened in the web ("" for none)
	Text          string    `bun:"text" json:"text"`
	CreatedAt     time.Time `bun:"created_at" json:"createTime"`
}

// earning is what one source event stands at for a member: the source
// record (Ref, with its newest Revision) gives Points now.
type earning struct {
	Source, Ref, EventKey string
	Revision              int64
	MemberID              int64
	Year                  int
	Points                int
	Kind, Text, Link      string
}

// errRaced: a parallel hearing of the same source record wrote first; the
// hearing is run again and then sees what it wrote.
var errRaced = errors.New("points: a parallel event of the same record")

// Attendance hears a member's attendance at a held meeting: attending
// earns the attend rule, an absence costs the absent rule, a leave
// nothing. A correction reverses what the meeting gave before (a
// compensating entry) and books what it gives now.
func (s *Service) Attendance(ctx context.Context, e orglife.AttendanceRecorded) error {
	rules, err := s.rules(ctx, s.db)
	if err != nil {
		return err
	}
	in := earning{Source: SourceOrgLife, Ref: fmt.Sprintf("meeting:%d", e.MeetingID), Revision: e.Revision,
		EventKey: fmt.Sprintf("attendee:%d@%d", e.AttendeeID, e.Revision), MemberID: e.MemberID,
		Year: yearOf(e.HeldOn), Link: e.Link}
	switch {
	case e.Attended():
		in.Points, in.Kind, in.Text = pointsOf(rules, RuleAttend), KindAttend, fmt.Sprintf("参加组织生活：%s（%s）", e.Topic, e.HeldOn)
	case e.Status == orglife.AttendAbsent:
		in.Points, in.Kind, in.Text = pointsOf(rules, RuleAbsent), KindAbsent, fmt.Sprintf("无故缺席组织生活：%s（%s）", e.Topic, e.HeldOn)
	default:
		in.Kind, in.Text = KindAttend, fmt.Sprintf("组织生活：%s（%s）", e.Topic, e.HeldOn)
	}
	return s.earn(ctx, in)
}

func yearOf(day string) int {
	var y int
	fmt.Sscanf(day, "%d", &y)
	return y
}

// earn books in: once per source event (a replay, or an event older than
// the one heard last for the record, writes nothing), in one transaction
// with the member's yearly total.
func (s *Service) earn(ctx context.Context, in earning) error {
	briefs, err := s.members.Briefs(ctx, s.db, []int64{in.MemberID})
	if err != nil || len(briefs) == 0 {
		return err // a member deleted since: nothing to book
	}
	m := briefs[0]
	for range 3 {
		err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
			var ref struct {
				Revision int64 `bun:"revision"`
				Points   int   `bun:"points"`
			}
			found := true
			if err := tx.NewSelect().Table("jf_ref").Column("revision", "points").Where("source = ?", in.Source).
				Where("ref = ?", in.Ref).Where("member_id = ?", in.MemberID).Scan(ctx, &ref); errors.Is(err, errNoRows) {
				found = false
			} else if err != nil {
				return err
			}
			if found && ref.Revision >= in.Revision {
				return nil // heard already (a replay), or older than what was heard
			}
			if err := moveRef(ctx, tx, in, found, ref.Revision); err != nil {
				return err
			}
			if ref.Points == in.Points {
				return nil
			}
			base := Entry{MemberID: m.ID, MemberName: m.Name, OrgID: m.OrgID, Year: in.Year, Source: in.Source, Ref: in.Link, CreatedAt: s.now()}
			if ref.Points != 0 {
				rev := base
				rev.Points, rev.Kind, rev.EventKey, rev.Text = -ref.Points, KindReversal, in.EventKey+"#reversal", "冲正："+in.Text
				if err := s.book(ctx, tx, rev); err != nil {
					return err
				}
			}
			if in.Points == 0 {
				return nil
			}
			e := base
			e.Points, e.Kind, e.EventKey, e.Text = in.Points, in.Kind, in.EventKey, in.Text
			return s.book(ctx, tx, e)
		})
		if !errors.Is(err, errRaced) {
			return err
		}
	}
	return err
}

// moveRef records that the source record now stands at in: a new record
// inserted, a known one moved on from revision was (conditionally, so that
// of two parallel hearings one moves it and the other runs again).
func moveRef(ctx context.Context, tx bun.Tx, in earning, found bool, was int64) error {
	if !found {
		res, err := tx.NewRaw("INSERT INTO jf_ref (source, ref, member_id, revision, points) VALUES (?, ?, ?, ?, ?) "+
			"ON CONFLICT (source, ref, member_id) DO NOTHING", in.Source, in.Ref, in.MemberID, in.Revision, in.Points).Exec(ctx)
		return raced(res, err)
	}
	res, err := tx.NewUpdate().Table("jf_ref").Set("revision = ?", in.Revision).Set("points = ?", in.Points).
		Where("source = ?", in.Source).Where("ref = ?", in.Ref).Where("member_id = ?", in.MemberID).Where("revision = ?", was).Exec(ctx)
	return raced(res, err)
}

func raced(res interface{ RowsAffected() (int64, error) }, err error) error {
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errRaced
	}
	return nil
}

// book writes entry e once (its source event's key is unique) and adds
// its points to the member's total of the year.
func (s *Service) book(ctx context.Context, tx bun.Tx, e Entry) error {
	res, err := tx.NewInsert().Model(&e).On("CONFLICT (source, event_key, member_id) DO NOTHING").Exec(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	_, err = tx.NewRaw("INSERT INTO jf_total (member_id, year, member_name, org_id, points) VALUES (?, ?, ?, ?, ?) "+
		"ON CONFLICT (member_id, year) DO UPDATE SET points = jf_total.points + EXCLUDED.points, "+
		"member_name = EXCLUDED.member_name, org_id = EXCLUDED.org_id", e.MemberID, e.Year, e.MemberName, e.OrgID, e.Points).Exec(ctx)
	return err
}

var errNoRows = sql.ErrNoRows
