package question

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
)

// The demo's bank (zhdj seed --demo, after internal/demo wrote the
// university): the university party school's questions on 党章, 党的基本
// 知识, 党史 and 发展党员 of all five types, each a fact of the Party
// Constitution (2022), of the 发展党员工作细则 (2014) or of the Party's
// history, with its key and the source in its analysis, in the root
// committee's bank. Written once: a bank that has questions is left alone.

// demoQuestion is one question of the demo bank: the options (choice
// questions), the key as describeAnswer writes it, the analysis, the tags
// and the difficulty.
type demoQuestion struct {
	typ        int
	stem       string
	options    []string
	key        string
	analysis   string
	tags       string
	difficulty int
}

const (
	srcConstitution = "《中国共产党章程》"
	srcRules        = "《中国共产党发展党员工作细则》"
)

var demoBank = []demoQuestion{
	// 单选题
	{TypeSingle, "中国共产党成立于哪一年？", []string{"1919年", "1921年", "1927年", "1949年"}, "B", "1921年7月，中国共产党第一次全国代表大会召开，宣告中国共产党成立。", "党史、党的创立", 1},
	{TypeSingle, "中国共产党第一次全国代表大会最后一天的会议转移到哪里举行？", []string{"上海", "浙江嘉兴南湖", "北京", "广州"}, "B", "一大在上海开幕，最后一天的会议转移到浙江嘉兴南湖的游船上举行。", "党史、党的创立", 2},
	{TypeSingle, "党章规定，预备党员的预备期为多长时间？", []string{"半年", "一年", "两年", "三年"}, "B", srcConstitution + "第七条：预备党员的预备期为一年。", "党章、预备党员", 1},
	{TypeSingle, "党章规定，年满多少岁的中国工人、农民、军人、知识分子和其他社会阶层的先进分子，可以申请加入中国共产党？", []string{"十六岁", "十七岁", "十八岁", "二十岁"}, "C", srcConstitution + "第一条规定申请入党的年龄为年满十八岁。", "党章、党员条件", 1},
	{TypeSingle, "党的最高领导机关是：", []string{"党的全国代表大会和它所产生的中央委员会", "中央政治局", "中央书记处", "中央军事委员会"}, "A", srcConstitution + "第十条：党的最高领导机关，是党的全国代表大会和它所产生的中央委员会。", "党章、党的组织制度", 2},
	{TypeSingle, "党的全国代表大会每几年举行一次？", []string{"三年", "四年", "五年", "十年"}, "C", srcConstitution + "第十九条：党的全国代表大会每五年举行一次，由中央委员会召集。", "党章、党的中央组织", 1},
	{TypeSingle, "党是根据自己的纲领和章程，按照什么原则组织起来的统一整体？", []string{"民主集中制", "集体领导", "少数服从多数", "个人服从组织"}, "A", srcConstitution + "第十条：党是根据自己的纲领和章程，按照民主集中制组织起来的统一整体。", "党章、民主集中制", 1},
	{TypeSingle, "党章规定，留党察看最长不超过多长时间？", []string{"半年", "一年", "两年", "三年"}, "C", srcConstitution + "“党的纪律”一章：留党察看最长不超过两年。", "党章、党的纪律", 3},
	{TypeSingle, "党员如果没有正当理由，连续几个月不参加党的组织生活、或不交纳党费、或不做党所分配的工作，就被认为是自行脱党？", []string{"三个月", "六个月", "九个月", "十二个月"}, "B", srcConstitution + "第九条：连续六个月……就被认为是自行脱党。", "党章、党员管理", 3},
	{TypeSingle, "企业、农村、机关、学校等基层单位，凡是有正式党员几人以上的，都应当成立党的基层组织？", []string{"三人", "五人", "七人", "十人"}, "A", srcConstitution + "第三十条：凡是有正式党员三人以上的，都应当成立党的基层组织。", "党章、党的基层组织", 2},
	{TypeSingle, "中国共产党的最高理想和最终目标是：", []string{"实现共产主义", "全面建成小康社会", "基本实现社会主义现代化", "实现中华民族伟大复兴"}, "A", srcConstitution + "总纲：党的最高理想和最终目标是实现共产主义。", "党章、党的纲领", 1},
	{TypeSingle, "遵义会议召开于哪一年？", []string{"1927年", "1934年", "1935年", "1936年"}, "C", "1935年1月，中共中央政治局在贵州遵义召开扩大会议。", "党史", 2},
	{TypeSingle, "中国共产党第二十次全国代表大会于哪一年召开？", []string{"2017年", "2021年", "2022年", "2023年"}, "C", "党的二十大于2022年10月在北京召开。", "党史、党的代表大会", 1},
	{TypeSingle, "党在社会主义初级阶段基本路线中的“一个中心”是指：", []string{"以经济建设为中心", "以阶级斗争为纲", "以改革开放为中心", "以科技创新为中心"}, "A", srcConstitution + "总纲：领导和团结全国各族人民，以经济建设为中心，坚持四项基本原则，坚持改革开放……", "党章、党的基本路线", 1},
	{TypeSingle, "对发展对象进行短期集中培训，培训时间一般不少于：", []string{"一天（或不少于8个学时）", "两天（或不少于16个学时）", "三天（或不少于24个学时）", "五天（或不少于40个学时）"}, "C", srcRules + "规定，对发展对象进行短期集中培训，培训时间一般不少于3天（或不少于24个学时）。", "发展党员、发展对象", 3},
	{TypeSingle, "入党积极分子一般经过多长时间以上的培养教育和考察，方可列为发展对象？", []string{"半年", "一年", "两年", "三年"}, "B", srcRules + "规定，对经过一年以上培养教育和考察、基本具备党员条件的入党积极分子，可列为发展对象。", "发展党员、入党积极分子", 3},
	{TypeSingle, "预备党员预备期满需要继续考察和教育的，可以延长预备期，但不能超过：", []string{"三个月", "六个月", "一年", "两年"}, "C", srcConstitution + "第七条：延长预备期，但不能超过一年。", "党章、预备党员", 3},

	// 多选题
	{TypeMultiple, "党章规定的党的纪律处分包括：", []string{"警告", "严重警告", "撤销党内职务", "留党察看", "罚款"}, "ABCD", srcConstitution + "“党的纪律”一章：党的纪律处分有五种：警告、严重警告、撤销党内职务、留党察看、开除党籍。", "党章、党的纪律", 1},
	{TypeMultiple, "“四个意识”是指：", []string{"政治意识", "大局意识", "核心意识", "看齐意识", "忧患意识"}, "ABCD", "全党要增强政治意识、大局意识、核心意识、看齐意识。", "党的基本知识、四个意识", 2},
	{TypeMultiple, "“四个自信”是指：", []string{"道路自信", "理论自信", "制度自信", "文化自信", "历史自信"}, "ABCD", srcConstitution + "总纲：坚定道路自信、理论自信、制度自信、文化自信。", "党章、四个自信", 2},
	{TypeMultiple, "下列属于党章规定的党员义务的有：", []string{"认真学习党的路线、方针、政策和决议", "贯彻执行党的基本路线和各项方针、政策", "坚持党和人民的利益高于一切", "在党的会议上和党报党刊上参加关于党的政策问题的讨论"}, "ABC", srcConstitution + "第三条规定党员的义务；D项是第四条规定的党员权利。", "党章、党员义务", 3},
	{TypeMultiple, "下列属于党章规定的党员权利的有：", []string{"参加党的有关会议，阅读党的有关文件，接受党的教育和培训", "对党的工作提出建议和倡议", "行使表决权、选举权，有被选举权", "自觉遵守党的纪律，严格保守党和国家的秘密"}, "ABC", srcConstitution + "第四条规定党员的权利；D项属于第三条规定的党员义务。", "党章、党员权利", 3},
	{TypeMultiple, "党的三大优良作风是：", []string{"理论联系实际", "密切联系群众", "批评与自我批评", "艰苦奋斗"}, "ABC", "理论联系实际、密切联系群众、批评与自我批评是党的三大优良作风。", "党的基本知识、党的作风", 2},
	{TypeMultiple, "“三会一课”中的“三会”是指：", []string{"支部党员大会", "支部委员会", "党小组会", "民主生活会"}, "ABC", "“三会一课”即支部党员大会、支部委员会、党小组会和按时上好党课。", "组织生活、三会一课", 1},
	{TypeMultiple, "民主集中制的“四个服从”包括：", []string{"党员个人服从党的组织", "少数服从多数", "下级组织服从上级组织", "全党各个组织和全体党员服从党的全国代表大会和中央委员会", "上级组织服从下级组织"}, "ABCD", srcConstitution + "第十条（一）。", "党章、民主集中制", 2},
	{TypeMultiple, "毛泽东同志总结的中国共产党在中国革命中战胜敌人的“三大法宝”是：", []string{"统一战线", "武装斗争", "党的建设", "土地革命"}, "ABC", "统一战线、武装斗争、党的建设是中国共产党在中国革命中战胜敌人的三个法宝。", "党史", 3},

	// 判断题
	{TypeJudge, "预备党员的预备期为一年。", nil, "正确", srcConstitution + "第七条。", "党章、预备党员", 1},
	{TypeJudge, "预备党员享有表决权、选举权和被选举权。", nil, "错误", srcConstitution + "第七条：预备党员的权利，除了没有表决权、选举权和被选举权以外，也同正式党员一样。", "党章、预备党员", 2},
	{TypeJudge, "预备党员的预备期，从支部大会通过他为预备党员之日算起。", nil, "正确", srcConstitution + "第七条。", "党章、预备党员", 3},
	{TypeJudge, "党员的党龄，从递交入党申请书之日算起。", nil, "错误", srcConstitution + "第七条：党员的党龄，从预备期满转为正式党员之日算起。", "党章、党龄", 2},
	{TypeJudge, "党的全国代表大会每四年举行一次。", nil, "错误", srcConstitution + "第十九条：党的全国代表大会每五年举行一次。", "党章、党的中央组织", 1},
	{TypeJudge, "党员有退党的自由。", nil, "正确", srcConstitution + "第九条：党员有退党的自由。党员要求退党，应当经支部大会讨论后宣布除名，并报上级党组织备案。", "党章、党员管理", 3},
	{TypeJudge, "申请入党的人，要填写入党志愿书，要有两名正式党员作介绍人。", nil, "正确", srcConstitution + "第五条。", "党章、入党程序", 1},
	{TypeJudge, "预备党员可以担任入党介绍人。", nil, "错误", srcConstitution + "第五条：要有两名正式党员作介绍人。", "党章、入党程序", 2},
	{TypeJudge, "遵义会议是党的历史上一个生死攸关的转折点。", nil, "正确", "遵义会议在最危急关头挽救了党、挽救了红军、挽救了中国革命。", "党史", 2},
	{TypeJudge, "对发展对象进行短期集中培训，培训时间一般不少于3天（或不少于24个学时）。", nil, "正确", srcRules + "。", "发展党员、发展对象", 3},
	{TypeJudge, "中国共产党党员是中国工人阶级的有共产主义觉悟的先锋战士。", nil, "正确", srcConstitution + "第二条。", "党章、党员条件", 2},
	{TypeJudge, "党的纪律处分有四种。", nil, "错误", srcConstitution + "“党的纪律”一章：党的纪律处分有五种。", "党章、党的纪律", 1},

	// 填空题
	{TypeFill, "中国共产党成立于______年。", nil, "1921", "1921年7月，党的一大召开。", "党史、党的创立", 1},
	{TypeFill, "党章规定，预备党员的预备期为______。", nil, "一年/1年", srcConstitution + "第七条。", "党章、预备党员", 1},
	{TypeFill, "党的最高领导机关，是党的______和它所产生的______。", nil, "全国代表大会/党的全国代表大会|中央委员会", srcConstitution + "第十条。", "党章、党的组织制度", 3},
	{TypeFill, "党员如果没有正当理由，连续______个月不参加党的组织生活、或不交纳党费、或不做党所分配的工作，就被认为是自行脱党。", nil, "六/6", srcConstitution + "第九条。", "党章、党员管理", 3},
	{TypeFill, "留党察看最长不超过______年。", nil, "两/二/2", srcConstitution + "“党的纪律”一章。", "党章、党的纪律", 3},
	{TypeFill, "党除了工人阶级和最广大人民群众的利益，没有自己特殊的利益。党的宗旨是______。", nil, "全心全意为人民服务", srcConstitution + "总纲。", "党章、党的宗旨", 1},
	{TypeFill, "中国共产党是中国工人阶级的先锋队，同时是______和______的先锋队。", nil, "中国人民|中华民族", srcConstitution + "总纲。", "党章、党的性质", 2},
	{TypeFill, "入党誓词的最后一句是“随时准备为党和人民牺牲一切，永不______”。", nil, "叛党", srcConstitution + "第六条。", "党章、入党誓词", 2},
	{TypeFill, "党是根据自己的纲领和章程，按照______组织起来的统一整体。", nil, "民主集中制", srcConstitution + "第十条。", "党章、民主集中制", 1},
	{TypeFill, "1935年1月召开的______会议，是党的历史上一个生死攸关的转折点。", nil, "遵义", "遵义会议。", "党史", 2},
	{TypeFill, "党的十一届三中全会于______年召开，实现了新中国成立以来党的历史上具有深远意义的伟大转折。", nil, "1978", "1978年12月，党的十一届三中全会召开。", "党史、改革开放", 2},

	// 简答题
	{TypeShort, "请写出入党誓词。", nil, "我志愿加入中国共产党，拥护党的纲领，遵守党的章程，履行党员义务，执行党的决定，严守党的纪律，保守党的秘密，对党忠诚，积极工作，为共产主义奋斗终身，随时准备为党和人民牺牲一切，永不叛党。", srcConstitution + "第六条。", "党章、入党誓词", 2},
	{TypeShort, "简述民主集中制的“四个服从”。", nil, "党员个人服从党的组织，少数服从多数，下级组织服从上级组织，全党各个组织和全体党员服从党的全国代表大会和中央委员会。", srcConstitution + "第十条（一）。", "党章、民主集中制", 3},
	{TypeShort, "党的纪律处分有哪几种？", nil, "五种：警告、严重警告、撤销党内职务、留党察看、开除党籍。", srcConstitution + "“党的纪律”一章。", "党章、党的纪律", 2},
	{TypeShort, "“三会一课”指的是什么？", nil, "定期召开支部党员大会、支部委员会、党小组会，按时上好党课。", "党支部组织生活的基本制度。", "组织生活、三会一课", 2},
	{TypeShort, "发展党员工作应当按照什么总要求？", nil, "控制总量、优化结构、提高质量、发挥作用；坚持党章规定的党员标准，始终把政治标准放在首位。", srcRules + "总则。", "发展党员", 4},
	{TypeShort, "预备党员转为正式党员需要经过哪些程序？（答出要点）", nil, "预备期满，预备党员本人向党支部提出书面转正申请；党支部征求党员和群众意见；支部委员会审查；支部大会讨论、表决通过；报上级党委审批；转正材料存入本人档案。", srcConstitution + "第七条及" + srcRules + "。", "发展党员、预备党员", 4},
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Questions int
}

