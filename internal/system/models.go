package system

import (
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Dept is a node of the administrative department tree.
type Dept struct {
	bun.BaseModel `bun:"table:sys_dept,alias:d"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	PID           *int64 `bun:"pid" json:"pid"`
	Name          string `bun:"name" json:"name"`
	Sort          int    `bun:"sort" json:"sort"`
	Enabled       bool   `bun:"enabled" json:"enabled"`
	db.Stamps
	Children []*Dept `bun:"-" json:"children,omitempty"`
}

// Password states that make the user change the password.
const (
	PwdOK      = ""
	PwdInitial = "initial" // set by an administrator when the account was made
	PwdReset   = "reset"   // reset by an administrator
	PwdWeak    = "weak"    // fails the current password policy
)

// User is a sign-in account.
type User struct {
	bun.BaseModel `bun:"table:sys_user,alias:u"`
	ID            int64      `bun:"id,pk,autoincrement"`
	Username      string     `bun:"username"`
	NickName      string     `bun:"nick_name"`
	Gender        string     `bun:"gender"`
	PhoneEnc      string     `bun:"phone_enc"` // see user_phone.go
	PhoneIdx      string     `bun:"phone_idx"`
	Email         string     `bun:"email"`
	AvatarFileID  *int64     `bun:"avatar_file_id"`
	DeptID        *int64     `bun:"dept_id"`
	OrgID         *int64     `bun:"org_id"`
	PasswordHash  string     `bun:"password_hash"`
	PwdState      string     `bun:"pwd_state"`
	PwdChangedAt  *time.Time `bun:"pwd_changed_at"`
	IsAdmin       bool       `bun:"is_admin"`
	Enabled       bool       `bun:"enabled"`
	Activated     bool       `bun:"activated"`
	HasLeft       bool       `bun:"has_left"`
	FailedCount   int        `bun:"failed_count"`
	FailedSince   *time.Time `bun:"failed_since"`
	LockedUntil   *time.Time `bun:"locked_until"`
	LastLoginAt   *time.Time `bun:"last_login_at"`
	db.Stamps

	DeptName string `bun:"dept_name,scanonly"`
}

// Locked tells whether the account is locked at now.
func (u *User) Locked(now time.Time) bool { return u.LockedUntil != nil && u.LockedUntil.After(now) }

// Data scopes of a role: which records its holders see.
const (
	ScopeAll           = "ALL"             // 全部
	ScopeLevel         = "LEVEL"           // 本级
	ScopeLevelAndBelow = "LEVEL_AND_BELOW" // 本级及下级
	ScopeCustom        = "CUSTOM"          // 自定义
	ScopeSelf          = "SELF"            // 仅本人
)

// ScopeLabels gives the Chinese name of each data scope.
var ScopeLabels = map[string]string{
	ScopeAll: "全部", ScopeLevel: "本级", ScopeLevelAndBelow: "本级及下级", ScopeCustom: "自定义", ScopeSelf: "仅本人",
}

// Role groups menus (and so permissions) and carries a data scope.
type Role struct {
	bun.BaseModel `bun:"table:sys_role,alias:r"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	Name          string `bun:"name" json:"name"`
	Description   string `bun:"description" json:"description"`
	Level         int    `bun:"level" json:"level"`
	DataScope     string `bun:"data_scope" json:"dataScope"`
	// Owner anchors: the creator's department and party organisation when
	// the creator's scope was not the whole university (nil = university level).
	// Only callers whose scope covers them manage the role.
	OwnerDeptID *int64 `bun:"owner_dept_id" json:"ownerDeptId"`
	OwnerOrgID  *int64 `bun:"owner_org_id" json:"ownerOrgId"`
	// IsSystem marks the roles the platform ships with: only admin changes them.
	IsSystem bool `bun:"is_system" json:"isSystem"`
	db.Stamps
}

// Menu types.
const (
	MenuDir    = 0
	MenuPage   = 1
	MenuButton = 2
)

// Menu is a directory, a page or a button (a button carries a permission).
type Menu struct {
	bun.BaseModel `bun:"table:sys_menu,alias:m"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	PID           *int64 `bun:"pid" json:"pid"`
	Type          int    `bun:"type" json:"type"`
	Title         string `bun:"title" json:"title"`
	Name          string `bun:"name" json:"name"`
	Component     string `bun:"component" json:"component"`
	Path          string `bun:"path" json:"path"`
	Icon          string `bun:"icon" json:"icon"`
	Sort          int    `bun:"sort" json:"sort"`
	Hidden        bool   `bun:"hidden" json:"hidden"`
	NoCache       bool   `bun:"no_cache" json:"noCache"`
	Extpath       string `bun:"extpath" json:"extpath"`
	Permission    string `bun:"permission" json:"permission"`
	// Workbench is a first-level menu's mode of the top bar (module.Workbench*); "" below the first level.
	Workbench string `bun:"workbench" json:"workbench"`
	db.Stamps
	Children []*Menu `bun:"-" json:"children,omitempty"`
}

// Session is a signed-in browser; the token itself is never stored.
type Session struct {
	bun.BaseModel `bun:"table:sys_session,alias:s"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	TokenHash     string `bun:"token_hash" json:"-"`
	UserID        int64  `bun:"user_id" json:"userId"`
	Client
	Remember   bool      `bun:"remember" json:"remember"`
	Method     string    `bun:"method" json:"method"` // how it signed in: MethodPassword, MethodCAS
	CreatedAt  time.Time `bun:"created_at" json:"createTime"`
	LastSeenAt time.Time `bun:"last_seen_at" json:"lastSeenTime"`
	ExpiresAt  time.Time `bun:"expires_at" json:"expireTime"`

	Username string `bun:"username,scanonly" json:"username,omitempty"`
	NickName string `bun:"nick_name,scanonly" json:"nickName,omitempty"`
	Current  bool   `bun:"-" json:"current"`

	// Read with the session on every request (Authenticate).
	UserDeptID  *int64 `bun:"user_dept_id,scanonly" json:"-"`
	UserOrgID   *int64 `bun:"user_org_id,scanonly" json:"-"`
	UserIsAdmin bool   `bun:"user_is_admin,scanonly" json:"-"`
	UserEnabled bool   `bun:"user_enabled,scanonly" json:"-"`
	UserPwd     string `bun:"user_pwd_state,scanonly" json:"-"`
	// RoleVersions: the user's roles and their permission versions (permcache.go).
	RoleVersions *string `bun:"role_versions,scanonly" json:"-"`
}

// Dict is a named list of value/label pairs.
type Dict struct {
	bun.BaseModel `bun:"table:sys_dict,alias:dc"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	Name          string `bun:"name" json:"name"`
	Description   string `bun:"description" json:"description"`
	db.Stamps
}

// DictDetail is one value of a dictionary.
type DictDetail struct {
	bun.BaseModel `bun:"table:sys_dict_detail,alias:dd"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	DictID        int64  `bun:"dict_id" json:"dictId"`
	Label         string `bun:"label" json:"label"`
	Value         string `bun:"value" json:"value"`
	Sort          int    `bun:"sort" json:"sort"`
	Enabled       bool   `bun:"enabled" json:"enabled"`
	db.Stamps
}

// Config is one system setting.
type Config struct {
	bun.BaseModel `bun:"table:sys_config,alias:c"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	Key           string    `bun:"config_key" json:"configKey"`
	Value         string    `bun:"config_value" json:"configValue"`
	Name          string    `bun:"config_name" json:"configName"`
	Group         string    `bun:"config_group" json:"configGroup"`
	Remark        string    `bun:"remark" json:"remark"`
	Kind          string    `bun:"value_kind" json:"valueKind"`
	IsPublic      bool      `bun:"is_public" json:"isPublic"`
	IsSecret      bool      `bun:"is_secret" json:"isSecret"`
	CreatedAt     time.Time `bun:"created_at" json:"createTime"`
	UpdatedAt     time.Time `bun:"updated_at" json:"updateTime"`
}

// School is a deployment's display identity.
type School struct {
	bun.BaseModel `bun:"table:sys_school,alias:sc"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	Code          string `bun:"code" json:"code"`
	Name          string `bun:"name" json:"name"`
	LogoFileID    *int64 `bun:"logo_file_id" json:"logoFileId"`
	Footer        string `bun:"footer" json:"footer"`
	TitlePrefix   string `bun:"title_prefix" json:"titlePrefix"`
	db.Stamps
}

// File is an uploaded file; the bytes live in the file store under StoredName.
type File struct {
	bun.BaseModel `bun:"table:sys_file,alias:f"`
	ID            int64     `bun:"id,pk,autoincrement" json:"id"`
	OriginalName  string    `bun:"original_name" json:"name"`
	StoredName    string    `bun:"stored_name" json:"-"`
	ModuleName    string    `bun:"module_name" json:"moduleName"`
	Tag           string    `bun:"tag" json:"tag"`
	ContentType   string    `bun:"content_type" json:"contentType"`
	Size          int64     `bun:"size" json:"size"`
	SHA256        string    `bun:"sha256" json:"sha256"`
	IsPublic      bool      `bun:"is_public" json:"isPublic"`
	UploaderID    *int64    `bun:"uploader_id" json:"uploaderId"`
	CreatedAt     time.Time `bun:"created_at" json:"createTime"`

	UploaderName string `bun:"uploader_name,scanonly" json:"uploaderName,omitempty"`
	// What the list shows for the codes above (file_names.go); the codes stay for the detail.
	ModuleLabel string `bun:"-" json:"moduleLabel,omitempty"`
	TagLabel    string `bun:"-" json:"tagLabel,omitempty"`
	TypeLabel   string `bun:"-" json:"typeLabel,omitempty"`
}

// Notice is what a message, a to-do and a warning share: whose it is and
// what it says.
type Notice struct {
	UserID  int64  `bun:"user_id" json:"userId"`
	Title   string `bun:"title" json:"title"`
	Content string `bun:"content" json:"content"`
	Link    string `bun:"link" json:"link"`
}

// Sent is who sent a message or a to-do, and when; the names are read with
// it for the pages.
type Sent struct {
	SenderID  *int64    `bun:"sender_id" json:"senderId"`
	CreatedAt time.Time `bun:"created_at" json:"createTime"`

	SenderName string `bun:"sender_name,scanonly" json:"senderName"`
	UserName   string `bun:"user_name,scanonly" json:"userName,omitempty"`
}

// Message is a notice pushed to one user (a reminder when IsRemind).
type Message struct {
	bun.BaseModel `bun:"table:msg_push_history,alias:mp"`
	ID            int64 `bun:"id,pk,autoincrement" json:"id"`
	Notice
	IsRemind bool       `bun:"is_remind" json:"isRemind"`
	ReadAt   *time.Time `bun:"read_at" json:"readTime"`
	// ReminderID is the smart reminder (sys_reminder) the message delivers,
	// if any: one message per reminder and account.
	ReminderID *int64 `bun:"reminder_id" json:"reminderId,omitempty"`
	Sent
}

// Todo is a task waiting for one user.
type Todo struct {
	bun.BaseModel `bun:"table:msg_todo,alias:mt"`
	ID            int64 `bun:"id,pk,autoincrement" json:"id"`
	Notice
	Module string     `bun:"module" json:"module"`
	BizID  string     `bun:"biz_id" json:"bizId"`
	Done   bool       `bun:"done" json:"done"`
	DoneAt *time.Time `bun:"done_at" json:"doneTime"`
	Sent
}

// Warning is a condition a user should act on (term due, probation ending…),
// raised by the business modules.
type Warning struct {
	bun.BaseModel `bun:"table:sys_warning,alias:w"`
	ID            int64 `bun:"id,pk,autoincrement" json:"id"`
	Notice
	Type      string    `bun:"type" json:"type"`
	Level     string    `bun:"level" json:"level"`
	Resolved  bool      `bun:"resolved" json:"resolved"`
	CreatedAt time.Time `bun:"created_at" json:"createTime"`
}

// OperLog is one mutating request (or a sensitive read): the module and
// action of its route, the records it named (Target: ids, TargetName), its
// query and body with secrets and personal values masked (Body only in the
// detail), the result and the duration.
type OperLog struct {
	bun.BaseModel `bun:"table:sys_oper_log,alias:ol"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	UserID        *int64 `bun:"user_id" json:"userId"`
	Username      string `bun:"username" json:"username"`
	Module        string `bun:"module" json:"module"`
	Action        string `bun:"action" json:"action"`
	Target        string `bun:"target" json:"target"`
	TargetName    string `bun:"target_name" json:"targetName"`
	Method        string `bun:"method" json:"method"`
	Path          string `bun:"path" json:"path"`
	Query         string `bun:"query" json:"query"`
	Body          string `bun:"body" json:"body,omitempty"`
	Status        int    `bun:"status" json:"status"`
	Client
	DurationMS int64     `bun:"duration_ms" json:"durationMs"`
	Message    string    `bun:"message" json:"message"`
	CreatedAt  time.Time `bun:"created_at" json:"createTime"`
	Chained
}

// LoginLog is one sign-in attempt.
type LoginLog struct {
	bun.BaseModel `bun:"table:sys_login_log,alias:ll"`
	ID            int64  `bun:"id,pk,autoincrement" json:"id"`
	Username      string `bun:"username" json:"username"`
	Client
	Success   bool      `bun:"success" json:"success"`
	Message   string    `bun:"message" json:"message"`
	CreatedAt time.Time `bun:"created_at" json:"createTime"`
	Chained
}

// Chained is a log row's place in its hash chain (logchain.go): its
// position, its chain value and the value's algorithm. A row written
// outside the system has none (ChainSeq nil).
type Chained struct {
	ChainSeq *int64 `bun:"chain_seq" json:"-"`
	ChainMac string `bun:"chain_mac" json:"-"`
	ChainAlg string `bun:"chain_alg" json:"-"`
}
