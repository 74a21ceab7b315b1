package record_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/idcard"
	"zhdj/internal/platform/record"
)

func TestMain(m *testing.M) { db.TestMain(m) }

var decl = &record.Decl{Module: 99, Noun: "样例", Fields: []record.Field{
	record.Text("name", "姓名"),
	record.Dict("gender", "性别", "XB"),
	record.IDNumber("idNumber", "身份证号码"),
}}

func label(dict, v string) string { return map[string]string{"1": "男", "2": "女"}[v] }

// Changes labels dictionary codes, masks personal values yet tells apart two
// numbers sharing a mask, and keeps the declaration's order.
func TestChangesShowAsDeclared(t *testing.T) {
	t.Parallel()
	a := map[string]string{"name": "张三", "gender": "1", "idNumber": "110105199003071234"}
	b := map[string]string{"name": "张三", "gender": "2", "idNumber": "110105198003071234"}
	got := decl.Changes(a, b, label)
	if len(got) != 2 || got[0].Field != "gender" || got[0].Old != "男" || got[0].New != "女" ||
		got[1].Field != "idNumber" || got[1].Old != got[1].New || got[1].Old == a["idNumber"] {
		t.Fatalf("%+v", got)
	}
	if n := len(decl.Changes(nil, a, label)); n != 3 {
		t.Fatalf("a new record reports every set field, got %d", n)
	}
}

// Save writes and records an entry, skips a save that changes nothing, and
// refuses a restore to the current state.
func TestSavePipeline(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, audit.Migrations())
	ctx := context.Background()
	writes := 0
	write := func(context.Context) (int64, error) { writes++; return 7, nil }
	v := map[string]string{"name": "张三"}
	if ok, err := decl.Save(ctx, database, label, record.Save{Origin: audit.OriginUserCreate, After: v, Write: write, Snapshot: v}); err != nil || !ok {
		t.Fatal(ok, err)
	}
	if ok, err := decl.Save(ctx, database, label, record.Save{Origin: audit.OriginUserUpdate, Before: v, After: v, Write: write}); err != nil || ok {
		t.Fatal("an unchanged record was written", ok, err)
	}
	from := int64(1)
	var he *httpx.Error
	if _, err := decl.Save(ctx, database, label, record.Save{Origin: audit.OriginUserRestore, RestoredFrom: &from, Before: v, After: v, Write: write}); !errors.As(err, &he) || he.Status != 400 {
		t.Fatalf("no-op restore: %v", err)
	}
	if ok, err := decl.Save(ctx, database, label, record.Save{Origin: audit.OriginUserUpdate, Before: v, After: v, Added: true, Write: write}); err != nil || !ok {
		t.Fatal("an addition of an existing row was skipped", ok, err)
	}
	list, total, err := audit.List(ctx, database, 99, 7, 10, 0)
	if err != nil || total != 2 || writes != 2 || list[0].Type != audit.TypeAdd || list[1].Changes[0].Label != "姓名" {
		t.Fatalf("%v %d %d %+v", err, total, writes, list)
	}
	if decl.Stale().Message != "该样例信息刚被其他人修改，请刷新后重试" {
		t.Fatal(decl.Stale().Message)
	}
}

// noDict is a dictionary without items.
type noDict struct{}

func (noDict) Has(string, string) bool      { return false }
func (noDict) Disabled(string, string) bool { return false }
func (noDict) Label(_, v string) string     { return v }

