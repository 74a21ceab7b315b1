package rmb_test

import (
	"archive/zip"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/cadre/rmb"
	"zhdj/internal/platform/db"
)

func TestMain(m *testing.M) { db.TestMain(m) }

var tinyPNG, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")

// world: the app (internal/app wires the form module), units 计算机学院 and 数学学院; adminTK holds every cadre permission
// with gbjbxx:all, the forms and the import; csTK is a unit leader of 计算机
// with gbjbxx:rmb and gbjbxx:import (sees no cadre: the setting is off);
// listTK lists cadres only.
type world struct {
	e                *apptest.Env
	csUnit, mathUnit int64
	adminTK, csTK    string
	listTK           string
}

func newWorld(t testing.TB) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e}
	c := e.Campus(t)
	w.csUnit = e.Create(t, e.AdminTK, "/api/dwxx", map[string]any{"name": "计算机学院", "code": "DW-CS", "type": "1", "dzzId": c.CS})
	w.mathUnit = e.Create(t, e.AdminTK, "/api/dwxx", map[string]any{"name": "数学学院", "code": "DW-MATH", "type": "1", "dzzId": c.Math})
	w.adminTK, _ = e.UserAt(t, "ALL", c.Root, cadre.Perms.List, cadre.Perms.Add, cadre.Perms.Edit, cadre.Perms.Del, cadre.PermAll,
		rmb.PermRmb, rmb.PermImport)
	w.csTK, _ = e.UserAt(t, "LEVEL_AND_BELOW", c.CS, cadre.Perms.List, rmb.PermRmb, rmb.PermImport)
	w.listTK, _ = e.UserAt(t, "ALL", c.Root, cadre.Perms.List)
	return w
}

// createCadre creates a cadre with every item of the form: basic fields, a
// photo, a résumé of three periods (the last open, with a note on a second
// line), two family members and both education rows.
func (w *world) uploadPhoto(t testing.TB) int64 {
	t.Helper()
	res := w.e.Upload("/api/file/upload", w.adminTK, "file", "photo.png", tinyPNG, map[string]string{"moduleName": "cadre", "tag": "photo"})
	apptest.Expect(t, res, 201)
	var f struct {
		ID int64 `json:"id"`
	}
	res.JSON(t, &f)
	return f.ID
}

func (w *world) createCadre(t testing.TB, name, idNumber string) int64 {
	t.Helper()
	id := w.e.Create(t, w.adminTK, "/api/gbjbxx", map[string]any{"name": name, "gender": "1", "birthOn": "1972-03-01", "ethnicity": "01",
		"nativePlace": "山东济南", "birthPlace": "山东青岛", "politicalStatus": "01", "partyJoinOn": "1994-06-01", "workStartOn": "1994-07-01",
		"health": "健康", "idNumber": idNumber, "unitId": w.csUnit, "post": "计算机学院院长", "level": "3", "category": "2", "status": "2",
		"education": "21", "degree": "408", "inserviceEducation": "11", "inserviceDegree": "212", "title": "011", "specialty": "高等教育管理",
		"proposedPost": "副校长", "proposedRemoval": "计算机学院院长", "appointmentReason": "工作需要",
		"rewardsText": "2015年获省级教学成果一等奖。", "assessmentText": "2023年度优秀，2024年度优秀，2025年度优秀", "photoFileId": w.uploadPhoto(t)})
	for _, r := range []map[string]any{
		{"startOn": "1990-09-01", "endOn": "1994-07-01", "text": "山东大学计算机系计算机科学专业学习"},
		{"startOn": "1994-07-01", "endOn": "2010-07-01", "text": "山东大学计算机系教师"},
		{"startOn": "2010-07-01", "text": "计算机学院院长\n（其间：2012.09--2015.07 北京大学管理学院在职研究生学习）"},
	} {
		w.e.Create(t, w.adminTK, fmt.Sprintf("/api/gbjbxx/%d/jl", id), r)
	}
	for _, m := range []map[string]any{
		{"relation": "妻子", "name": "李四", "birthOn": "1974-12-01", "politicalStatus": "01", "employerPost": "济南一中教师"},
		{"relation": "儿子", "name": "张小三", "birthOn": "2002-01-01", "politicalStatus": "03", "employerPost": "山东大学学生"},
	} {
		w.e.Create(t, w.adminTK, fmt.Sprintf("/api/gbjbxx/%d/jtcy", id), m)
	}
	for _, x := range []map[string]any{
		{"kind": cadre.EduFullTime, "school": "山东大学", "major": "计算机科学", "education": "21", "degree": "408", "startOn": "1990-09-01", "endOn": "1994-07-01"},
		{"kind": cadre.EduInService, "school": "北京大学", "major": "管理学", "education": "11", "degree": "212", "startOn": "2012-09-01", "endOn": "2015-07-01"},
	} {
		w.e.Create(t, w.adminTK, fmt.Sprintf("/api/gbjbxx/%d/xl", id), x)
	}
	return id
}

