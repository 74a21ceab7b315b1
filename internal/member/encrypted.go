package member

import (
	"time"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/idcard"
)

// encrypted are the member records' personal fields for the re-encryption
// after a key rotation; the ID number is indexed in its 18-character form.
func encrypted() []crypto.Column {
	return []crypto.Column{
		{Table: "dyjbxx", Enc: "id_number_enc", Idx: "id_number_idx", Canonical: idIndexForm},
		{Table: "dyjbxx", Enc: "phone_enc", Idx: "phone_idx"},
	}
}

func idIndexForm(number string) string { return idcard.IndexForm(number, time.Now()) }
