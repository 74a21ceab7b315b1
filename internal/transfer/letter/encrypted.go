package letter

import (
	"zhdj/internal/platform/crypto"
)

// encrypted are the letters' personal fields for the re-encryption after a
// key rotation.
func encrypted() []crypto.Column {
	return []crypto.Column{{Table: "zzgx_letter", Enc: "id_number_enc"}}
}