func (w *world) get(t testing.TB, token, path string, want int) []byte {
	t.Helper()
	res := w.e.Do("GET", path, token, nil)
	apptest.Expect(t, res, want)
	return res.Body
}

// importFiles posts files (name → content) to the lrmx import.
func (w *world) importFiles(t testing.TB, token string, unitID int64, files map[string][]byte, order ...string) *apptest.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if unitID > 0 {
		mw.WriteField("unitId", fmt.Sprint(unitID)) //nolint:errcheck
	}
	for _, name := range order {
		fw, _ := mw.CreateFormFile("files", name)
		fw.Write(files[name]) //nolint:errcheck
	}
	mw.Close() //nolint:errcheck
	req, _ := http.NewRequest("POST", w.e.Server.URL+"/api/gbjbxx/import/lrmx", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return w.e.Request(req, token)
}

func (w *world) importRows(t testing.TB, token string, unitID int64, files map[string][]byte, order ...string) []rmb.ImportRow {
	t.Helper()
	res := w.importFiles(t, token, unitID, files, order...)
	apptest.Expect(t, res, 200)
	var rows []rmb.ImportRow
	res.JSON(t, &rows)
	return rows
}

func unzip(t testing.TB, data []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, _ := f.Open()
		out[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	return out
}

// A cadre's form exported as .lrmx and imported back is the same form:
// into the same cadre (found by the ID number) and, after the cadre is
// deleted, into a new one; nothing of the form is lost either way.
func TestLrmxRoundTripLosesNothing(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	idNo := apptest.IDNumber("110105", "19720315", 11)
	id := w.createCadre(t, "张三", idNo)
	first := w.get(t, w.adminTK, fmt.Sprintf("/api/gbjbxx/%d/lrmx", id), 200)
	for _, want := range []string{"<XingMing>张三</XingMing>", "<ChuShengNianYue>197203</ChuShengNianYue>", "<ShenFenZheng>" + idNo + "</ShenFenZheng>",
		"1990.09--1994.07  山东大学计算机系计算机科学专业学习", "2010.07--         计算机学院院长", "（其间：2012.09--2015.07 北京大学管理学院在职研究生学习）",
		"<XingMing>李四</XingMing>", "<ChuShengRiQi>197412</ChuShengRiQi>", "山东大学 计算机科学", "<ZhaoPian>" + base64.StdEncoding.EncodeToString(tinyPNG) + "</ZhaoPian>"} {
		if !strings.Contains(string(first), want) {
			t.Errorf("the lrmx lacks %q", want)
		}
	}

	rows := w.importRows(t, w.adminTK, 0, map[string][]byte{"张三.lrmx": first}, "张三.lrmx")
	if len(rows) != 1 || rows[0].State != rmb.StateSuccess || rows[0].CadreID == nil || *rows[0].CadreID != id {
		t.Fatalf("import back: %+v", rows)
	}
	if again := w.get(t, w.adminTK, fmt.Sprintf("/api/gbjbxx/%d/lrmx", id), 200); !bytes.Equal(again, first) {
		t.Fatalf("the form changed on the way back:\n%s\n----\n%s", first, again)
	}

	apptest.Expect(t, w.e.Do("DELETE", "/api/gbjbxx", w.adminTK, []int64{id}), 204)
	rows = w.importRows(t, w.adminTK, w.mathUnit, map[string][]byte{"张三.lrmx": first}, "张三.lrmx")
	if len(rows) != 1 || rows[0].State != rmb.StateSuccess || rows[0].CadreID == nil || *rows[0].CadreID == id {
		t.Fatalf("import as a new cadre: %+v", rows)
	}
	if again := w.get(t, w.adminTK, fmt.Sprintf("/api/gbjbxx/%d/lrmx", *rows[0].CadreID), 200); !bytes.Equal(again, first) {
		t.Fatalf("the new cadre's form differs:\n%s\n----\n%s", first, again)
	}
}

// Each file is its own processing row: a good file is written, a bad one
// fails alone with its errors per field and writes nothing.
func TestImportFilesFailAlone(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	good := []byte(`<?xml version="1.0" encoding="UTF-8"?><Person><XingMing>王芳</XingMing><XingBie>女</XingBie><ChuShengNianYue>198009</ChuShengNianYue>
<MinZu>汉族</MinZu><RuDangShiJian>2001.06</RuDangShiJian><QuanRiZhiJiaoYu_XueLi>大学</QuanRiZhiJiaoYu_XueLi><QuanRiZhiJiaoYu_XueWei>工学学士</QuanRiZhiJiaoYu_XueWei>
<XianRenZhiWu>数学学院副院长</XianRenZhiWu><JianLi>1998.09--2002.07  山东大学数学系学习&#13;&#10;2002.07--  山东大学数学学院教师</JianLi>
<JiaTingChengYuan><Item><ChengWei>丈夫</ChengWei><XingMing>赵六</XingMing><ChuShengRiQi>197902</ChuShengRiQi><ZhengZhiMianMao>中共党员</ZhengZhiMianMao><GongZuoDanWeiJiZhiWu>济南市教育局干部</GongZuoDanWeiJiZhiWu></Item>
<Item><ChengWei/><XingMing/><ChuShengRiQi/><ZhengZhiMianMao/><GongZuoDanWeiJiZhiWu/></Item></JiaTingChengYuan></Person>`)
	bad := []byte(`<Person><XingMing>李雷</XingMing><XingBie>男</XingBie><ChuShengNianYue>1990.13</ChuShengNianYue><MinZu>火星族</MinZu></Person>`)
	rows := w.importRows(t, w.adminTK, w.mathUnit, map[string][]byte{"王芳.lrmx": good, "李雷.lrmx": bad, "乱码.lrmx": []byte("not xml <")},
		"王芳.lrmx", "李雷.lrmx", "乱码.lrmx")
	if len(rows) != 3 || rows[0].State != rmb.StateSuccess || rows[1].State != rmb.StateFail || rows[2].State != rmb.StateFail {
		t.Fatalf("states: %+v", rows)
	}
	errs := map[string]string{}
	for _, e := range rows[1].Errors {
		errs[e.Field] = e.Message
	}
	if !strings.Contains(errs["出生年月"], "1990.13") || !strings.Contains(errs["民族"], "火星族") {
		t.Errorf("errors of the bad file: %v", rows[1].Errors)
	}
	if rows[2].Errors[0].Field != "文件" || rows[1].CadreName != "李雷" || rows[1].StateLabel != "失败" {
		t.Errorf("rows: %+v", rows[1:])
	}
	body := w.get(t, w.adminTK, fmt.Sprintf("/api/gbjbxx/%d/lrmx", *rows[0].CadreID), 200)
	for _, want := range []string{"<XingMing>王芳</XingMing>", "<ZhengZhiMianMao>中国共产党党员</ZhengZhiMianMao>", "<QuanRiZhiJiaoYu_XueLi>大学本科毕业</QuanRiZhiJiaoYu_XueLi>",
		"2002.07--         山东大学数学学院教师"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the imported cadre lacks %q", want)
		}
	}
	names, _ := apptest.GetPage[cadre.View](t, w.e, w.adminTK, "/api/gbjbxx", map[string][]string{"size": {"100"}})
	if len(names) != 1 || names[0].Name != "王芳" {
		t.Errorf("the failed files wrote cadres: %+v", names)
	}
	var page struct {
		Content       []rmb.ImportRow `json:"content"`
		TotalElements int             `json:"totalElements"`
	}
	w.e.Do("GET", "/api/gbjbxx/import/lrmx?size=10", w.adminTK, nil).JSON(t, &page)
	if page.TotalElements != 3 || page.Content[0].FileName != "乱码.lrmx" {
		t.Errorf("import history: %+v", page)
	}
	var other struct {
		TotalElements int `json:"totalElements"`
	}
	w.e.Do("GET", "/api/gbjbxx/import/lrmx", w.csTK, nil).JSON(t, &other)
	if other.TotalElements != 0 {
		t.Error("another user sees the admin's imports")
	}
}

