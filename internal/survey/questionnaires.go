package survey

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/org"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/record"
)

// listSpec: a title, a state, named or anonymous, a meeting's receipt or
// not, the organisation's subtree; the newest first.
var listSpec = httpx.ListSpec{
	Filters: map[string]httpx.Filter{
		"blurry":    {Columns: []string{"q.title"}, Match: httpx.Like},
		"state":     {Columns: []string{"q.state"}, Kind: httpx.Int},
		"anonymous": {Columns: []string{"q.anonymous"}, Kind: httpx.Bool},
		// receipt: true lists the meetings' receipts only, false the others.
		"receipt": {Kind: httpx.Bool, Custom: func(q *bun.SelectQuery, v any) (*bun.SelectQuery, error) {
			if v.(bool) {
				return q.Where("q.meeting_id IS NOT NULL"), nil
			}
			return q.Where("q.meeting_id IS NULL"), nil
		}},
		"orgId": org.SubtreeFilter("q.org_id"),
	},
	Sorts:       map[string]string{"createTime": "q.created_at", "title": "q.title", "closesAt": "q.closes_at"},
	DefaultSort: "q.created_at DESC, q.id DESC",
	Key:         "q.id",
}

// query selects the questionnaires of the caller's scope, with their
// organisation's name.
func (s *Service) query(ctx context.Context, idb bun.IDB) (*bun.SelectQuery, error) {
	scope, err := s.orgs.Scoped("q.org_id")(ctx)
	if err != nil {
		return nil, err
	}
	return scope(org.NameJoin("q.org_id")(idb.NewSelect().Model((*View)(nil)).ColumnExpr("q.*"))), nil
}

// show fills a view's names and its link.
func (s *Service) show(v *View) {
	v.StateName, v.ShareTypeName = StateNames[v.State], ShareTypeNames[v.ShareType]
	v.Over = v.ClosesAt != nil && !s.now().Before(*v.ClosesAt)
	if v.Token != nil && v.State != StateDraft {
		v.Link = PublicPrefix + *v.Token
	}
}

// List is a page of the questionnaires of the caller's scope.
func (s *Service) List(ctx context.Context, lq httpx.ListQuery) (httpx.PageResult[View], error) {
	q, err := s.query(ctx, s.db)
	if err != nil {
		return httpx.PageResult[View]{}, err
	}
	page, err := httpx.PagedEach(ctx, q, listSpec, lq, s.show)
	if err != nil {
		return page, err
	}
	return page, s.turnout(ctx, page.Content)
}

// turnout sets the anonymous questionnaires' Answered from their rounds
// (the ballots cast: who answered is the engine's, never what).
func (s *Service) turnout(ctx context.Context, views []View) error {
	var ids []int64
	for _, v := range views {
		if v.RoundID != nil {
			ids = append(ids, *v.RoundID)
		}
	}
	rounds, err := s.ballots.Rounds(ctx, ids)
	if err != nil {
		return httpx.Internal(err)
	}
	for i := range views {
		if v := &views[i]; v.RoundID != nil && rounds[*v.RoundID] != nil {
			v.Answered = rounds[*v.RoundID].Cast
		}
	}
	return nil
}

// find reads questionnaire id of the caller's scope (404 outside it).
func (s *Service) find(ctx context.Context, idb bun.IDB, id int64) (*View, error) {
	q, err := s.query(ctx, idb)
	if err != nil {
		return nil, err
	}
	v := new(View)
	if err := q.Where("q.id = ?", id).Scan(ctx, v); errors.Is(err, sql.ErrNoRows) {
		return nil, errNotFound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	s.show(v)
	if v.RoundID != nil { // Answered is the ballots cast; a delete still checks the engine
		one := []View{*v}
		if err := s.turnout(ctx, one); err != nil {
			return nil, err
		}
		v.Answered = one[0].Answered
	}
	return v, nil
}

// Detail is questionnaire id with its paper and audience named.
func (s *Service) Detail(ctx context.Context, id int64) (Detail, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return Detail{}, err
	}
	return s.detail(ctx, v)
}

