package content

import (
	"context"
	"fmt"
	"time"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/rbac"
)

// DemoResult is what SeedDemo made.
type DemoResult struct {
	Published, Drafts int
	Took              time.Duration
}

// demoItems are the demo university's news and articles: college false is
// the school's (学校党委), true the first 二级党委's; draft stays a draft;
// pinDays places it on top for that many days.
var demoItems = []struct {
	kind, column, title, body string
	college, draft            bool
	pinDays                   int
}{
	{KindNews, "2", "关于开展年度党员民主评议工作的通知", "<p>各二级党委、直属党支部：</p><p>根据学校党委工作安排，现就开展年度民主评议党员工作通知如下。请各党支部于本月底前完成学习教育、自我评价、民主测评等环节，并按时报送评议结果。</p>", false, false, 14},
	{KindNews, "1", "学校党委召开理论学习中心组学习会", "<p>学校党委理论学习中心组开展专题学习，围绕深入学习贯彻党的二十大精神进行交流研讨。党委书记主持会议并作总结讲话。</p>", false, false, 0},
	{KindNews, "1", "组织部举办新任党支部书记培训班", "<p>为提升党支部书记履职能力，组织部举办新任党支部书记培训班，内容包括党支部工作条例解读、组织生活规范、党员发展流程等。</p>", false, false, 0},
	{KindNews, "3", "计算机学院党委开展“三会一课”规范化检查", "<p>学院党委对所属各党支部近一年“三会一课”记录进行检查，对发现的问题现场反馈并限期整改。</p>", true, false, 0},
	{KindNews, "1", "计算机学院学生党支部赴红色教育基地开展主题党日", "<p>学生党支部组织党员、入党积极分子赴红色教育基地参观学习，重温入党誓词。</p>", true, false, 0},
	{KindNews, "1", "计算机学院党委部署下半年党建工作（草稿）", "<p>学院党委召开党建工作会议，部署下半年重点任务。</p>", true, true, 0},
	{KindArticle, "1", "学习党章 遵守党章 贯彻党章 维护党章", "<p>党章是党的根本大法，是全党必须遵循的总章程。每一名党员都要认真学习党章、严格遵守党章。</p>", false, false, 0},
	{KindArticle, "2", "党史故事：一条红毯的故事", "<p>在革命战争年代，群众把珍藏的红毯送给部队，部队离开时又将红毯归还群众，体现了党和人民的鱼水深情。</p>", false, false, 0},
	{KindArticle, "3", "党支部“三会一课”工作经验交流", "<p>计算机学院教工党支部结合专业特点，把理论学习与教学科研结合起来，探索出“学习+研讨+实践”的组织生活模式。</p>", true, false, 0},
}

// SeedDemo adds the demo university's news and articles (once: nothing
// when items exist), published through the flow by the organisation
// department.
func (s *Service) SeedDemo(ctx context.Context) (*DemoResult, error) {
	start := time.Now()
	res := &DemoResult{}
	if n, err := s.db.NewSelect().Model((*Item)(nil)).Count(ctx); err != nil || n > 0 {
		return res, err
	}
	roots, err := s.orgs.OfTypes(ctx, s.db, org.TypeCommittee)
	if err != nil || len(roots) == 0 {
		return res, err
	}
	colleges, err := s.orgs.OfTypes(ctx, s.db, org.TypeSecondaryCommittee)
	if err != nil {
		return res, err
	}
	ctx = rbac.WithMemo(rbac.With(ctx, &rbac.Principal{Username: "组织部（演示）", Perms: map[string]bool{rbac.Admin: true}}))
	today := s.today()
	for _, d := range demoItems {
		orgID := roots[0].ID
		if d.college {
			if len(colleges) == 0 {
				continue
			}
			orgID = colleges[0].ID
		}
		in := Item{Column: d.column, Title: d.title, Body: d.body, OrgID: orgID}
		if d.pinDays > 0 {
			end := date.Date(today).AddDays(d.pinDays)
			in.PinnedUntil = &end
		}
		k, _ := kindOf(d.kind)
		v, err := s.items[d.kind].Create(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("demo item %s: %w", d.title, err)
		}
		if d.draft {
			res.Drafts++
			continue
		}
		if _, err := s.Submit(ctx, k, v.ID, FlowInput{}); err != nil {
			return nil, err
		}
		if _, err := s.Publish(ctx, k, v.ID, FlowInput{}); err != nil {
			return nil, err
		}
		res.Published++
	}
	res.Took = time.Since(start)
	return res, nil
}
