package httpx

import (
	"io"
	"net/http"
)

// Captured keeps the start of a request body as the handler reads it, for
// the operation log: at most Limit bytes are kept, however much is read.
type Captured struct {
	Limit int
	head  []byte
	size  int64
	body  io.ReadCloser
}

// Capture replaces r's body by one that keeps its first limit bytes.
func Capture(r *http.Request, limit int) *Captured {
	c := &Captured{Limit: limit, body: r.Body}
	if r.Body != nil && r.Body != http.NoBody {
		r.Body = c
	}
	return c
}

func (c *Captured) Read(p []byte) (int, error) {
	n, err := c.body.Read(p)
	c.keep(p[:n])
	return n, err
}

func (c *Captured) Close() error { return c.body.Close() }

func (c *Captured) keep(p []byte) {
	c.size += int64(len(p))
	if room := c.Limit - len(c.head); room > 0 {
		c.head = append(c.head, p[:min(room, len(p))]...)
	}
}

// Finish reads what the handler left unread up to the limit (a request
// refused before its body was read still shows it) and returns the kept
// start and the number of bytes read in all.
func (c *Captured) Finish() (head []byte, size int64) {
	if c.body != nil && len(c.head) < c.Limit {
		buf := make([]byte, c.Limit-len(c.head))
		n, _ := io.ReadFull(c.body, buf)
		c.keep(buf[:n])
	}
	return c.head, c.size
}