func (s *Service) detail(ctx context.Context, v *View) (Detail, error) {
	d := Detail{View: *v, TargetNames: []string{}}
	if err := json.Unmarshal([]byte(v.PaperJSON), &d.Paper); err != nil {
		return d, httpx.Internal(fmt.Errorf("survey %d: paper: %w", v.ID, err))
	}
	if err := json.Unmarshal([]byte(v.TargetsJSON), &d.Targets); err != nil {
		return d, httpx.Internal(fmt.Errorf("survey %d: targets: %w", v.ID, err))
	}
	switch v.ShareType {
	case ShareCustom:
		names, err := s.members.Names(ctx, d.Targets.Members)
		if err != nil {
			return d, httpx.Internal(err)
		}
		for _, id := range d.Targets.Members {
			d.TargetNames = append(d.TargetNames, names[id])
		}
	case ShareRole:
		for _, c := range d.Targets.Roles {
			d.TargetNames = append(d.TargetNames, AudienceRoleNames[c])
		}
	case ShareOrg:
		names, err := s.orgs.Names(ctx, d.Targets.Orgs)
		if err != nil {
			return d, httpx.Internal(err)
		}
		for _, id := range d.Targets.Orgs {
			d.TargetNames = append(d.TargetNames, names[id])
		}
	}
	return d, nil
}

// checked is a draft's input vetted: the paper and the targets as stored.
type checked struct {
	paper, targets string
	title          string
}

// check vets a draft: the organisation of the caller's scope, the paper
// (ballot.Paper.Check: 400 naming questions[i].field), the audience (its
// type, and targets of the caller's scope), the deadline in the future.
func (s *Service) check(ctx context.Context, in Input) (checked, error) {
	var c httpx.Checks
	if in.OrgID <= 0 {
		c.Add(httpx.Invalid("orgId", "请选择发布问卷的党组织"))
	} else {
		c.Add(s.orgs.Owns(ctx, "orgId", in.OrgID))
	}
	if err := in.Paper.Check(); err != nil {
		var he *httpx.Error
		if errors.As(err, &he) && he.Field != "" {
			he.Field = "paper." + he.Field
		}
		c.Add(err)
	} else if i := slices.IndexFunc(in.Paper.Questions, func(q ballot.Question) bool { return !slices.Contains(Kinds, q.Kind) }); i >= 0 {
		c.Add(httpx.Invalid(fmt.Sprintf("paper.questions[%d].kind", i), "第%d题的题型问卷不支持", i+1))
	}
	t, err := s.checkTargets(ctx, in.ShareType, in.Targets)
	if err != nil && !c.Add(err) {
		return checked{}, err
	}
	if in.ClosesAt != nil && !in.ClosesAt.After(s.now()) {
		c.Add(httpx.Invalid("closesAt", "截止时间应晚于现在"))
	}
	if err := c.Err(); err != nil {
		return checked{}, err
	}
	paper, err := json.Marshal(in.Paper)
	if err != nil {
		return checked{}, httpx.Internal(err)
	}
	targets, err := json.Marshal(t)
	if err != nil {
		return checked{}, httpx.Internal(err)
	}
	return checked{paper: string(paper), targets: string(targets), title: strings.TrimSpace(in.Paper.Title)}, nil
}

// checkTargets keeps the list of the audience's type (the others emptied)
// and checks it: members and organisations of the caller's scope, known roles.
func (s *Service) checkTargets(ctx context.Context, shareType int, in Targets) (Targets, error) {
	var out Targets
	switch shareType {
	case ShareCustom:
		out.Members = uniqIDs(in.Members)
		if len(out.Members) == 0 || len(out.Members) > MaxTargets {
			return out, httpx.Invalid("targets.members", "请选择填写问卷的党员（1到%d人）", MaxTargets)
		}
		n, err := s.membersInScope(ctx, out.Members)
		if err != nil {
			return out, err
		}
		if n != len(out.Members) {
			return out, httpx.Invalid("targets.members", "所选党员不存在或不在您的管理范围内")
		}
	case ShareRole:
		for _, r := range in.Roles {
			if !slices.Contains(AudienceRoles, r) {
				return out, httpx.Invalid("targets.roles", "所选角色无效")
			}
			if !slices.Contains(out.Roles, r) {
				out.Roles = append(out.Roles, r)
			}
		}
		if len(out.Roles) == 0 {
			return out, httpx.Invalid("targets.roles", "请选择填写问卷的角色")
		}
	case ShareOrg:
		out.Orgs = uniqIDs(in.Orgs)
		if len(out.Orgs) == 0 || len(out.Orgs) > MaxTargets {
			return out, httpx.Invalid("targets.orgs", "请选择填写问卷的党组织")
		}
		sc, err := s.orgs.ScopeOf(ctx)
		if err != nil {
			return out, httpx.AsError(err)
		}
		for _, id := range out.Orgs {
			if !sc.Has(id) {
				return out, httpx.Invalid("targets.orgs", "所选党组织不存在或不在您的管理范围内")
			}
		}
	default:
		return out, httpx.Invalid("shareType", "请选择发放范围")
	}
	return out, nil
}

