package archive

// Permissions, granted in the hidden directory 我的档案 to the party member
// and the staff roles: every one of them keeps their own archive.
const (
	PermMine  = "archive:mine"  // 个人档案: the own record, the own files, 手机上传
	PermShare = "archive:share" // 档案共享: share an own file, stop, read its views
)

// Share types (spec §4 SHARE_TYPE): with a list of accounts, the holders of
// a role, or the members of a branch (党支部, DZZ).
const (
	ShareCustom = "CUSTOM"
	ShareRole   = "ROLE"
	ShareBranch = "DZZ"
)

// ShareTypes in the form's order, and their names.
var (
	ShareTypes     = []string{ShareCustom, ShareRole, ShareBranch}
	ShareTypeNames = map[string]string{ShareCustom: "指定人员", ShareRole: "角色", ShareBranch: "党组织"}
)

// Share states (spec §4 SHARE_STATE).
const (
	StateShared  = "SHARE"
	StateStopped = "STOP"
)

// ShareStates in order, and their names.
var (
	ShareStates     = []string{StateShared, StateStopped}
	ShareStateNames = map[string]string{StateShared: "共享中", StateStopped: "已停止"}
)

// Upload channels (spec §4 CHANNEL): a photo taken by the phone's camera, or
// a file picked on the phone.
const (
	ChannelPhoto  = "PHOTO"
	ChannelUpload = "UPLOAD"
)

// Channels in order, and their names.
var (
	Channels     = []string{ChannelPhoto, ChannelUpload}
	ChannelNames = map[string]string{ChannelPhoto: "拍照", ChannelUpload: "选择文件"}
)

// Limits of the inputs.
const (
	MaxTargets   = 200 // accounts, roles or branches of one share
	MaxShareNote = 200 // characters of a share's note
	LinkMinutes  = 10  // a mobile-upload link's life
)
