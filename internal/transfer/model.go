package transfer

import (
	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/resource"
)

// Kinds of transfer (zzgx_transfer.kind). Each is a workflow of its own
// (flow key "zzgx_" + kind) with its own approval chain.
const (
	KindIn      = "in"       // 校外转入: into the school from outside
	KindOut     = "out"      // 转出: out of the school (SubKind: province, outside, system)
	KindInside  = "inside"   // 校内转接: branch to branch inside the school
	KindAbroad  = "abroad"   // 出国（境）暂留
	KindReturn  = "return"   // 恢复组织生活 (back from abroad)
	KindFlowOut = "flow_out" // 流动党员流出 (HostOrg: the host organisation)
	KindFlowIn  = "flow_in"  // 流动党员流入 (HostOrg: the organisation the member comes from)
	KindSuspend = "suspend"  // 停止党籍
	KindLost    = "lost"     // 失联党员
	KindLeave   = "leave"    // 出党 (SubKind: quit, expel, deny, death)
)

// Kinds in the order of the menu.
var Kinds = []string{KindIn, KindOut, KindInside, KindAbroad, KindReturn, KindFlowOut, KindFlowIn, KindSuspend, KindLost, KindLeave}

// KindNames are the kinds as people name them.
var KindNames = map[string]string{
	KindIn: "校外转入", KindOut: "转出", KindInside: "校内转接", KindAbroad: "出国（境）暂留", KindReturn: "恢复组织生活",
	KindFlowOut: "流动党员流出", KindFlowIn: "流动党员流入", KindSuspend: "停止党籍", KindLost: "失联党员", KindLeave: "出党",
}

// Sub-kinds of 转出 (how far the member goes) and of 出党 (why; 自行脱党
// of a suspended member is the 除名 of 条例 第二十四条). 停止党籍's are its
// causes (standing.go).
const (
	OutProvince = "province" // 省内
	OutOutside  = "outside"  // 省外
	OutSystem   = "system"   // 系统外
	LeaveQuit   = "quit"     // 自行脱党/退党
	LeaveExpel  = "expel"    // 开除党籍
	LeaveDeny   = "deny"     // 不予承认
	LeaveDeath  = "death"    // 去世
)

// SubKindNames name the sub-kinds.
var SubKindNames = map[string]string{
	OutProvince: "省内转出", OutOutside: "省外转出", OutSystem: "转出系统外",
	LeaveQuit: "自行脱党/退党", LeaveExpel: "开除党籍", LeaveDeny: "不予承认", LeaveDeath: "去世",
	SuspendLost: "失去联系满6个月", SuspendAbroad: "出国（境）学习研究超过5年",
}

// subKinds are the sub-kinds a kind requires (none: the kind has none).
var subKinds = map[string][]string{
	KindOut:     {OutProvince, OutOutside, OutSystem},
	KindLeave:   {LeaveQuit, LeaveExpel, LeaveDeny, LeaveDeath},
	KindSuspend: {SuspendLost, SuspendAbroad}, // the cause (条例 第二十四条)
}

// States (zzgx_transfer.state, the flow's states). A record waits at a step
// in the step's state; Done, Rejected, Withdrawn and Cancelled end it.
const (
	StateReturned    = "returned"     // 退回修改: back with the applicant
	StateBranch      = "branch"       // 支部审核
	StateCommittee   = "committee"    // 二级党委审核
	StateDept        = "dept"         // 组织部审核
	StateInCommittee = "in_committee" // 接收方二级党委审核 (校内转接)
	StateInBranch    = "in_branch"    // 接收方支部审核 (校内转接)
	StateDone        = "done"         // 已完成
	StateRejected    = "rejected"     // 未通过
	StateWithdrawn   = "withdrawn"    // 本人撤回
	StateCancelled   = "cancelled"    // 撤销
)

