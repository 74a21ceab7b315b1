package library

import (
	"context"
	"fmt"
	"time"

	"zhdj/internal/org"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/rbac"
	"zhdj/internal/system"
)

// DemoResult is what SeedDemo made.
type DemoResult struct {
	Rules, Docs, Sections int
	Took                  time.Duration
}

// demoRules are the CPC regulations the app cites, with their issuing body
// and the date they were adopted or issued. Their 文号 are left empty: not
// confirmed here, and none is invented. The 2017 Constitution is the
// version the 2022 one revises.
var demoRules = []struct {
	category, title, issuer, effective, body string
	supersedes                               int // 1-based index of the version revised; 0: none
}{
	{"1", "中国共产党章程（2017年修正）", "中国共产党第十九次全国代表大会", "2017-10-24", "<p>中国共产党第十九次全国代表大会部分修改，2017年10月24日通过。</p>", 0},
	{"1", "中国共产党章程", "中国共产党第二十次全国代表大会", "2022-10-22", "<p>中国共产党第二十次全国代表大会部分修改，2022年10月22日通过。</p><h2>第一章 党员</h2><p>年满十八岁的中国工人、农民、军人、知识分子和其他社会阶层的先进分子，承认党的纲领和章程，愿意参加党的一个组织并在其中积极工作、执行党的决议和按期交纳党费的，可以申请加入中国共产党。</p>", 1},
	{"1", "中国共产党发展党员工作细则", "中共中央办公厅", "2014-06-10", "<p>发展党员工作应当贯彻党的基本理论、基本路线、基本方略，按照控制总量、优化结构、提高质量、发挥作用的总要求，坚持党章规定的党员标准，始终把政治标准放在首位。</p>", 0},
	{"1", "中国共产党支部工作条例（试行）", "中共中央", "2018-10-28", "<p>党支部是党的基础组织，是党在社会基层组织中的战斗堡垒，是党的全部工作和战斗力的基础。</p>", 0},
	{"1", "中国共产党党员教育管理工作条例", "中共中央", "2019-05-06", "<p>党员教育管理工作是党的建设的基础性经常性工作。</p>", 0},
	{"3", "学校党员发展工作实施办法", "中共学校委员会", "2023-03-01", "<p>为做好学校发展党员工作，根据《中国共产党发展党员工作细则》，结合学校实际，制定本办法。</p><p>各二级党委负责本单位发展党员工作，党支部具体实施。</p>", 0},
	{"3", "学校党费收缴、使用和管理实施细则", "中共学校委员会", "2022-09-01", "<p>党员应当按月交纳党费。各党支部每月收缴党费，按时上交二级党委。</p>", 0},
	{"3", "学校基层党组织“三会一课”制度实施办法", "中共学校委员会", "2021-04-15", "<p>党支部党员大会一般每季度召开一次，支部委员会一般每月召开一次，党小组会一般每月召开一次，党课每季度至少一次。</p>", 0},
}

var demoDocs = []struct{ category, title, file string }{
	{"1", "入党申请书参考格式", "入党申请书参考格式.pdf"},
	{"1", "入党积极分子考察登记表", "入党积极分子考察登记表.pdf"},
	{"2", "党支部“三会一课”记录要点", "三会一课记录要点.pdf"},
	{"3", "关于开展年度民主评议党员工作的通知", "民主评议党员工作通知.pdf"},
}

var demoHelp = []struct {
	title string
	roles []string
	body  string
}{
	{"系统总览", nil, "<p>登录后首页显示您的待办事项和通知。左侧菜单按权限显示；顶部可在党建、干部与系统工作台之间切换。</p>"},
	{"党员：个人事务", []string{system.RoleMember}, "<h3>我的党费</h3><p>在“党员首页 › 我的党费”中查看应交党费并在线缴纳。</p><h3>组织生活</h3><p>会议开始后扫描签到二维码签到；会后填写回执。</p>"},
	{"党支部书记：支部工作", []string{system.RoleBranchSecretary}, "<h3>三会一课</h3><p>在“组织生活 › 三会一课”中登记会议、通知参会党员并上传会议记录。</p><h3>发展党员</h3><p>在“发展党员”中按步骤推进，每一步上传材料，经二级党委审核。</p>"},
	{"二级党委管理员：本单位管理", []string{system.RoleCommittee}, "<p>管理本单位及下级党组织的党员信息、组织关系转接、党费和组织生活；在“制度文件 › 文件下载”中向本单位发布文件。</p>"},
	{"组织部管理员：全校管理", []string{system.RoleOrgDept}, "<p>维护党组织、规章制度和帮助文档，审核二级党委报送的材料，查看全校统计。</p>"},
}

// demoPDF is a blank one-page PDF: the demo documents' files.
var demoPDF = []byte("%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
	"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")

// SeedDemo adds the demo university's rules, documents and manual (once:
// nothing when the library already holds rules).
func (s *Service) SeedDemo(ctx context.Context) (*DemoResult, error) {
	start := time.Now()
	res := &DemoResult{}
	if n, err := s.db.NewSelect().Model((*Rule)(nil)).Count(ctx); err != nil || n > 0 {
		return res, err
	}
	ctx = rbac.WithMemo(rbac.With(ctx, &rbac.Principal{Username: "组织部（演示）", Perms: map[string]bool{rbac.Admin: true}}))
	ids := make([]int64, len(demoRules))
	for i, r := range demoRules {
		in := Rule{Category: r.category, Title: r.title, Issuer: r.issuer, EffectiveDate: date.Date(r.effective), Body: r.body}
		if r.supersedes > 0 {
			in.SupersedesID = &ids[r.supersedes-1]
		}
		v, err := s.rules.Create(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("demo rule %s: %w", r.title, err)
		}
		ids[i] = v.ID
		res.Rules++
	}
	roots, err := s.orgs.OfTypes(ctx, s.db, org.TypeCommittee)
	if err != nil || len(roots) == 0 {
		return res, err
	}
	for _, d := range demoDocs {
		f, _, err := s.sys.SaveFileBytes(ctx, s.db, d.file, demoPDF, "library", "")
		if err != nil {
			return nil, fmt.Errorf("demo document %s: %w", d.title, err)
		}
		if _, err := s.docs.Create(ctx, Doc{OrgID: roots[0].ID, Category: d.category, Title: d.title, FileID: f.ID}); err != nil {
			return nil, fmt.Errorf("demo document %s: %w", d.title, err)
		}
		res.Docs++
	}
	for i, h := range demoHelp {
		var roles []int64
		for _, code := range h.roles {
			id, err := s.sys.RoleIDOf(ctx, s.db, code)
			if err != nil {
				return nil, err
			}
			roles = append(roles, id)
		}
		if _, err := s.help.Create(ctx, Help{Title: h.title, Sort: i + 1, RoleIDs: roles, Body: h.body}); err != nil {
			return nil, fmt.Errorf("demo help %s: %w", h.title, err)
		}
		res.Sections++
	}
	res.Took = time.Since(start)
	return res, nil
}
