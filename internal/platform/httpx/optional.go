package httpx

import "encoding/json"

// Optional is a JSON field that tells "absent" from "null": an update that
// does not mention a field leaves it alone; one that sends null clears it.
type Optional[T any] struct {
	Set   bool // the field was present in the body
	Value *T   // nil when it was null
}

// UnmarshalJSON is only called when the field is present.
func (o *Optional[T]) UnmarshalJSON(b []byte) error {
	o.Set = true
	if string(b) == "null" {
		o.Value = nil
		return nil
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	o.Value = &v
	return nil
}

// MarshalJSON writes the value or null.
func (o Optional[T]) MarshalJSON() ([]byte, error) { return json.Marshal(o.Value) }