// The DOCX of one form opens and holds the cadre, the family and the
// photo; the batch is a zip of the forms.
func TestFormAndBatch(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.createCadre(t, "张三", apptest.IDNumber("110105", "19720315", 11))
	b := w.createCadre(t, "李四", apptest.IDNumber("110105", "19720315", 13))
	res := w.e.Do("GET", fmt.Sprintf("/api/gbjbxx/%d/rmb", a), w.adminTK, nil)
	apptest.Expect(t, res, 200)
	if !strings.Contains(res.Header.Get("Content-Disposition"), "filename*=UTF-8''") {
		t.Errorf("disposition %q", res.Header.Get("Content-Disposition"))
	}
	parts := unzip(t, res.Body)
	doc := string(parts["word/document.xml"])
	for _, want := range []string{"张三", "计算机学院院长", "妻子", "济南一中教师", "山东大学计算机系计算机科学专业学习", `r:embed="rIdPhoto"`} {
		if !strings.Contains(doc, want) {
			t.Errorf("the form lacks %q", want)
		}
	}
	if !bytes.Equal(parts["word/media/photo.png"], tinyPNG) {
		t.Error("the photo is not in the form")
	}
	res = w.e.Do("POST", "/api/gbjbxx/rmb/batch", w.adminTK, map[string]any{"ids": []int64{a, b, a}})
	apptest.Expect(t, res, 200)
	entries := unzip(t, res.Body)
	if len(entries) != 2 || entries["张三-干部任免审批表.docx"] == nil || entries["李四-干部任免审批表.docx"] == nil {
		t.Fatalf("batch entries: %d", len(entries))
	}
	if !strings.Contains(string(unzip(t, entries["李四-干部任免审批表.docx"])["word/document.xml"]), "李四") {
		t.Error("the batch's second form is not 李四's")
	}
}