func TestChecksNameTheirField(t *testing.T) {
	t.Parallel()
	for field, err := range map[string]error{
		"a": record.Required("a", "名称", "", 5),
		"b": record.MaxLen("b", "简称", "123456", 5),
		"c": record.ContactPhone("c", "电话", "x"),
		"d": record.DictValue("d", "类型", "K", "9", "", noDict{}),
		"e": record.NotAfter("e", "日期", "2999-01-01", "2026-01-01"),
		"y": record.Year("y", "年度", 1999),
	} {
		if httpx.FieldOf(err) != field {
			t.Errorf("%s: %v", field, err)
		}
	}
	if _, err := record.Date("f", "日期", "2020-02-30"); httpx.FieldOf(err) != "f" {
		t.Errorf("date: %v", err)
	}
	id, err := idcard.ParseIDNumber("11010519491231002X", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	if birth, gender, err := record.BornAs(&id, "", ""); err != nil || birth != "1949-12-31" || gender != id.Gender {
		t.Errorf("from the ID number: %v %v %v", birth, gender, err)
	}
	if _, _, err := record.BornAs(&id, "1949-12-30", ""); httpx.FieldOf(err) != "birthDate" {
		t.Errorf("birth date: %v", err)
	}
	if _, _, err := record.BornAs(&id, "", "9"); httpx.FieldOf(err) != "gender" {
		t.Errorf("gender: %v", err)
	}
	if birth, gender, err := record.BornAs(nil, "2000-01-01", "2"); err != nil || birth != "2000-01-01" || gender != "2" {
		t.Errorf("no ID number: %v %v %v", birth, gender, err)
	}
	for text, want := range map[string]int{" 2026 ": 2026, "2000": 2000, "2100": 2100, "2101": 0, "1999": 0, "二〇二六": 0, "": 0} {
		y, err := record.ParseYear("year", "计划年度", text)
		if (err == nil) != (want != 0) || (want != 0 && y != want) {
			t.Errorf("ParseYear(%q) = %d, %v", text, y, err)
		}
		if err != nil && (httpx.FieldOf(err) != "year" || err.(*httpx.Error).Message != "计划年度应为 2000 到 2100 之间的年份") {
			t.Errorf("ParseYear(%q): %v", text, err)
		}
	}
	if record.MaxLen("g", "x", "", 1) != nil || record.ContactPhone("c", "电话", "") != nil {
		t.Error("valid input refused")
	}
}

// An operation's changes take their labels from the declaration, its entry
// is an update by the user, and a field the declaration lacks is a bug.
func TestOperationTrail(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, audit.Migrations())
	ctx := context.Background()
	changes := []audit.Change{decl.Change("name", "张三", "李四"), record.Note("merge", "合并", "", "并入")}
	if changes[0].Label != "姓名" || changes[1].Label != "合并" {
		t.Fatalf("%+v", changes)
	}
	if err := decl.Record(ctx, database, 8, changes, map[string]string{"name": "李四"}); err != nil {
		t.Fatal(err)
	}
	list, total, err := audit.List(ctx, database, 99, 8, 10, 0)
	if err != nil || total != 1 || list[0].Type != audit.TypeUpdate || list[0].Origin != audit.OriginUserUpdate || len(list[0].Changes) != 2 {
		t.Fatalf("%v %+v", err, list)
	}
	defer func() {
		if recover() == nil {
			t.Error("an undeclared field was labelled")
		}
	}()
	decl.Change("nope", "", "")
}

// Trail pages only the caller's records, and a restore of another's record
// finds no entry while any other failure of Find comes back as it is.
func TestTrailFindsFirst(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, audit.Migrations())
	ctx := context.Background()
	if err := decl.Record(ctx, database, 8, []audit.Change{decl.Change("name", "", "李四")}, map[string]string{"name": "李四"}); err != nil {
		t.Fatal(err)
	}
	list, _, err := audit.List(ctx, database, 99, 8, 10, 0)
	if err != nil || len(list) != 1 {
		t.Fatal(err, list)
	}
	var findErr error
	tr := record.Trail{Decl: decl, DB: database,
		Find:   func(context.Context, int64) error { return findErr },
		Labels: func(context.Context) (audit.Labeller, error) { return label, nil }}
	page, err := tr.Page(ctx, 8, httpx.ListQuery{Page: httpx.Page{Size: 10}})
	if err != nil || page.TotalElements != 1 || page.Content[0].Changes[0].New != "李四" {
		t.Fatalf("%v %+v", err, page)
	}
	put := func(_ context.Context, snap *map[string]string, e *audit.Entry) (string, error) {
		return (*snap)["name"], nil
	}
	if got, err := record.Restore(ctx, tr, record.RestoreInput{TrailID: list[0].ID}, put); err != nil || got != "李四" {
		t.Fatal(got, err)
	}
	findErr = httpx.NotFound("样例不存在")
	var he *httpx.Error
	if _, err := tr.Page(ctx, 8, httpx.ListQuery{}); err != findErr {
		t.Fatalf("page of another's record: %v", err)
	}
	if _, err := record.Restore(ctx, tr, record.RestoreInput{TrailID: list[0].ID}, put); !errors.As(err, &he) || he.Message != "变动记录不存在" {
		t.Fatalf("restore of another's record: %v", err)
	}
	findErr = httpx.Internal(errors.New("down"))
	if _, err := record.Restore(ctx, tr, record.RestoreInput{TrailID: list[0].ID}, put); err != findErr {
		t.Fatalf("failed find: %v", err)
	}
}

