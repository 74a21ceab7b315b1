package datasource

import (
	"zhdj/internal/platform/crypto"
)

// encrypted are the data sources' secrets (the endpoint with its
// credentials) for the re-encryption after a key rotation.
func encrypted() []crypto.Column {
	return []crypto.Column{{Table: "ds_source", Enc: "endpoint_enc"}}
}
