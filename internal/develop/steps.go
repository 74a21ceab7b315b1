package develop

// The 25 steps of developing a new member (2014 细则; RULES.md §2), in
// order. Step ① (递交入党申请书) is the record's creation: a record is an
// application received on its applied date, and its workflow starts at the
// first tracked step after it. Keys are stable: flow_chain, flow_history,
// dev_step and the configuration store them.
const (
	StepApply              = "apply"              // ① 递交入党申请书 (the record's creation)
	StepTalk               = "talk"               // ② 党组织派人谈话
	StepActivist           = "activist"           // ③ 推荐和确定入党积极分子
	StepActivistFiling     = "activistFiling"     // ④ 上级党委备案
	StepContacts           = "contacts"           // ⑤ 指定培养联系人
	StepCultivate          = "cultivate"          // ⑥ 培养教育考察
	StepTarget             = "target"             // ⑦ 确定发展对象
	StepTargetFiling       = "targetFiling"       // ⑧ 报上级党委备案
	StepSponsors           = "sponsors"           // ⑨ 确定入党介绍人
	StepPoliticalReview    = "politicalReview"    // ⑩ 政治审查
	StepTraining           = "training"           // ⑪ 集中培训
	StepBranchReview       = "branchReview"       // ⑫ 支部委员会审查
	StepPreReview          = "preReview"          // ⑬ 上级党委预审
	StepVolunteerBook      = "volunteerBook"      // ⑭ 填写入党志愿书
	StepBranchMeeting      = "branchMeeting"      // ⑮ 支部大会讨论
	StepCommitteeTalk      = "committeeTalk"      // ⑯ 上级党委派人谈话
	StepCommitteeApproval  = "committeeApproval"  // ⑰ 上级党委审批
	StepDeptFiling         = "deptFiling"         // ⑱ 再上一级党委组织部门备案
	StepPlacement          = "placement"          // ⑲ 编入党支部和党小组
	StepOath               = "oath"               // ⑳ 入党宣誓
	StepProbationEducation = "probationEducation" // ㉑ 继续教育考察
	StepFullApplication    = "fullApplication"    // ㉒ 提出转正申请
	StepFullMeeting        = "fullMeeting"        // ㉓ 支部大会讨论转正
	StepFullApproval       = "fullApproval"       // ㉔ 上级党委审批转正
	StepArchive            = "archive"            // ㉕ 材料归档
)

// Stages: the state of a record (flow state, kept on dev_record.stage for
// the lists). A record waiting at a step is in that step's stage.
const (
	StageApplicant    = "applicant"    // 入党申请人
	StageActivist     = "activist"     // 入党积极分子
	StageTarget       = "target"       // 发展对象
	StageProbationary = "probationary" // 预备党员
	StageFull         = "full"         // 正式党员 (the workflow's Done state)
	StageEnded        = "ended"        // 已终止 (the workflow's Rejected state: 不予确定, 取消预备党员资格, 终止)
)

// StageNames name the stages in lists and messages.
var StageNames = map[string]string{StageApplicant: "入党申请人", StageActivist: "入党积极分子", StageTarget: "发展对象",
	StageProbationary: "预备党员", StageFull: "正式党员", StageEnded: "已终止"}

// Who acts at a step: the record's branch, the party committee above it
// (二级党委, or the school committee for a 直属党支部), or the organisation
// department. Each level is one permission, and a chain link's acting
// organisation types (see chains.go).
const (
	ByBranch     = "branch"
	ByCommittee  = "committee"
	ByDepartment = "department"
)

// StepDef is one of the 25 steps as the module declares it.
type StepDef struct {
	No    int    // 1..25, the number of 细则
	Key   string // the step key
	Name  string // its name in the UI and the history
	Stage string // the stage of a record waiting at it
	By    string // ByBranch, ByCommittee or ByDepartment
	// Docs are the documents usually kept for the step: offered as file
	// tags on the page; the configuration makes some of them required.
	Docs []string
}

// Steps are the 25 steps, in order.
var Steps = []StepDef{
	{1, StepApply, "递交入党申请书", StageApplicant, ByBranch, []string{"入党申请书"}},
	{2, StepTalk, "党组织派人谈话", StageApplicant, ByBranch, []string{"谈话记录"}},
	{3, StepActivist, "推荐和确定入党积极分子", StageApplicant, ByBranch, []string{"推荐材料", "支委会会议记录"}},
	{4, StepActivistFiling, "入党积极分子上级党委备案", StageActivist, ByCommittee, []string{"入党积极分子备案表"}},
	{5, StepContacts, "指定培养联系人", StageActivist, ByBranch, nil},
	{6, StepCultivate, "培养教育考察", StageActivist, ByBranch, []string{"培养考察登记表"}},
	{7, StepTarget, "确定发展对象", StageActivist, ByBranch, []string{"支委会会议记录", "公示材料"}},
	{8, StepTargetFiling, "发展对象报上级党委备案", StageTarget, ByCommittee, []string{"发展对象备案表"}},
	{9, StepSponsors, "确定入党介绍人", StageTarget, ByBranch, nil},
	{10, StepPoliticalReview, "政治审查", StageTarget, ByBranch, []string{"政治审查报告"}},
	{11, StepTraining, "集中培训", StageTarget, ByCommittee, []string{"培训结业证书"}},
	{12, StepBranchReview, "支部委员会审查", StageTarget, ByBranch, []string{"支委会会议记录"}},
	{13, StepPreReview, "上级党委预审", StageTarget, ByCommittee, []string{"预审意见"}},
	{14, StepVolunteerBook, "填写入党志愿书", StageTarget, ByBranch, []string{"入党志愿书"}},
	{15, StepBranchMeeting, "支部大会讨论接收预备党员", StageTarget, ByBranch, []string{"支部大会会议记录", "公示材料"}},
	{16, StepCommitteeTalk, "上级党委派人谈话", StageTarget, ByCommittee, []string{"谈话记录"}},
	{17, StepCommitteeApproval, "上级党委审批", StageTarget, ByCommittee, []string{"审批意见"}},
	{18, StepDeptFiling, "再上一级党委组织部门备案", StageProbationary, ByDepartment, nil},
	{19, StepPlacement, "编入党支部和党小组", StageProbationary, ByBranch, nil},
	{20, StepOath, "入党宣誓", StageProbationary, ByBranch, nil},
	{21, StepProbationEducation, "继续教育考察", StageProbationary, ByBranch, []string{"预备党员考察表"}},
	{22, StepFullApplication, "提出转正申请", StageProbationary, ByBranch, []string{"转正申请书"}},
	{23, StepFullMeeting, "支部大会讨论转正", StageProbationary, ByBranch, []string{"支部大会会议记录", "公示材料"}},
	{24, StepFullApproval, "上级党委审批转正", StageProbationary, ByCommittee, []string{"审批意见"}},
	{25, StepArchive, "材料归档", StageFull, ByBranch, nil},
}

// stepDef is the declared step of key (nil when there is none).
func stepDef(key string) *StepDef {
	for i := range Steps {
		if Steps[i].Key == key {
			return &Steps[i]
		}
	}
	return nil
}