// Every route: 401 without a session, 403 without its permission, 404 for
// a cadre outside the caller's scope (the batch refuses before sending).
func TestRoutesRefuse(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := w.createCadre(t, "张三", apptest.IDNumber("110105", "19720315", 11))
	routes := []struct{ method, path string }{
		{"GET", fmt.Sprintf("/api/gbjbxx/%d/rmb", id)}, {"POST", "/api/gbjbxx/rmb/batch"}, {"GET", fmt.Sprintf("/api/gbjbxx/%d/lrmx", id)},
		{"POST", "/api/gbjbxx/import/lrmx"}, {"GET", "/api/gbjbxx/import/lrmx"}, {"GET", "/api/gbjbxx/import/excel/template"},
		{"POST", "/api/gbjbxx/import/excel"},
	}
	for _, r := range routes {
		var body any
		if r.method == "POST" {
			body = map[string]any{"ids": []int64{id}}
		}
		apptest.Expect(t, w.e.Do(r.method, r.path, "", body), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, w.listTK, body), 403)
	}
	w.get(t, w.csTK, fmt.Sprintf("/api/gbjbxx/%d/rmb", id), 404)
	w.get(t, w.csTK, fmt.Sprintf("/api/gbjbxx/%d/lrmx", id), 404)
	w.get(t, w.adminTK, "/api/gbjbxx/999999/rmb", 404)
	res := w.e.Do("POST", "/api/gbjbxx/rmb/batch", w.csTK, map[string]any{"ids": []int64{id}})
	apptest.Expect(t, res, 404)
	if strings.Contains(res.Header.Get("Content-Type"), "zip") {
		t.Error("a refused batch began a zip")
	}
	// An import out of scope: a new cadre in a unit the caller does not see fails.
	rows := w.importRows(t, w.csTK, w.mathUnit, map[string][]byte{"x.lrmx": []byte(`<Person><XingMing>钱七</XingMing><XingBie>男</XingBie><ChuShengNianYue>198001</ChuShengNianYue></Person>`)}, "x.lrmx")
	if rows[0].State != rmb.StateFail {
		t.Errorf("an import outside the caller's scope: %+v", rows[0])
	}
}