// Edit hands the labels and the record found to prepare, and both with the
// prepared version to write, inside a transaction; a failing step stops it.
func TestEditPreparesThenWritesInATransaction(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, audit.Migrations())
	ctx := context.Background()
	labels := func(context.Context) (string, error) { return "labels", nil }
	find := func(_ context.Context, _ bun.IDB, id int64) (int64, error) { return id * 10, nil }
	prepare := func(_ context.Context, l string, cur int64) (string, error) { return l + ":prepared", nil }
	var wrote string
	write := func(_ context.Context, tx bun.Tx, l string, cur int64, p string) error {
		if tx.Tx == nil {
			t.Fatal("write runs outside a transaction")
		}
		wrote = p
		if cur != 70 {
			t.Fatalf("current record %d", cur)
		}
		return nil
	}
	if p, err := record.Edit(ctx, database, 7, labels, find, prepare, write); err != nil || p != "labels:prepared" || wrote != p {
		t.Fatalf("%q %v, wrote %q", p, err, wrote)
	}

	wrote = ""
	notFound := errors.New("not found")
	missing := func(context.Context, bun.IDB, int64) (int64, error) { return 0, notFound }
	if _, err := record.Edit(ctx, database, 8, labels, missing, prepare, write); !errors.Is(err, notFound) || wrote != "" {
		t.Fatalf("a missing record: %v, wrote %q", err, wrote)
	}
	stale := errors.New("stale")
	failing := func(context.Context, bun.Tx, string, int64, string) error { return stale }
	if p, err := record.Edit(ctx, database, 7, labels, find, prepare, failing); !errors.Is(err, stale) || p != "" {
		t.Fatalf("a failed write: %q %v", p, err)
	}
}

// SameVersion: a form without its version is a 400 on updatedAt, one of an
// older version the 409 of a stale update, the version read passes.
func TestSameVersion(t *testing.T) {
	t.Parallel()
	read := time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)
	var he *httpx.Error
	if err := decl.SameVersion(nil, read); !errors.As(err, &he) || he.Status != 400 || httpx.FieldOf(err) != "updatedAt" {
		t.Fatalf("missing: %v", err)
	}
	older := read.Add(-time.Second)
	if err := decl.SameVersion(&older, read); !errors.As(err, &he) || he.Status != 409 {
		t.Fatalf("older: %v", err)
	}
	if err := decl.SameVersion(&read, read); err != nil {
		t.Fatalf("same: %v", err)
	}
}

type found struct {
	bun.BaseModel `bun:"table:rec_found,alias:f"`
	ID            int64 `bun:"id,pk,autoincrement"`
	OrgID         int64 `bun:"org_id"`
}

// Find reads a record kept for the whole school, FindScoped one within the
// caller's restriction; a missing one (or one outside it) is notFound.
func TestFindAndFindScoped(t *testing.T) {
	t.Parallel()
	database := db.NewTest(t, []db.Migration{{Version: 1, Name: "found", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx, `CREATE TABLE rec_found (id {{pk}}, org_id BIGINT NOT NULL)`)
	}}})
	ctx := context.Background()
	rows := []found{{OrgID: 1}, {OrgID: 2}}
	if _, err := database.NewInsert().Model(&rows).Exec(ctx); err != nil {
		t.Fatal(err)
	}
	notFound := func() *httpx.Error { return httpx.NotFound("不存在") }
	if f, err := record.Find[found](ctx, database, "f", rows[1].ID, notFound); err != nil || f.OrgID != 2 {
		t.Fatalf("Find %+v %v", f, err)
	}
	if _, err := record.Find[found](ctx, database, "f", 999, notFound); err == nil || err.(*httpx.Error).Status != 404 {
		t.Fatalf("a missing one: %v", err)
	}
	orgOne := func(context.Context) (func(*bun.SelectQuery) *bun.SelectQuery, error) {
		return func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("f.org_id = 1") }, nil
	}
	if f, err := record.FindScoped[found](ctx, database, orgOne, "f", rows[0].ID, notFound); err != nil || f.ID != rows[0].ID {
		t.Fatalf("FindScoped %+v %v", f, err)
	}
	if _, err := record.FindScoped[found](ctx, database, orgOne, "f", rows[1].ID, notFound); err == nil || err.(*httpx.Error).Status != 404 {
		t.Fatalf("outside the scope: %v", err)
	}
}
