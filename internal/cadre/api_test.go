package cadre_test

import (
	"context"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/db"
)

// SaveForm adds a cadre from a form (an import), Form reads it back with
// everything the 任免审批表 prints; a second SaveForm with the same ID number
// updates the same cadre and replaces its résumé; WritePost and EndPost
// keep the posts and 现任职务.
func TestFormRoundTripAndPosts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	svc := w.e.App.Cadres
	ctx := asAdmin(t)
	id := idNumber("19700801", 7)
	f := cadre.FormData{Name: "周七", Gender: cadre.Coded{Code: "1"}, BirthOn: "1970-08-01", Ethnicity: cadre.Coded{Code: "01"},
		NativePlace: "湖北武汉", PoliticalStatus: cadre.Coded{Code: "01"}, IDNumber: id, UnitID: w.csUnit, Post: "计算机学院院长",
		Level: cadre.Coded{Code: "3"}, Health: "健康", ProposedPost: "校长助理", Reason: "工作需要",
		FullTime: cadre.EducationLine{Education: cadre.Coded{Code: "21"}, Degree: cadre.Coded{Code: "201"}, School: "武汉大学", Major: "计算机科学"},
		Resume:   []cadre.ResumeLine{{StartOn: "1988-09-01", EndOn: "1992-07-01", Text: "武汉大学计算机系学习"}, {StartOn: "1992-07-01", Text: "本校工作"}},
		Family:   []cadre.FamilyLine{{Relation: "妻子", Name: "王芳", PoliticalStatus: cadre.Coded{Code: "13"}, EmployerPost: "本校教师"}},
		Rewards:  "无", Extra: map[string]string{"ChengBaoDanWei": "组织部"}}
	var cid int64
	err := db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		var err error
		cid, err = svc.SaveForm(ctx, tx, f, audit.OriginSystemImport)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := svc.Form(ctx, cid)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "周七" || got.IDNumber != id || got.Level.Label != "正处级" || got.FullTime.School != "武汉大学" || got.FullTime.Education.Label == "" ||
		len(got.Resume) != 2 || got.Resume[1].EndOn != "" || len(got.Family) != 1 || got.Family[0].Name != "王芳" ||
		got.Rewards != "无" || got.ProposedPost != "校长助理" || got.Extra["ChengBaoDanWei"] != "组织部" || got.UnitName != "计算机学院" {
		t.Fatalf("form %+v", got)
	}
	// A re-import whose file says nothing of 政治面貌, 职级 and 任现职时间
	// (an lrmx carries none of them) keeps the record's.
	f.ID, f.Resume = 0, f.Resume[:1]
	f.PoliticalStatus, f.Level, f.PostSince = cadre.Coded{}, cadre.Coded{}, ""
	err = db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		again, err := svc.SaveForm(ctx, tx, f, audit.OriginSystemImportUpdate)
		if err == nil && again != cid {
			t.Errorf("second import made cadre %d, want %d", again, cid)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ = svc.Form(ctx, cid); len(got.Resume) != 1 || got.PoliticalStatus.Code != "01" || got.Level.Label != "正处级" {
		t.Fatalf("after re-import: résumé %+v, 政治面貌 %+v, 职级 %+v", got.Resume, got.PoliticalStatus, got.Level)
	}
	// A form outside the caller's scope is a 404.
	if _, err := svc.Form(rbacless(t), cid); err == nil {
		t.Fatal("form without a scope answered")
	}

	err = db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return svc.WritePost(ctx, tx, cid, cadre.PostChange{Post: "校长助理", Level: "2", On: "2025-01-10", DocNo: "校干〔2025〕1号", Current: true})
	})
	if err != nil {
		t.Fatal(err)
	}
	b, err := svc.Brief(ctx, []int64{cid})
	if err != nil || b[cid].Post != "校长助理" || b[cid].LevelLabel != "副厅级" {
		t.Fatalf("brief %+v %v", b, err)
	}
	err = db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return svc.EndPost(ctx, tx, cid, cadre.PostChange{Post: "校长助理", On: "2026-01-10"})
	})
	if err != nil {
		t.Fatal(err)
	}
	posts := apptest.DoJSON[[]cadre.PostRow](t, w.e, 200, "GET", path("/api/gbjbxx/%d/zw", cid), w.adminTK, nil)
	if len(posts) != 1 || posts[0].EndOn != "2026-01-10" || posts[0].DocNo != "校干〔2025〕1号" {
		t.Fatalf("posts %+v", posts)
	}
	if b, _ = svc.Brief(ctx, []int64{cid}); b[cid].Post != "" {
		t.Fatalf("post after removal %+v", b[cid])
	}
	err = db.InTx(ctx, w.e.DB, func(ctx context.Context, tx bun.Tx) error {
		return svc.EndPost(ctx, tx, cid, cadre.PostChange{Post: "校长助理", On: "2026-02-01"})
	})
	if err == nil {
		t.Fatal("ending a post not held succeeded")
	}
	n := 0
	if err := svc.Each(ctx, w.e.DB, nil, func(cadre.Row) error { n++; return nil }); err != nil || n != 1 {
		t.Fatalf("each %d %v", n, err)
	}
}

// The roster export streams the list's query as xlsx, masked.
func TestRosterExport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.create(t, w.adminTK, cadreBody("张三", w.csUnit, "idNumber", idNumber("19750301", 1)))
	w.create(t, w.adminTK, cadreBody("李四", w.mathUnit))
	res := w.e.Do("GET", path("/api/gbjbxx/export?unitId=%d", w.csUnit), w.adminTK, nil)
	apptest.Expect(t, res, 200)
	x := apptest.Download(t, res)
	rows, err := x.GetRows(x.GetSheetName(0))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range rows {
		for i, c := range r {
			if c == "张三" {
				found = true
				if r[i+3] != "110105********"+idNumber("19750301", 1)[14:] {
					t.Errorf("ID number cell %q in %v", r[i+3], r)
				}
			}
			if c == "李四" {
				t.Errorf("filtered out row exported: %v", r)
			}
		}
	}
	if !found {
		t.Fatalf("rows %v", rows)
	}
}

// Form carries the photo's bytes.
func TestFormPhoto(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\nIDATx\x9cc\x00\x01\x00\x00\x05\x00\x01\r\n-\xb4\x00\x00\x00\x00IEND\xaeB`\x82")
	res := w.e.Upload("/api/file/upload", w.adminTK, "file", "photo.png", png, nil)
	apptest.Expect(t, res, 201)
	var f struct{ ID int64 }
	res.JSON(t, &f)
	c := w.create(t, w.adminTK, cadreBody("张三", w.csUnit, "photoFileId", f.ID))
	form, err := w.e.App.Cadres.Form(asAdmin(t), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if string(form.Photo) != string(png) || form.PhotoType != "image/png" {
		t.Fatalf("photo %d bytes, %q", len(form.Photo), form.PhotoType)
	}
}