// The Excel template's rows import as the lrmx files do, each its own row.
func TestExcelImport(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	tpl := w.get(t, w.adminTK, "/api/gbjbxx/import/excel/template", 200)
	book, err := excelize.OpenReader(bytes.NewReader(tpl))
	if err != nil {
		t.Fatal(err)
	}
	sheet := book.GetSheetName(0)
	header, _ := book.GetRows(sheet)
	col := map[string]int{}
	for i, h := range header[0] {
		col[h] = i
	}
	if _, ok := col["姓名"]; !ok || !strings.HasPrefix(header[0][len(header[0])-1], "家庭主要成员") {
		t.Fatalf("template header: %v", header[0])
	}
	put := func(row int, label, v string) {
		cell, _ := excelize.CoordinatesToCellName(col[label]+1, row)
		book.SetCellStr(sheet, cell, v) //nolint:errcheck
	}
	put(2, "姓名", "孙八")
	put(2, "性别", "男")
	put(2, "出生年月", "1985.05")
	put(2, "民族", "汉族")
	put(2, "简历", "2003.09--2007.07  山东大学学习\n2007.07--  山东大学教师")
	famCell, _ := excelize.CoordinatesToCellName(len(header[0]), 2)
	book.SetCellStr(sheet, famCell, "妻子 周九 1986.02 群众 济南市某公司 职员") //nolint:errcheck
	put(3, "姓名", "吴十")
	put(3, "性别", "未知")
	var buf bytes.Buffer
	if err := book.Write(&buf); err != nil {
		t.Fatal(err)
	}
	res := w.e.Upload("/api/gbjbxx/import/excel", w.adminTK, "file", "干部.xlsx", buf.Bytes(), map[string]string{"unitId": fmt.Sprint(w.csUnit)})
	apptest.Expect(t, res, 200)
	var rows []rmb.ImportRow
	res.JSON(t, &rows)
	if len(rows) != 2 || rows[0].State != rmb.StateSuccess || rows[1].State != rmb.StateFail || rows[0].FileName != "干部.xlsx 第2行" {
		t.Fatalf("rows: %+v", rows)
	}
	body := string(w.get(t, w.adminTK, fmt.Sprintf("/api/gbjbxx/%d/lrmx", *rows[0].CadreID), 200))
	for _, want := range []string{"<XingMing>周九</XingMing>", "<GongZuoDanWeiJiZhiWu>济南市某公司 职员</GongZuoDanWeiJiZhiWu>", "2007.07--         山东大学教师"} {
		if !strings.Contains(body, want) {
			t.Errorf("the imported cadre lacks %q", want)
		}
	}
}

// benchCadres imports n cadres of full forms (résumé, family, a 40 KB
// photo) through the lrmx import, 50 files a request, and answers their ids.
func benchCadres(b *testing.B, w *world, n int) []int64 {
	b.Helper()
	photo := append(append([]byte{}, tinyPNG...), bytes.Repeat([]byte{0}, 40<<10)...)
	var ids []int64
	for start := 0; start < n; start += 50 {
		files := map[string][]byte{}
		var order []string
		for i := start; i < min(start+50, n); i++ {
			var buf bytes.Buffer
			doc := fmt.Sprintf(`<Person><XingMing>干部%04d</XingMing><XingBie>男</XingBie><ChuShengNianYue>197203</ChuShengNianYue><MinZu>汉族</MinZu>
<ShenFenZheng>%s</ShenFenZheng><XianRenZhiWu>计算机学院院长</XianRenZhiWu>
<JianLi>1990.09--1994.07  山东大学计算机系学习&#13;&#10;1994.07--2010.07  山东大学教师&#13;&#10;2010.07--  计算机学院院长</JianLi>
<JiaTingChengYuan><Item><ChengWei>妻子</ChengWei><XingMing>李四</XingMing><ChuShengRiQi>197412</ChuShengRiQi><ZhengZhiMianMao>中共党员</ZhengZhiMianMao><GongZuoDanWeiJiZhiWu>济南一中教师</GongZuoDanWeiJiZhiWu></Item></JiaTingChengYuan>
<ZhaoPian>%s</ZhaoPian></Person>`, i, apptest.IDNumber("110105", "19720315", i), base64.StdEncoding.EncodeToString(photo))
			buf.WriteString(doc)
			name := fmt.Sprintf("%04d.lrmx", i)
			files[name], order = buf.Bytes(), append(order, name)
		}
		for _, r := range w.importRows(b, w.adminTK, w.csUnit, files, order...) {
			if r.State != rmb.StateSuccess {
				b.Fatalf("seed: %+v", r)
			}
			ids = append(ids, *r.CadreID)
		}
	}
	return ids
}

// BenchmarkHTTPForm is one 任免审批表 through the API (read, scope, DOCX):
// the target is 200 ms.
func BenchmarkHTTPForm(b *testing.B) {
	w := newWorld(b)
	id := benchCadres(b, w, 1)[0]
	path := fmt.Sprintf("/api/gbjbxx/%d/rmb", id)
	for b.Loop() {
		if res := w.e.Do("GET", path, w.adminTK, nil); res.Status != 200 {
			b.Fatalf("status %d", res.Status)
		}
	}
}

// BenchmarkHTTPBatch500 is the zip of 500 forms through the API, streamed:
// the target is 30 s.
func BenchmarkHTTPBatch500(b *testing.B) {
	w := newWorld(b)
	ids := benchCadres(b, w, 500)
	for b.Loop() {
		res := w.e.Do("POST", "/api/gbjbxx/rmb/batch", w.adminTK, map[string]any{"ids": ids})
		if res.Status != 200 || len(unzip(b, res.Body)) != 500 {
			b.Fatalf("status %d", res.Status)
		}
	}
}
