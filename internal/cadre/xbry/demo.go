package xbry

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/cadre"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/flow"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/rbac"
)

// DemoResult is what SeedDemo wrote: the selections and the step each
// waits at.
type DemoResult struct {
	Selections []string // "<title>（<step>）"
	Skipped    bool     // the database already had selections
}

// demoLevel is the level of the demo's posts: 副处级 (the college deputies
// a university selects most often).
const demoLevel = "4"

// demoStops are where the demo's selections wait: at 民主推荐 (the 动议
// just made), at 考察 and at 任前公示 (the notice running), so the cadre
// office's workbench lists one to-do of each kind.
var demoStops = []string{StepRecommend, StepInspect, StepPublicize}

// SeedDemo starts three selections of 副处级 posts of the first units that
// have such posts (after 职数管理's demo), with candidates among the
// unit's 科级 cadres, and takes them through their steps as the system,
// with dates relative to today. A database with any selection is left
// alone.
func (s *Service) SeedDemo(ctx context.Context) (*DemoResult, error) {
	ctx = rbac.AsSystem(ctx)
	res := &DemoResult{}
	if n, err := s.db.NewSelect().Model((*Selection)(nil)).Count(ctx); err != nil || n > 0 {
		res.Skipped = n > 0
		return res, err
	}
	posts, err := s.quotas.PositionsAt(ctx, demoLevel, 12)
	if err != nil {
		return nil, err
	}
	today := s.today()
	for _, p := range posts {
		if len(res.Selections) == len(demoStops) {
			break
		}
		var cands []int64
		err := s.cadres.Each(ctx, s.db, func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("g.unit_id = ?", p.UnitID).Where("g.level IN (?)", bun.In([]string{"5", "6"})).Where("g.status = ?", "3")
		}, func(c cadre.Row) error {
			if len(cands) < 3 {
				cands = append(cands, c.ID)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(cands) < 2 {
			continue
		}
		stop := demoStops[len(res.Selections)]
		title := p.Name + "选拔任用"
		if !strings.HasPrefix(p.Name, p.UnitName) { // posts are often named with their unit (计算机学院党委副书记)
			title = p.UnitName + title
		}
		if err := s.seedOne(ctx, p.ID, title, cands, stop, today); err != nil {
			return nil, fmt.Errorf("demo selection %s: %w", title, err)
		}
		res.Selections = append(res.Selections, fmt.Sprintf("%s（%s）", title, StepNames[stop]))
	}
	return res, nil
}

// seedOne makes the 动议 and acts on the steps before stop, each dated a
// few days after the one before, the notice (if reached) running today.
func (s *Service) seedOne(ctx context.Context, position int64, title string, cands []int64, stop string, today date.Date) error {
	v, err := s.Create(ctx, MotionInput{Title: title, PositionID: position, MotionOn: today.AddDays(-45), MotionBy: "党委常委会",
		Reason: "该岗位现职干部任期届满转任，岗位空缺，经党委常委会研究启动选拔任用", Conditions: "具有副高级以上专业技术职务，任正科级职务满三年"})
	if err != nil {
		return err
	}
	rows := make([]CandidateInput, len(cands))
	for i, c := range cands {
		rows[i] = CandidateInput{CadreID: c, Votes: 38 - i*9, TalkVotes: 25 - i*6}
	}
	forms := []struct {
		step string
		form any
	}{
		{StepRecommend, RecommendForm{RecOn: today.AddDays(-38), RecMethod: RecBoth, RecExpected: 45, RecPresent: 42, Candidates: rows}},
		{StepInspect, InspectForm{InspTeam: []string{"组织部副部长", "干部科科长", "纪委办公室干事"}, InspFrom: today.AddDays(-30),
			InspTo: today.AddDays(-24), InspTalks: 28, Inspected: cands[:2],
			InspReport: "考察组通过个别谈话、查阅资料、实地了解等方式进行了考察。该同志政治立场坚定，熟悉本单位业务，工作实绩突出，群众公认度高。"}},
		{StepDecide, DecideForm{MeetOn: today.AddDays(-14), MeetName: "党委常委会", MeetTotal: 11, MeetPresent: 10, MeetAgree: 10,
			AppointeeID: cands[0]}},
	}
	for _, f := range forms {
		if f.step == stop {
			return nil
		}
		fv, err := s.wf.View(ctx, v.ID)
		if err != nil {
			return err
		}
		raw, _ := json.Marshal(f.form)
		if _, err := s.wf.Act(ctx, v.ID, flow.ActionInput{Version: fv.Version, Result: flow.Approve, Comment: "同意", Form: raw}); err != nil {
			return httpx.AsError(err)
		}
	}
	return nil
}
