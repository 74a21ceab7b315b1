package rmb

import (
	"archive/zip"
	"fmt"
	"io"
	"time"

	"zhdj/internal/cadre/lrmx"
)

// Batch writes many forms into one zip as they come, so a download of
// hundreds of forms starts at once and holds one form in memory at a time.
type Batch struct {
	zw    *zip.Writer
	names map[string]int
	at    time.Time
}

// NewBatch starts a zip on w; entries carry the time at.
func NewBatch(w io.Writer, at time.Time) *Batch {
	return &Batch{zw: zip.NewWriter(w), names: map[string]int{}, at: at}
}

// Add writes p's form as the next entry. Two cadres of the same name get
// "张三-干部任免审批表.docx" and "张三(2)-干部任免审批表.docx".
func (b *Batch) Add(p lrmx.Person, opt Options) error {
	base := safeName(p.Name)
	b.names[base]++
	name := base
	if n := b.names[base]; n > 1 {
		name = fmt.Sprintf("%s(%d)", base, n)
	}
	// A .docx is deflated already: storing it spares the time of a second
	// compression that would gain nothing.
	w, err := b.zw.CreateHeader(&zip.FileHeader{Name: name + "-干部任免审批表.docx", Method: zip.Store, Modified: b.at})
	if err != nil {
		return err
	}
	return Write(w, p, opt)
}

// AddFile writes an entry of its own (a list of forms that failed, say).
func (b *Batch) AddFile(name string, data []byte) error {
	w, err := b.zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: b.at})
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Close ends the zip.
func (b *Batch) Close() error { return b.zw.Close() }
