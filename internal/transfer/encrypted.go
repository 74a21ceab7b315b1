package transfer

import (
	"time"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/idcard"
)

// encrypted are the transfers' personal fields for the re-encryption after
// a key rotation; the ID number is indexed as member records index it (its
// 18-character form).
func encrypted() []crypto.Column {
	return []crypto.Column{
		{Table: "zzgx_transfer", Enc: "id_number_enc", Idx: "id_number_idx",
			Canonical: func(n string) string { return idcard.IndexForm(n, time.Now()) }},
		{Table: "zzgx_transfer", Enc: "phone_enc"},
	}
}
