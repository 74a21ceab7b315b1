package app

import (
	"zhdj/internal/archive"
	"zhdj/internal/system"
)

// archiveTS is the vocabulary and the JSON of 个人档案 and 手机上传
// (/api/archives, /api/mobileUpload): web/src/api/generated/archive.ts.
func archiveTS() ([]byte, error) {
	f := newTSFile(header("internal/archive (model.go, mobile.go)"))
	f.union("An upload channel (archive.Channel…, spec §4 CHANNEL).", "Channel", archive.Channels)
	f.constant("The channels' names (archive.ChannelNames).", "CHANNEL_NAMES", "Record<Channel, string>", named(archive.Channels, archive.ChannelNames))
	f.union("A share's type (archive.Share…, spec §4 SHARE_TYPE).", "ShareType", archive.ShareTypes)
	f.constant("The share types' names (archive.ShareTypeNames).", "SHARE_TYPE_NAMES", "Record<ShareType, string>", named(archive.ShareTypes, archive.ShareTypeNames))
	f.union("A share's state (archive.State…, spec §4 SHARE_STATE).", "ShareState", archive.ShareStates)
	f.constant("The share states' names (archive.ShareStateNames).", "SHARE_STATE_NAMES", "Record<ShareState, string>", named(archive.ShareStates, archive.ShareStateNames))
	f.iface("What the phone learns of its link (archive.LinkCheck).", "LinkCheck", archive.LinkCheck{}, map[string]string{"expiresAt": "string"})
	f.iface("A new mobile-upload link (archive.NewLink).", "NewLink", archive.NewLink{}, map[string]string{"expiresAt": "string"})
	f.iface("Whether a link brought its file (archive.LinkState).", "LinkState", archive.LinkState{}, nil)
	f.iface("A meeting the member attended, in 个人档案's 组织生活 (archive.AttendedMeeting).", "AttendedMeeting", archive.AttendedMeeting{}, nil)
	f.iface("A share of an archive file as the owner's list shows it (archive.ShareView, GET /api/archives/shares).", "ShareView", archive.ShareView{},
		map[string]string{"shareType": "ShareType", "state": "ShareState", "createTime": "string", "updateTime": "string"})
	f.input("The body of POST /api/archives/shares (archive.ShareInput).", "ShareInput", archive.ShareInput{},
		[]string{"fileId", "shareType", "targetIds"}, map[string]string{"shareType": "ShareType"})
	f.iface("A person a share may name, found by exact name or username (system.PersonBrief, GET /api/archives/shares/people).", "PersonBrief",
		system.PersonBrief{}, nil)
	f.iface("An organisation a share may name: the owner's own and those above it (archive.OrgOption, GET /api/archives/shares/orgs).",
		"OrgOption", archive.OrgOption{}, nil)
	f.iface("One view of a shared file (archive.ViewLog, GET /api/archives/shares/{id}/views).", "ViewLog", archive.ViewLog{},
		map[string]string{"viewTime": "string"})
	return f.bytes()
}