func uniqIDs(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	out = slices.Compact(out)
	return slices.DeleteFunc(out, func(id int64) bool { return id <= 0 })
}

// Create saves a new draft.
func (s *Service) Create(ctx context.Context, in Input) (Detail, error) {
	c, err := s.check(ctx, in)
	if err != nil {
		return Detail{}, err
	}
	now := s.now()
	q := &Questionnaire{OrgID: in.OrgID, Title: c.title, PaperJSON: c.paper, Anonymous: in.Anonymous, ShareType: in.ShareType,
		TargetsJSON: c.targets, State: StateDraft, ClosesAt: in.ClosesAt, CreatedBy: db.Clip(accountName(ctx), 50), Stamps: db.StampsAt(now)}
	if _, err := s.db.NewInsert().Model(q).Returning("id").Exec(ctx); err != nil {
		return Detail{}, httpx.Internal(err)
	}
	return s.Detail(ctx, q.ID)
}

// Update changes a draft (a published questionnaire's paper and audience
// are fixed: 409).
func (s *Service) Update(ctx context.Context, id int64, in Input) (Detail, error) {
	if _, err := s.find(ctx, s.db, id); err != nil {
		return Detail{}, err
	}
	c, err := s.check(ctx, in)
	if err != nil {
		return Detail{}, err
	}
	res, err := s.db.NewUpdate().Model((*Questionnaire)(nil)).Set("org_id = ?", in.OrgID).Set("title = ?", c.title).
		Set("paper = ?", c.paper).Set("anonymous = ?", in.Anonymous).Set("share_type = ?", in.ShareType).
		Set("targets = ?", c.targets).Set("closes_at = ?", in.ClosesAt).Set("updated_at = ?", s.now()).
		Where("id = ?", id).Where("state = ?", StateDraft).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("问卷已发布，不能再修改题目和发放范围")); err != nil {
		return Detail{}, err
	}
	return s.Detail(ctx, id)
}

// Delete removes questionnaires of the caller's scope that nobody answered
// (drafts, and published ones without an answer: an anonymous one's round
// goes with it), all or none.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var rounds []int64
		for _, id := range uniqIDs(ids) {
			v, err := s.find(ctx, tx, id)
			if err != nil {
				return err
			}
			if v.MeetingID != nil {
				return httpx.Conflict("“%s”是会议的回执，随会议保留，不能删除，可停止收集", v.Title)
			}
			if v.Answered > 0 {
				return httpx.Conflict("“%s”已有答卷，不能删除，可停止收集", v.Title)
			}
			res, err := tx.NewDelete().Model((*Questionnaire)(nil)).Where("id = ?", id).Where("answered = 0").Exec(ctx)
			if err := record.Conditional(res, err, 1, httpx.Conflict("“%s”已有答卷，不能删除", v.Title)); err != nil {
				return err
			}
			if v.RoundID != nil {
				rounds = append(rounds, *v.RoundID)
			}
		}
		for _, r := range rounds { // the engine refuses a round with a ballot (409)
			if err := s.ballots.Delete(ctx, tx, r); err != nil {
				return err
			}
		}
		return nil
	})
}

