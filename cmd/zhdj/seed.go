package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"

	"zhdj/internal/app"
	"zhdj/internal/appraisal"
	"zhdj/internal/cadre/analysis"
	"zhdj/internal/config"
	"zhdj/internal/demo"
	"zhdj/internal/develop"
	"zhdj/internal/duty"
	"zhdj/internal/election"
	feereport "zhdj/internal/fee/report"
	"zhdj/internal/fillform"
	"zhdj/internal/orglife"
	"zhdj/internal/orgstd"
	"zhdj/internal/platform/dbstats"
	"zhdj/internal/pschool"
	"zhdj/internal/secreview"
	"zhdj/internal/survey"
	"zhdj/internal/transfer/oversight"
	"zhdj/internal/weakorg"
)

// seed writes the demo university (zhdj seed --demo) into an empty database.
// With --if-empty a database that already holds data is left alone without
// an error, which is what `make run` relies on.
func seed(args []string) error {
	cfg := config.Defaults().FromEnv()
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	cfg.BindFlags(fs)
	demoFlag := fs.Bool("demo", false, "write the demo university (required)")
	members := fs.Int("members", demo.DefaultMembers, "number of party members")
	seedValue := fs.Uint64("seed", demo.DefaultSeed, "random seed: the same seed gives the same data")
	ifEmpty := fs.Bool("if-empty", false, "do nothing (and succeed) when the database already holds data")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if !*demoFlag {
		return errors.New("用法: zhdj seed --demo [--members N] [--seed S] [--if-empty]")
	}
	ctx := context.Background()
	a, err := app.Open(ctx, cfg)
	if err != nil {
		return err
	}
	defer a.Close()
	empty, err := demo.IsEmpty(ctx, a.DB)
	if err != nil {
		return err
	}
	if !empty {
		if *ifEmpty {
			fmt.Println("数据库中已有数据，未写入演示数据 (database not empty: demo data skipped)")
			return nil
		}
		return demo.ErrNotEmpty
	}
	// The app's keyring: the demo's personal fields under the active data
	// key, as the services write them (field.key alone is key 0 only).
	cipher := a.Cipher
	fmt.Printf("正在生成演示数据：%d 名党员…\n", *members)
	res, err := demo.Seed(ctx, a.DB, cipher, demo.Options{Members: *members, Seed: *seedValue})
	if err != nil {
		return err
	}
	fmt.Printf("已生成演示数据：%d 个单位，%d 个党组织，%d 名党员（正式党员 %d，预备党员 %d），%d 名教职工，%d 个班级，%d 名学生，用时 %.1f 秒\n",
		res.Units, res.Orgs, res.Members, res.Full, res.Probationary, res.Teachers, res.Classes, res.Students, res.Took.Seconds())
	fmt.Printf("Demo data: %d units, %d party organisations, %d members (%d full, %d probationary), %d teachers and staff, %d classes, %d students in %.1f s\n",
		res.Units, res.Orgs, res.Members, res.Full, res.Probationary, res.Teachers, res.Classes, res.Students, res.Took.Seconds())
	dev, err := a.Develop.SeedDemo(ctx, develop.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("发展党员演示数据 (development records): %w", err)
	}
	fmt.Printf("已生成发展党员演示数据：%d 条记录（%s），%d 份公示，用时 %.1f 秒\n", dev.Records, dev.Summary(), dev.Notices, dev.Took.Seconds())
	fmt.Printf("Development records: %d (%d notices) in %.1f s\n", dev.Records, dev.Notices, dev.Took.Seconds())
	trf, err := a.Oversight.SeedDemo(ctx, oversight.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("组织关系转接演示数据 (transfers): %w", err)
	}
	fmt.Printf("已生成组织关系转接演示数据：%d 条（%s），用时 %.1f 秒\n", trf.Transfers, trf.Summary(), trf.Took.Seconds())
	fees, err := a.FeeReport.SeedDemo(ctx, a.Fee, feereport.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("党费演示数据 (party fees): %w", err)
	}
	fmt.Printf("已生成党费演示数据：%d 个月份批次，%d 条党员月度应缴，%d 笔现场缴费（%d 条入账），%d 条党费基数，%d 名党员连续欠缴，用时 %.1f 秒\n",
		fees.Months, fees.Dues, fees.Payments, fees.Entries, fees.Bases, fees.Arrears, fees.Took.Seconds())
	fmt.Printf("Party fees: %d months, %d dues, %d payments (%d entries), %d bases, %d members in arrears in %.1f s\n",
		fees.Months, fees.Dues, fees.Payments, fees.Entries, fees.Bases, fees.Arrears, fees.Took.Seconds())
	life, err := a.OrgLife.SeedDemo(ctx, orglife.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("组织生活演示数据 (meetings): %w", err)
	}
	fmt.Printf("已生成组织生活演示数据：%d 次会议、%d 名参会人员（%d 个党支部党课或支委会落后），%d 次会议发出会议回执，用时 %.1f 秒\n", life.Meetings, life.Attendees, life.Behind, life.Receipts, life.Took.Seconds())
	fmt.Printf("Meetings: %d, attendees: %d (%d branches behind), %d receipts asked, in %.1f s\n", life.Meetings, life.Attendees, life.Behind, life.Receipts, life.Took.Seconds())
	jf, err := a.Points.SeedDemo(ctx, a.OrgLife)
	if err != nil {
		return fmt.Errorf("党员积分演示数据 (points): %w", err)
	}
	fmt.Printf("已生成党员积分演示数据：%d 次会议的出勤记分、%d 条积分明细、%d 条积分申报，用时 %.1f 秒\n", jf.Meetings, jf.Entries, jf.Proposals, jf.Took.Seconds())
	fmt.Printf("Member points: attendance of %d meetings, %d entries, %d proposals in %.1f s\n", jf.Meetings, jf.Entries, jf.Proposals, jf.Took.Seconds())
	bf, err := a.Aid.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("党员帮扶演示数据 (member aid): %w", err)
	}
	fmt.Printf("已生成党员帮扶演示数据：%d 名帮扶对象、%d 条帮扶记录，用时 %.1f 秒\n", bf.Cases, bf.Records, bf.Took.Seconds())
	fmt.Printf("Member aid: %d members in difficulty, %d records in %.1f s\n", bf.Cases, bf.Records, bf.Took.Seconds())
	rev, err := a.SecReview.SeedDemo(ctx, secreview.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("书记述职评议演示数据 (secretaries' reviews): %w", err)
	}
	fmt.Printf("已生成书记述职评议演示数据：%d 次评议，%d 份述职（已提交 %d，已评定 %d），用时 %.1f 秒\n", rev.Rounds, rev.Reports, rev.Submitted, rev.Graded, rev.Took.Seconds())
	fmt.Printf("Secretaries' reviews: %d rounds, %d reports (%d submitted, %d graded) in %.1f s\n", rev.Rounds, rev.Reports, rev.Submitted, rev.Graded, rev.Took.Seconds())
	dty, err := a.Duty.SeedDemo(ctx, duty.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("值班工作报告与德廉档案演示数据 (work reports, integrity): %w", err)
	}
	fmt.Printf("已生成值班工作报告与德廉档案演示数据：%d 项任务，%d 份报告（已提交 %d），%d 条德廉档案记录，用时 %.1f 秒\n", dty.Tasks, dty.Reports, dty.Submitted, dty.Records, dty.Took.Seconds())
	fmt.Printf("Work reports: %d tasks, %d reports (%d submitted), %d integrity records in %.1f s\n", dty.Tasks, dty.Reports, dty.Submitted, dty.Records, dty.Took.Seconds())
	weak, err := a.WeakOrg.SeedDemo(ctx, weakorg.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("软弱涣散党组织演示数据 (weak organisations): %w", err)
	}
	fmt.Printf("已生成软弱涣散党组织演示数据：%d年度%d条（整顿中%d，已销号%d，不予认定%d），用时 %.1f 秒\n", weak.Year, weak.Cases, weak.Rectifying,
		weak.Closed, weak.Rejected, weak.Took.Seconds())
	fmt.Printf("Weak organisations: %d cases of %d in %.1f s\n", weak.Cases, weak.Year, weak.Took.Seconds())
	mzpy, err := a.Appraisal.SeedDemo(ctx, appraisal.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("民主评议党员演示数据 (democratic appraisal): %w", err)
	}
	fmt.Printf("已生成民主评议党员演示数据：%d 次评议（已决定 %d），%d 张选票，用时 %.1f 秒\n", mzpy.Rounds, mzpy.Decided, mzpy.Ballots, mzpy.Took.Seconds())
	fmt.Printf("Democratic appraisal: %d rounds (%d decided), %d ballots in %.1f s\n", mzpy.Rounds, mzpy.Decided, mzpy.Ballots, mzpy.Took.Seconds())
	std, err := a.OrgStd.SeedDemo(ctx, orgstd.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("党组织建设演示数据 (standardised construction): %w", err)
	}
	fmt.Printf("已生成党组织建设演示数据：%d年度 %d 个党支部自评并审核，%d 个示范/样板党支部，用时 %.1f 秒\n", std.Year, std.Assessments, std.Marks, std.Took.Seconds())
	fmt.Printf("Standardised construction: %d assessments of %d reviewed, %d marks in %.1f s\n", std.Assessments, std.Year, std.Marks, std.Took.Seconds())
	fill, err := a.FillForm.SeedDemo(ctx, fillform.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("填报表单演示数据 (fill-in forms): %w", err)
	}
	fmt.Printf("已生成填报表单演示数据：%d 张表单，%d 个填报对象（已提交 %d，已通过 %d），用时 %.1f 秒\n", fill.Forms, fill.Entries, fill.Submitted, fill.Passed, fill.Took.Seconds())
	fmt.Printf("Fill-in forms: %d forms, %d entries (%d submitted, %d passed) in %.1f s\n", fill.Forms, fill.Entries, fill.Submitted, fill.Passed, fill.Took.Seconds())
	xj, err := a.Elections.SeedDemo(ctx, election.DemoOptions{})
	if err != nil {
		return fmt.Errorf("换届选举演示数据 (elections): %w", err)
	}
	fmt.Printf("已生成换届选举演示数据：%d 次换届选举（%d 次投票，%d 张选票），党代表选举 %d 个选举单位、%d 名被提名人，用时 %.1f 秒\n",
		xj.Elections, xj.Votes, xj.Ballots, xj.Units, xj.Nominations, xj.Took.Seconds())
	fmt.Printf("Elections: %d (%d votes, %d ballots), congress: %d constituencies, %d nominees in %.1f s\n",
		xj.Elections, xj.Votes, xj.Ballots, xj.Units, xj.Nominations, xj.Took.Seconds())
	wj, err := a.Survey.SeedDemo(ctx, survey.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("问卷演示数据 (questionnaires): %w", err)
	}
	fmt.Printf("已生成问卷演示数据：%d 份问卷（实名答卷 %d 份，匿名答卷 %d 份），会议回执 %d 份，用时 %.1f 秒\n", wj.Questionnaires, wj.Named, wj.Anonymous, wj.Receipts, wj.Took.Seconds())
	fmt.Printf("Questionnaires: %d (%d named answers, %d anonymous), %d receipt answers, in %.1f s\n", wj.Questionnaires, wj.Named, wj.Anonymous, wj.Receipts, wj.Took.Seconds())
	lib, err := a.Library.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("制度文件演示数据 (rules and documents): %w", err)
	}
	fmt.Printf("已生成制度文件演示数据：%d 条规章制度，%d 个下载文件，%d 个帮助章节，用时 %.1f 秒\n", lib.Rules, lib.Docs, lib.Sections, lib.Took.Seconds())
	fmt.Printf("Library: %d rules, %d documents, %d help sections in %.1f s\n", lib.Rules, lib.Docs, lib.Sections, lib.Took.Seconds())
	xw, err := a.Content.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("党务新闻演示数据 (news and articles): %w", err)
	}
	fmt.Printf("已生成党务新闻与文章演示数据：%d 篇已发布，%d 篇草稿，用时 %.1f 秒\n", xw.Published, xw.Drafts, xw.Took.Seconds())
	fmt.Printf("News and articles: %d published, %d drafts in %.1f s\n", xw.Published, xw.Drafts, xw.Took.Seconds())
	tk, err := a.Questions.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("题库演示数据 (question bank): %w", err)
	}
	fmt.Printf("已生成题库演示数据：学校党委题库 %d 道题目\n", tk.Questions)
	fmt.Printf("Question bank: %d questions in the university's bank\n", tk.Questions)
	kc, err := a.Course.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("课程管理演示数据 (courses): %w", err)
	}
	fmt.Printf("已生成课程管理演示数据：%d 门已发布课程，%d 个图文节点\n", kc.Courses, kc.Nodes)
	fmt.Printf("Courses: %d published, %d article nodes\n", kc.Courses, kc.Nodes)
	ks, err := a.Exams.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("在线考试演示数据 (exams): %w", err)
	}
	dx, err := a.PSchool.SeedDemo(ctx, pschool.DemoInput{CourseIDs: kc.CourseIDs, ExamID: ks.ExamID})
	if err != nil {
		return fmt.Errorf("党校培训班演示数据 (party schools): %w", err)
	}
	fmt.Printf("已生成党校演示数据：%d 所党校，%d 个培训班，%d 名学员（开通学员账号 %d 个，初始密码不保留）\n", dx.Schools, dx.Batches, dx.Trainees, dx.Accounts)
	fmt.Printf("Party schools: %d schools, %d batches, %d trainees (%d accounts opened, initial passwords not kept)\n", dx.Schools, dx.Batches, dx.Trainees, dx.Accounts)
	published := false
	if ks.ExamID != nil {
		if published, err = a.Exams.PublishDemo(ctx, *ks.ExamID); err != nil {
			return fmt.Errorf("在线考试演示数据 (exams): %w", err)
		}
	}
	state, stateEN := "草稿：没有考生", "a draft: no examinees"
	if published {
		state, stateEN = "已发布，考生为培训班学员", "published, the batch's trainees its examinees"
	}
	fmt.Printf("已生成在线考试演示数据：%d 份试卷（%d 道题），%d 场考试（%s）\n", ks.Papers, ks.Questions, ks.Exams, state)
	fmt.Printf("Exams: %d papers (%d questions), %d exams (%s)\n", ks.Papers, ks.Questions, ks.Exams, stateEN)
	xs, err := a.Hours.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("学时统计演示数据 (offline study): %w", err)
	}
	fmt.Printf("已生成学时统计演示数据：线下学习 %d 条已通过，%d 条待审核，用时 %.1f 秒\n", xs.Approved, xs.Pending, xs.Took.Seconds())
	fmt.Printf("Offline study: %d approved, %d pending in %.1f s\n", xs.Approved, xs.Pending, xs.Took.Seconds())
	gb, err := a.CadreAnalysis.SeedDemo(ctx, a.Cadres, a.Units, analysis.DemoOptions{Seed: *seedValue})
	if err != nil {
		return fmt.Errorf("干部演示数据 (cadres): %w", err)
	}
	fmt.Printf("已生成干部演示数据：%d 名干部（校领导 %d，处级 %d，科级 %d），试用期 %d 人，挂职 %d 人，外借证件 %d 件，用时 %.1f 秒\n",
		gb.Cadres, gb.SchoolLeaders, gb.Division, gb.Section, gb.Probations, gb.Secondments, gb.Certificates, gb.Took.Seconds())
	fmt.Printf("Cadres: %d (%d school leaders, %d division, %d section) in %.1f s\n", gb.Cadres, gb.SchoolLeaders, gb.Division, gb.Section, gb.Took.Seconds())
	zs, err := a.Quotas.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("职数管理演示数据 (posts and quotas): %w", err)
	}
	fmt.Printf("已生成职数管理演示数据：%d 个岗位，%d 项核定职数，%d 名现任干部（超职数 %d 名），任免文件 %s（已发布）、%s（草稿）\n",
		zs.Positions, zs.Quotas, zs.Holdings, zs.OverQuota, zs.Issued, zs.Draft)
	fmt.Printf("Posts and quotas: %d posts, %d quotas, %d holders (%d over quota), documents %s (issued) and %s (draft)\n",
		zs.Positions, zs.Quotas, zs.Holdings, zs.OverQuota, zs.Issued, zs.Draft)
	xb, err := a.Selections.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("选拔任用演示数据 (selections): %w", err)
	}
	fmt.Printf("已生成选拔任用演示数据：%s\n", strings.Join(xb.Selections, "；"))
	fmt.Printf("Selections: %d in progress\n", len(xb.Selections))
	kh, err := a.Assess.SeedDemo(ctx, *seedValue)
	if err != nil {
		return fmt.Errorf("干部考核演示数据 (cadre assessment): %w", err)
	}
	fmt.Printf("已生成干部考核演示数据：考核方案 %d 个，%s，每次 %d 名干部，测评票 %d 张\n", kh.Schemes, strings.Join(kh.Rounds, "、"), kh.Cadres, kh.Ballots)
	fmt.Printf("Cadre assessment: %d schemes, %d rounds of %d cadres, %d ballots\n", kh.Schemes, len(kh.Rounds), kh.Cadres, kh.Ballots)
	placed, err := a.Screens.SeedDemo(ctx)
	if err != nil {
		return fmt.Errorf("驾驶舱校区示意图 (campus map): %w", err)
	}
	fmt.Printf("已生成驾驶舱校区示意图：3 个校区，%d 栋楼宇\n", placed)
	fmt.Printf("Campus map: 3 campuses, %d buildings\n", placed)
	// The modules' tables too get the planner's statistics on SQLite now,
	// not at the first night (PostgreSQL: each module's demo analysed its own).
	if err := dbstats.New(a.DB).Analyze(ctx); err != nil {
		return fmt.Errorf("数据库统计信息 (ANALYZE): %w", err)
	}
	return nil
}
