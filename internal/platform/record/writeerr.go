package record

import (
	"errors"
	"net/http"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
)

// WriteError is the answer to a failed save: nil stays nil, an *httpx.Error
// (a check of the domain, returned through the transaction) as it is, a
// unique violation the 409 unique, a foreign-key violation the 400
// foreignKey ("" when the domain expects none: then a 500 like anything
// else). The messages name what the user chose, never the constraint.
func WriteError(err error, unique, foreignKey string) error {
	if err == nil {
		return nil
	}
	var he *httpx.Error
	switch {
	case errors.As(err, &he):
		return he
	case db.IsUniqueViolation(err):
		return &httpx.Error{Status: http.StatusConflict, Message: unique, Cause: err}
	case foreignKey != "" && db.IsForeignKeyViolation(err):
		return &httpx.Error{Status: http.StatusBadRequest, Message: foreignKey, Cause: err}
	}
	return httpx.Internal(err)
}
