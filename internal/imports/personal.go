package imports

import (
	"encoding/json"
	"fmt"
	"strings"

	"zhdj/internal/platform/crypto"
)

// Personal marks a column of personal data (an ID number, a phone). Its
// cells are stored encrypted in the staging table, with the field key of
// the live tables, so no plaintext reaches the database even while a batch
// is open; the row list shows them masked. A correction sent back with the
// mask unchanged keeps the stored value, so the user retypes only what is wrong.
type Personal string

// The kinds of personal column (each has its mask).
const (
	PersonalIDNumber Personal = "idNumber"
	PersonalPhone    Personal = "phone"
)

func (p Personal) mask(v string) string {
	if v == "" {
		return ""
	}
	if p == PersonalIDNumber {
		return crypto.MaskIDNumber(v)
	}
	return crypto.MaskPhone(v)
}

// cellCodec turns a row's cells into their stored form and back, for one kind.
type cellCodec struct {
	cipher   *crypto.FieldCipher
	personal map[string]Personal // column key → its kind of personal data
}

func (s *Service) codec(k Kind) cellCodec {
	c := cellCodec{cipher: s.cipher, personal: map[string]Personal{}}
	for _, col := range k.Columns() {
		if col.Personal != "" {
			c.personal[col.Key] = col.Personal
		}
	}
	return c
}

// seal is the stored JSON text of cells: personal values encrypted.
func (c cellCodec) seal(cells map[string]string) string {
	if len(c.personal) == 0 {
		return jsonText(cells)
	}
	out := make(map[string]string, len(cells))
	for k, v := range cells {
		if _, ok := c.personal[k]; ok {
			v = c.cipher.Encrypt(v)
		}
		out[k] = v
	}
	return jsonText(out)
}

// open reads stored cells back in clear.
func (c cellCodec) open(text string) (map[string]string, error) {
	var cells map[string]string
	if err := json.Unmarshal([]byte(text), &cells); err != nil {
		return nil, err
	}
	for k := range c.personal {
		if v, ok := cells[k]; ok {
			clear, err := c.cipher.Decrypt(v)
			if err != nil {
				return nil, fmt.Errorf("column %s: %w", k, err)
			}
			cells[k] = clear
		}
	}
	return cells, nil
}

// masked is a copy of cells with the personal values masked (what the API shows).
func (c cellCodec) masked(cells map[string]string) map[string]string {
	out := make(map[string]string, len(cells))
	for k, v := range cells {
		if p, ok := c.personal[k]; ok {
			v = p.mask(v)
		}
		out[k] = v
	}
	return out
}

// keepMasked replaces each personal value of edited that is the mask of the
// stored value (the form sent it back untouched) by the stored value.
func (c cellCodec) keepMasked(edited, stored map[string]string) {
	for k, p := range c.personal {
		if v, ok := edited[k]; ok && strings.Contains(v, "*") && v == p.mask(stored[k]) {
			edited[k] = stored[k]
		}
	}
}