// Publish fixes the audience and starts collecting (draft → SHARE): a
// named questionnaire's roll of accounts, or an anonymous one's round of
// the engine (its roll, and printed one-time codes for people without an
// account, shown once in the answer); the audience is told in the message
// centre with the link.
func (s *Service) Publish(ctx context.Context, id int64, in PublishInput) (Published, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return Published{}, err
	}
	if v.State != StateDraft {
		return Published{}, httpx.Conflict("问卷已发布")
	}
	if in.Codes < 0 || in.Codes > MaxCodes {
		return Published{}, httpx.Invalid("codes", "票码数量应为0到%d", MaxCodes)
	}
	if in.Codes > 0 && !v.Anonymous {
		return Published{}, httpx.Invalid("codes", "只有匿名问卷可以发放纸质票码")
	}
	if v.ClosesAt != nil && !v.ClosesAt.After(s.now()) {
		return Published{}, httpx.Invalid("closesAt", "截止时间已过，请修改截止时间后再发布")
	}
	d, err := s.detail(ctx, v)
	if err != nil {
		return Published{}, err
	}
	accounts, err := s.audience(ctx, v.ShareType, d.Targets)
	if err != nil {
		return Published{}, err
	}
	if len(accounts)+in.Codes == 0 {
		return Published{}, httpx.BadRequest("发放范围内没有可以填写问卷的人员（党员需关联系统账号）")
	}
	token := newToken()
	now := s.now()
	out := Published{PrintedCodes: []ballot.Code{}}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var round *int64
		if v.Anonymous {
			opened, err := s.ballots.Open(ctx, tx, ballot.Spec{Kind: RoundKind, RefID: id, Paper: d.Paper, Voters: accounts,
				Codes: in.Codes, ClosesAt: v.ClosesAt, Link: PublicPrefix + token})
			if err != nil {
				return err
			}
			round, out.PrintedCodes = &opened.RoundID, opened.Codes
		} else if err := addRoll(ctx, tx, id, accounts); err != nil {
			return err
		}
		res, err := tx.NewUpdate().Model((*Questionnaire)(nil)).Set("state = ?", StateShare).Set("link_token = ?", token).
			Set("round_id = ?", round).Set("audience = ?", len(accounts)+in.Codes).Set("codes = ?", in.Codes).
			Set("published_at = ?", now).Set("updated_at = ?", now).Where("id = ?", id).Where("state = ?", StateDraft).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("问卷已发布")); err != nil {
			return err
		}
		content := fmt.Sprintf("请填写问卷“%s”", v.Title)
		if v.ClosesAt != nil {
			content += fmt.Sprintf("，截止时间%s", v.ClosesAt.In(date.China).Format("2006-01-02 15:04"))
		}
		return s.sys.Notify(ctx, tx, accounts, "问卷："+v.Title, content+"。", PublicPrefix+token, false)
	})
	if err != nil {
		return Published{}, err
	}
	out.Detail, err = s.Detail(ctx, id)
	return out, err
}

// addRoll writes a named questionnaire's roll.
func addRoll(ctx context.Context, tx bun.Tx, id int64, accounts []int64) error {
	rows := make([]roll, len(accounts))
	for i, a := range accounts {
		rows[i] = roll{QuestionnaireID: id, AccountID: a}
	}
	for part := range slices.Chunk(rows, 500) {
		if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
			return httpx.Internal(err)
		}
	}
	return nil
}

// Stop ends collecting (SHARE → STOP); an anonymous questionnaire's round
// closes with it (its results may then be read; it never reopens).
func (s *Service) Stop(ctx context.Context, id int64) (Detail, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return Detail{}, err
	}
	err = db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		now := s.now()
		res, err := tx.NewUpdate().Model((*Questionnaire)(nil)).Set("state = ?", StateStop).Set("stopped_at = ?", now).
			Set("updated_at = ?", now).Where("id = ?", id).Where("state = ?", StateShare).Exec(ctx)
		if err := record.Conditional(res, err, 1, httpx.Conflict("问卷不在收集中")); err != nil {
			return err
		}
		if v.RoundID != nil {
			return s.ballots.Close(ctx, tx, *v.RoundID)
		}
		return nil
	})
	if err != nil {
		return Detail{}, err
	}
	return s.Detail(ctx, id)
}

// Reopen collects again a stopped named questionnaire (STOP → SHARE); an
// anonymous one's round is closed for good (400).
func (s *Service) Reopen(ctx context.Context, id int64) (Detail, error) {
	v, err := s.find(ctx, s.db, id)
	if err != nil {
		return Detail{}, err
	}
	if v.Anonymous {
		return Detail{}, httpx.BadRequest("匿名问卷停止后不能重新开始收集")
	}
	res, err := s.db.NewUpdate().Model((*Questionnaire)(nil)).Set("state = ?", StateShare).Set("stopped_at = NULL").
		Set("updated_at = ?", s.now()).Where("id = ?", id).Where("state = ?", StateStop).Where("anonymous = ?", false).Exec(ctx)
	if err := record.Conditional(res, err, 1, httpx.Conflict("问卷未停止")); err != nil {
		return Detail{}, err
	}
	return s.Detail(ctx, id)
}

// newToken is a link's random token (128 bits, hex).
func newToken() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}