// SeedDemo puts the demo bank into the university's (the first live root
// 党委's) bank, each question checked as the form checks one and written
// through the bank's save path (its tag rows and ADD trail entry). A root
// whose bank already has questions is left alone.
func (s *Service) SeedDemo(ctx context.Context) (*DemoResult, error) {
	root, err := s.orgs.LiveRoot(ctx, s.db)
	if err != nil {
		return nil, err
	}
	res := &DemoResult{}
	if root == nil {
		return res, nil
	}
	if n, err := s.db.NewSelect().Model((*Question)(nil)).Where("org_id = ?", root.ID).Count(ctx); err != nil || n > 0 {
		return res, err
	}
	return res, db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		for i, d := range demoBank {
			q, err := d.question(root.ID)
			if err != nil {
				return fmt.Errorf("demo question %d (%s): %w", i+1, d.stem, err)
			}
			if _, err := s.questions.Insert(ctx, tx, q, audit.OriginSystemImport); err != nil {
				return err
			}
			res.Questions++
		}
		return nil
	})
}

// question is d as a checked question of the bank of orgID.
func (d demoQuestion) question(orgID int64) (Question, error) {
	q := Question{OrgID: orgID, Type: d.typ, Stem: d.stem, Answer: readAnswer(d.typ, d.key), Analysis: d.analysis, Tags: d.tags,
		Difficulty: d.difficulty, Enabled: true, Options: []Option{}}
	for i, text := range d.options {
		q.Options = append(q.Options, Option{Key: OptionKeys[i], Text: text})
	}
	return q, Check(&q)
}
