package cadre

import (
	"zhdj/internal/platform/crypto"
)

// encrypted are the cadre base's personal fields for the re-encryption
// after a key rotation. The base indexes the ID number as entered (upper
// case, trimmed: the index does that), not its 18-character form. The
// phone a 信息变更 request carries inside its JSON value is not a column:
// it stays under the key that wrote it (retired keys still decrypt).
func encrypted() []crypto.Column {
	return []crypto.Column{
		{Table: "gb_jbxx", Enc: "id_number_enc", Idx: "id_number_idx"},
		{Table: "gb_jbxx", Enc: "phone_enc", Idx: "phone_idx"},
		{Table: "gb_jtcy", Enc: "name_enc"},
		{Table: "gb_jtcy", Enc: "employer_post_enc"},
		{Table: "gb_zj", Enc: "number_enc"},
	}
}
