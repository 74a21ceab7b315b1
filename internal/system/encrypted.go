package system

import (
	"zhdj/internal/platform/crypto"
)

// encrypted are the accounts' personal fields for the re-encryption after a
// key rotation.
func encrypted() []crypto.Column {
	return []crypto.Column{{Table: "sys_user", Enc: "phone_enc", Idx: "phone_idx"}}
}
