package chain

import (
	"encoding/binary"
	"time"
)

// Encoder writes an entry's fields in the chain's canonical encoding: each
// field tagged with its kind, strings prefixed by their length, so no two
// different lists of fields encode alike (a character moved from one field
// to the next changes the encoding).
type Encoder struct {
	buf []byte
}

// Reset empties the encoder for the next entry.
func (e *Encoder) Reset() { e.buf = e.buf[:0] }

// Bytes is the encoding so far.
func (e *Encoder) Bytes() []byte { return e.buf }

// String adds a string.
func (e *Encoder) String(s string) *Encoder {
	e.buf = append(e.buf, 's')
	e.buf = binary.BigEndian.AppendUint32(e.buf, uint32(len(s)))
	e.buf = append(e.buf, s...)
	return e
}

// Int adds an integer.
func (e *Encoder) Int(v int64) *Encoder {
	e.buf = append(e.buf, 'i')
	e.buf = binary.BigEndian.AppendUint64(e.buf, uint64(v))
	return e
}

// OptInt adds an integer that may be absent (a NULL column).
func (e *Encoder) OptInt(v *int64) *Encoder {
	if v == nil {
		e.buf = append(e.buf, 'n')
		return e
	}
	return e.Int(*v)
}

// Bool adds a boolean.
func (e *Encoder) Bool(b bool) *Encoder {
	v := byte('0')
	if b {
		v = '1'
	}
	e.buf = append(e.buf, 'b', v)
	return e
}

// Time adds an instant to the microsecond (what PostgreSQL keeps; a time
// chained must be stored truncated to it).
func (e *Encoder) Time(t time.Time) *Encoder {
	e.buf = append(e.buf, 't')
	e.buf = binary.BigEndian.AppendUint64(e.buf, uint64(t.UnixMicro()))
	return e
}