// StateNames name the states.
var StateNames = map[string]string{
	StateReturned: "退回修改", StateBranch: "支部审核", StateCommittee: "二级党委审核", StateDept: "组织部审核",
	StateInCommittee: "接收方二级党委审核", StateInBranch: "接收方支部审核", StateDone: "已完成", StateRejected: "未通过",
	StateWithdrawn: "本人撤回", StateCancelled: "已撤销",
}

// OpenStates are the states of a transfer under way.
var OpenStates = []string{StateReturned, StateBranch, StateCommittee, StateDept, StateInCommittee, StateInBranch}

// Steps (flow step keys). Step "apply" is the applicant's (a record
// returned for changes waits there); the others are the chain's.
const (
	StepApply       = "apply"
	StepBranch      = "branch"
	StepCommittee   = "committee"
	StepDept        = "dept"
	StepInCommittee = "in_committee"
	StepInBranch    = "in_branch"
)

// Transfer is one organisation relation change (a row of zzgx_transfer).
//
// OrgID is the organisation that manages the transfer: the member's branch
// for every kind but 校外转入 and 流动党员流入, where it is the receiving
// branch. ToOrgID is the receiving branch of 校内转接. The member's own
// record changes only when the last approval lands (Done).
type Transfer struct {
	bun.BaseModel `bun:"table:zzgx_transfer,alias:t"`
	resource.Base

	Kind    string `bun:"kind" json:"kind"`
	SubKind string `bun:"sub_kind" json:"subKind"`
	State   string `bun:"state" json:"state"`
	// MemberID is the member moved (nil for 校外转入 until it is done, and
	// for 流动党员流入, whose member belongs to another organisation).
	MemberID *int64 `bun:"member_id" json:"memberId"`
	// The person's details (copied from the member, or entered for
	// 校外转入 / 流动党员流入). The ID number and phone are encrypted with
	// the member domain's cipher; IDNumberIdx is its blind index.
	Name        string    `bun:"name" json:"name"`
	Gender      string    `bun:"gender" json:"gender"`
	IDNumberEnc string    `bun:"id_number_enc" json:"-"`
	IDNumberIdx string    `bun:"id_number_idx" json:"-"`
	PhoneEnc    string    `bun:"phone_enc" json:"-"`
	PartyStatus string    `bun:"party_status" json:"partyStatus"` // DJ_DY_DJZTXX
	JoinedOn    date.Date `bun:"joined_on" json:"joinedOn"`
	PersonType  string    `bun:"person_type" json:"personType"`         // DJ_DYJBXX_RYLX
	PersonCat   string    `bun:"person_category" json:"personCategory"` // DJ_DY_RYLBXX

	OrgID   int64  `bun:"org_id" json:"orgId"`
	ToOrgID *int64 `bun:"to_org_id" json:"toOrgId"`
	// OtherOrg is the organisation outside the school: where the member
	// comes from (校外转入, 流动党员流入) or goes to (转出, 出国 country,
	// 流动党员流出's host organisation).
	OtherOrg string `bun:"other_org" json:"otherOrg"`
	// Reach is how far a letter goes (letter.Reach…; 转出 and 校内转接).
	Reach string `bun:"reach" json:"reach"`
	// FeesPaidUpTo is 党费缴纳至 ("YYYY-MM") on every transfer out;
	// FeesFrom says who said so: "fee" (the fee domain) or "entered".
	FeesPaidUpTo string `bun:"fees_paid_up_to" json:"feesPaidUpTo"`
	FeesFrom     string `bun:"fees_from" json:"feesFrom"`
	// HappenedOn is the date of the fact (leaving, departure abroad, lost
	// contact since, death …); Reason explains it.
	HappenedOn date.Date `bun:"happened_on" json:"happenedOn"`
	Reason     string    `bun:"reason" json:"reason"`
	// StartedBy is the account that started it; BySelf tells that the
	// member started their own transfer (from the 党员 home).
	StartedBy *int64    `bun:"started_by" json:"startedBy"`
	BySelf    bool      `bun:"by_self" json:"bySelf"`
	DoneOn    date.Date `bun:"done_on" json:"doneOn"`
}
