package imports

import "fmt"

// Tree is what the imports of a tree of records (organisations, units)
// share. A row names its record by its code (column "code") and its parent
// by a code in the parent column; the parent is a live record or the new
// record of an earlier valid row (rows are committed in file order, so a
// parent is created before its children). A code appears once in the file
// and a name once among its siblings, live and in the file. T is the kind's
// validated item (what Commit finds in Row.Data).
//
//	tree := &imports.Tree[*importItem]{What: "单位", ParentKey: "parent", SelfParent: "…",
//		Exists: func(code string) bool { return existing[code] != nil }, Clash: liveNameClash}
//	tree.Validate(rows, func(r *imports.Row, code string) *imports.Node[*importItem] {
//		pcode, from, prow := tree.Parent(r, code) // then the kind's own rules
//		…
//	})
type Tree[T any] struct {
	What       string // the record in messages: "党组织", "单位"
	ParentKey  string // the column naming the parent by code
	SelfParent string // the message for a row naming itself as its parent
	// Exists tells whether a live record has code (the row of that code
	// updates it, so it is no new parent of the file).
	Exists func(code string) bool
	// Clash is the message for a row whose name a live sibling holds ("" for
	// none); it is asked only of rows with a live parent (or none).
	Clash func(n *Node[T]) string

	rows  map[string]*Row     // code → the first row with it
	news  map[string]*Node[T] // code → the valid new record of an earlier row
	names map[sibling]*Row    // a name under a parent → the row that gave it
	nodes map[*Row]*Node[T]   // the valid rows
}

// Node is a row the kind found valid: its item and where it hangs.
type Node[T any] struct {
	Item       T
	New        bool   // the row creates a record (a later row may name it as its parent)
	PID        int64  // the live parent (0: a root, or a parent of the file)
	ParentCode string // the parent of the file (its code); "" for a live parent
	Name       string
}

// sibling is a name under a parent: a live id, or a code of the file.
type sibling struct {
	pid        int64
	code, name string
}

// From says where a row's parent cell points.
type From int

const (
	FromNone From = iota // the cell is empty: a root, or an update keeps its parent
	FromFile             // the new record of an earlier valid row (the Node Parent returns)
	FromLive             // no row of the file: the kind resolves the code against live records
	FromFail             // the cell is wrong and the row has failed on it
)

// Validate checks the rows in file order: codes repeated in the file fail
// (both rows), check judges each other row (nil: it failed), then the
// node's name must be unique under its parent. A valid row's item goes to
// Row.Data. Last, a row whose parent row turned invalid afterwards (its
// code repeated further down) fails too.
func (t *Tree[T]) Validate(rows []*Row, check func(r *Row, code string) *Node[T]) {
	t.rows, t.news, t.names, t.nodes = map[string]*Row{}, map[string]*Node[T]{}, map[sibling]*Row{}, map[*Row]*Node[T]{}
	dupCode := "与第 %d 行的" + t.What + "编码重复"
	for _, r := range rows {
		code := r.Cells["code"]
		if first, dup := t.rows[code]; dup && code != "" {
			r.Fail("code", fmt.Sprintf(dupCode, first.RowNo))
			if !first.Failed("code") {
				first.Fail("code", fmt.Sprintf(dupCode, r.RowNo))
				first.Data = nil
				delete(t.news, code)
				delete(t.nodes, first)
			}
			continue
		}
		t.rows[code] = r
		if n := check(r, code); n != nil {
			t.place(r, code, n)
		}
	}
	for _, r := range rows {
		if n := t.nodes[r]; n != nil && n.ParentCode != "" {
			if p := t.rows[n.ParentCode]; p != nil && p.Status == StatusInvalid {
				t.failedParent(r, n.ParentCode, p)
				r.Data = nil
			}
		}
	}
}

// place keeps a checked row when its name is free under its parent.
func (t *Tree[T]) place(r *Row, code string, n *Node[T]) {
	key := sibling{pid: n.PID, code: n.ParentCode, name: n.Name}
	if prev, dup := t.names[key]; dup {
		r.Fail("name", fmt.Sprintf("与第 %d 行同属一个上级%s且名称相同", prev.RowNo, t.What))
		return
	}
	if n.ParentCode == "" {
		if msg := t.Clash(n); msg != "" {
			r.Fail("name", msg)
			return
		}
	}
	t.names[key] = r
	t.nodes[r] = n
	r.Data = n.Item
	if n.New {
		t.news[code] = n
	}
}

// Parent reads the parent cell of r (whose own code is code): empty, the
// new record of an earlier valid row (returned), a code the kind resolves
// against live records, or a failure already marked on r: the row itself,
// or an earlier row of that code that is invalid and names no live record.
func (t *Tree[T]) Parent(r *Row, code string) (pcode string, from From, parent *Node[T]) {
	pcode = r.Cells[t.ParentKey]
	switch first := t.rows[pcode]; {
	case pcode == "":
		return pcode, FromNone, nil
	case pcode == code:
		r.Fail(t.ParentKey, t.SelfParent)
		return pcode, FromFail, nil
	case t.news[pcode] != nil:
		return pcode, FromFile, t.news[pcode]
	case first != nil && !t.Exists(pcode):
		t.failedParent(r, pcode, first)
		return pcode, FromFail, nil
	}
	return pcode, FromLive, nil
}

func (t *Tree[T]) failedParent(r *Row, pcode string, p *Row) {
	r.Fail(t.ParentKey, fmt.Sprintf("上级%s「%s」所在的第 %d 行有误，请先修正该行", t.What, pcode, p.RowNo))
}
