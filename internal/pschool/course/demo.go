package course

import (
	"context"
	"fmt"

	"zhdj/internal/platform/rbac"
)

// The demo's courses (zhdj seed --demo): two published courses of the
// university's root committee, each a chapter of short articles on 党章学习
// and 入党程序 stating what the Party Constitution (2022) and the 发展党员
// 工作细则 (2014) say, with a reading time and 学时. No video or document:
// the demo holds no files. Written once: a root that has courses is left
// alone.

// demoNode is an article node of a demo course.
type demoNode struct {
	title    string
	content  string
	duration int // seconds of reading
	hours    float64
}

// demoCourse is a demo course with its one chapter.
type demoCourse struct {
	title, intro, chapter string
	nodes                 []demoNode
}

var demoCourses = []demoCourse{
	{
		title:   "党章学习：党员的条件、义务和权利",
		intro:   "学习《中国共产党章程》第一章“党员”的主要规定：申请入党的条件，党员的义务和权利。",
		chapter: "第一章 党员",
		nodes: []demoNode{
			{"申请入党的条件", "<p>《中国共产党章程》第一条规定：年满十八岁的中国工人、农民、军人、知识分子和其他社会阶层的先进分子，承认党的纲领和章程，愿意参加党的一个组织并在其中积极工作、执行党的决议和按期交纳党费的，可以申请加入中国共产党。</p><p>第二条规定：中国共产党党员是中国工人阶级的有共产主义觉悟的先锋战士。中国共产党党员必须全心全意为人民服务，不惜牺牲个人的一切，为实现共产主义奋斗终身。</p>", 600, 0.5},
			{"党员的义务", "<p>党章第三条规定了党员必须履行的八项义务，包括：认真学习马克思列宁主义、毛泽东思想、邓小平理论、“三个代表”重要思想、科学发展观、习近平新时代中国特色社会主义思想；贯彻执行党的基本路线和各项方针、政策；坚持党和人民的利益高于一切；自觉遵守党的纪律；维护党的团结和统一；切实开展批评和自我批评；密切联系群众；发扬社会主义新风尚。</p>", 900, 0.5},
			{"党员的权利", "<p>党章第四条规定了党员享有的八项权利，包括：参加党的有关会议，阅读党的有关文件，接受党的教育和培训；在党的会议上和党报党刊上参加关于党的政策问题的讨论；对党的工作提出建议和倡议；行使表决权、选举权，有被选举权；等等。</p><p>党的任何一级组织直至中央都无权剥夺党员的上述权利。</p>", 600, 0.5},
		},
	},
	{
		title:   "入党程序：从递交申请书到转为正式党员",
		intro:   "依据《中国共产党章程》和《中国共产党发展党员工作细则》，介绍发展党员的主要环节。",
		chapter: "第一章 发展党员的程序",
		nodes: []demoNode{
			{"入党申请与入党积极分子", "<p>《中国共产党发展党员工作细则》规定：入党申请人应当向工作、学习所在单位党组织提出入党申请。党组织收到入党申请书后，应当在一个月内派人同入党申请人谈话。</p><p>在入党申请人中确定入党积极分子，应当采取党员推荐、群团组织推优等方式产生人选，由支部委员会（不设支部委员会的由支部大会）研究决定，并报上级党委备案。</p>", 900, 1.0},
			{"发展对象与预备党员", "<p>对经过一年以上培养教育和考察、基本具备党员条件的入党积极分子，在听取党小组、培养联系人、党员和群众意见的基础上，经支部委员会讨论同意并报上级党委备案后，可列为发展对象。</p><p>对发展对象进行短期集中培训，培训时间一般不少于3天（或不少于24个学时）。发展对象经支部大会讨论通过、上级党委审批后，成为预备党员。</p>", 900, 1.0},
			{"预备党员转正", "<p>党章第七条规定：预备党员的预备期为一年。预备党员预备期满，党的支部应当及时讨论他能否转为正式党员。认真履行党员义务、具备党员条件的，应当按期转为正式党员；需要继续考察和教育的，可以延长预备期，但不能超过一年。</p><p>预备党员的预备期，从支部大会通过他为预备党员之日算起。党员的党龄，从预备期满转为正式党员之日算起。</p>", 600, 0.5},
		},
	},
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Courses, Nodes int
	// CourseIDs are the published courses, for the demo's training batch.
	CourseIDs []int64
}

// SeedDemo writes the demo courses into the university's (the first live
// root 党委's) courses through the staff's create, add and publish paths,
// as the system (their trail entries are the system's). A root that
// already has courses is left alone.
func (s *Service) SeedDemo(ctx context.Context) (*DemoResult, error) {
	ctx = rbac.AsSystem(ctx)
	res := &DemoResult{}
	root, err := s.orgs.LiveRoot(ctx, s.db)
	if err != nil {
		return nil, err
	}
	if root == nil {
		return res, nil
	}
	if n, err := s.db.NewSelect().Model((*Course)(nil)).Where("c.org_id = ?", root.ID).Count(ctx); err != nil || n > 0 {
		return res, err
	}
	for _, dc := range demoCourses {
		c, err := s.Create(ctx, Input{OrgID: root.ID, Title: dc.title, Intro: dc.intro})
		if err != nil {
			return nil, fmt.Errorf("demo course %s: %w", dc.title, err)
		}
		d, err := s.AddItem(ctx, c.ID, ItemInput{Kind: KindChapter, Title: dc.chapter})
		if err != nil {
			return nil, fmt.Errorf("demo chapter %s: %w", dc.chapter, err)
		}
		chapter := d.Chapters[len(d.Chapters)-1].ID
		for _, n := range dc.nodes {
			if _, err := s.AddItem(ctx, c.ID, ItemInput{Kind: KindNode, ParentID: chapter, Title: n.title, NodeType: NodeArticle,
				Content: n.content, Duration: n.duration, Hours: n.hours}); err != nil {
				return nil, fmt.Errorf("demo node %s: %w", n.title, err)
			}
			res.Nodes++
		}
		if _, err := s.Publish(ctx, c.ID); err != nil {
			return nil, fmt.Errorf("publishing demo course %s: %w", dc.title, err)
		}
		res.Courses++
		res.CourseIDs = append(res.CourseIDs, c.ID)
	}
	return res, nil
}
