package app

import "zhdj/internal/archive"

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
	return f.bytes()
}
