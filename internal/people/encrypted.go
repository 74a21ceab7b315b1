package people

import (
	"time"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/idcard"
)

// encrypted are the registry's personal fields for the re-encryption after
// a key rotation; ID numbers are indexed in their 18-character form.
func encrypted() []crypto.Column {
	var out []crypto.Column
	for _, t := range []string{teacherKind.table, studentKind.table} {
		out = append(out,
			crypto.Column{Table: t, Enc: "id_number_enc", Idx: "id_number_idx", Canonical: idIndexForm},
			crypto.Column{Table: t, Enc: "phone_enc", Idx: "phone_idx"})
	}
	return out
}

func idIndexForm(number string) string { return idcard.IndexForm(number, time.Now()) }
