package member_test

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"zhdj/internal/apptest"
	"zhdj/internal/member"
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/excel"
)

// exportRows downloads the roster with the query and reads it back.
func exportRows(t testing.TB, e *apptest.Env, token, query string) [][]string {
	t.Helper()
	res := e.Do("GET", "/api/dyjbxx/export?"+query, token, nil)
	apptest.Expect(t, res, 200)
	if cd := res.Header.Get("Content-Disposition"); !strings.Contains(cd, "filename*=UTF-8''%E5%85%9A%E5%91%98%E8%8A%B1%E5%90%8D%E5%86%8C") {
		t.Fatalf("Content-Disposition %q", cd)
	}
	rows, err := excel.Read(bytes.NewReader(res.Body), 1000000)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// The roster follows the filters and sort, shows labels and names, masks
// personal fields unless unmask=true is asked by a holder of dy:unmask, and
// every export is logged.
func TestExportRoster(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := apptest.IDNumber("110105", "19900307", 11)
	w.create(t, w.e.AdminTK, apptest.With(body("张三", w.branchA, id), "remark", "第一行"))
	w.create(t, w.e.AdminTK, apptest.With(body("李四", w.branchB, ""), "partyStatus", member.PartyProbation, "fullOn", "", "gender", "2"))
	exporter, _ := w.anchored(t, "LEVEL_AND_BELOW", w.cs, member.PermExport)

	rows := exportRows(t, w.e, exporter, "sort=name,desc")
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	if strings.Join(rows[0][:7], ",") != "序号,姓名,性别,民族,出生日期,身份证号码,手机号码" {
		t.Fatalf("header %v", rows[0])
	}
	// By pinyin (zhang after li), whatever the code points (李 U+674E after 张 U+5F20).
	first, second := rows[1], rows[2]
	if first[1] != "张三" || second[1] != "李四" {
		t.Fatalf("not sorted by name desc: %s, %s", first[1], second[1])
	}
	byName := map[string][]string{first[1]: first, second[1]: second}
	z := byName["张三"]
	if z[2] != "男" || z[3] != "汉族" || z[4] != "1990-03-07" || z[5] != "110105********"+id[14:] || z[6] != "138****8000" ||
		z[12] != "正式党员" || z[13] != "正常" || z[14] != "后台添加" || z[19] != "计算机教工党支部" || z[21] != "2013-06-30" || z[23] != "第一行" {
		t.Fatalf("row %v", z)
	}
	if byName["李四"][12] != "预备党员" || byName["李四"][5] != "" {
		t.Fatalf("row %v", byName["李四"])
	}
	// Filters apply.
	if rows := exportRows(t, w.e, exporter, "partyStatus=2"); len(rows) != 2 || rows[1][1] != "李四" {
		t.Fatalf("filtered %v", rows)
	}
	if rows := exportRows(t, w.e, exporter, url.Values{"blurry": {id}}.Encode()); len(rows) != 2 || rows[1][1] != "张三" {
		t.Fatalf("searched %v", rows)
	}
	// Clear values need dy:unmask, and are logged as such.
	res := w.e.Do("GET", "/api/dyjbxx/export?unmask=true", exporter, nil)
	if res.Status != 403 || res.Message() != "没有查看党员敏感信息的权限" {
		t.Fatalf("%d %s", res.Status, res.Body)
	}
	// An export in clear says why (at least 5 characters): the reason is
	// logged with it.
	full, _ := w.anchored(t, "LEVEL_AND_BELOW", w.cs, member.PermExport, member.PermUnmask)
	for _, bad := range []string{"", "&reason=" + url.QueryEscape(" 核对  "), "&reason=" + url.QueryEscape(strings.Repeat("长", 201))} {
		res = w.e.Do("GET", "/api/dyjbxx/export?unmask=true"+bad, full, nil)
		apptest.ExpectMessage(t, res, 400, "导出完整的身份证号码和手机号码须填写事由（5-200个字）")
		if res.Map(t)["field"] != "reason" {
			t.Fatalf("no field: %s", res.Body)
		}
	}
	rows = exportRows(t, w.e, full, "unmask=true&reason="+url.QueryEscape("年度党员统计核对")+"&orgId="+fmt.Sprint(w.branchA))
	if len(rows) != 2 || rows[1][5] != id || rows[1][6] != "13800138000" {
		t.Fatalf("unmasked %v", rows)
	}
	if n := logRows(t, w, "导出党员花名册（含身份证号码、手机号码明文，1人），事由：年度党员统计核对"); n != 1 {
		t.Fatalf("%d unmasked export log rows", n)
	}
	if n := logRows(t, w, "导出党员花名册（2人）"); n != 1 {
		t.Fatalf("%d export log rows", n)
	}
	// Bad filters and sorts are 400, before anything is streamed.
	apptest.Expect(t, w.e.Do("GET", "/api/dyjbxx/export?sort=id_number_enc,asc", exporter, nil), 400)
	apptest.Expect(t, w.e.Do("GET", "/api/dyjbxx/export?orgName=x", exporter, nil), 400)
}

// 20,000 members export in one workbook, one row each.
func TestExport20k(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("seeds 20,000 members")
	}
	w := newWorld(t)
	seedMembers(t, w.e, []int64{w.branchA, w.branchB, w.branchC}, 20000)
	start := time.Now()
	rows := exportRows(t, w.e, w.e.AdminTK, "")
	if len(rows) != 20001 {
		t.Fatalf("%d rows, want 20,001 (header + 20,000)", len(rows))
	}
	if rows[20000][0] != "20000" {
		t.Fatalf("last row %v", rows[20000])
	}
	t.Logf("exported 20,000 members in %v", time.Since(start))
}

// seedMembers inserts n members spread over orgs directly, in batches of
// 1,000, with valid ID numbers and phones encrypted with the installation's
// key (as the API would store them), so lists and exports decrypt real data.
func seedMembers(t testing.TB, e *apptest.Env, orgs []int64, n int) {
	t.Helper()
	ctx := context.Background()
	cipher, err := crypto.LoadOrCreate(e.App.Config.KeyDir())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	surnames := []rune("王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗")
	given := []rune("伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华")
	born0 := time.Date(1960, 1, 1, 0, 0, 0, 0, time.UTC)
	batch := make([]member.Member, 0, 1000)
	for i := 0; i < n; i++ {
		name := string(surnames[i%len(surnames)]) + string(given[(i/len(surnames))%len(given)]) + string(given[(i/7)%len(given)])
		born := born0.AddDate(0, 0, i/500)
		id := apptest.IDNumber("110105", born.Format("20060102"), i%500)
		phone := fmt.Sprintf("139%08d", i)
		joined := born.AddDate(20+i%20, i%12, 0)
		m := member.Member{Name: name, Gender: []string{"2", "1"}[i%500%2], Ethnicity: "01", Education: "21",
			PersonCategory: []string{"1", "2", "3", "4"}[i%4], PersonType: "1", PartyStatus: []string{"1", "1", "1", "2"}[i%4],
			MemberStatus: member.StatusNormal, Source: "4", StaffOrStudentNo: fmt.Sprintf("S%07d", i), Grade: fmt.Sprint(2015 + i%10),
			ClassName: fmt.Sprintf("%d班", i%40), OrgID: orgs[i%len(orgs)], JoinedOn: date.Date(joined.Format("2006-01-02")),
			BirthDate: date.Date(born.Format("2006-01-02")), CreatedAt: now, UpdatedAt: now,
			IDNumberEnc: cipher.Encrypt(id), IDNumberIdx: cipher.Index(id), PhoneEnc: cipher.Encrypt(phone), PhoneIdx: cipher.Index(phone)}
		if m.PartyStatus == member.PartyFull {
			m.FullOn = date.Date(joined.AddDate(1, 0, 0).Format("2006-01-02"))
		}
		batch = append(batch, m)
		if len(batch) == cap(batch) || i == n-1 {
			if _, err := e.DB.NewInsert().Model(&batch).Exec(ctx); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	// Close the seeding connections: on PostgreSQL each keeps the text of
	// the large insert statements in its statement cache, which would
	// otherwise count against the memory measured afterwards.
	e.DB.SetMaxIdleConns(0)
	e.DB.SetMaxIdleConns(10)
}

// The roster as a background export: scope and filters are the caller's at
// creation, every row in scope is written and counted, and the workbook is
// the requester's alone.
func TestExportRosterInBackground(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	seedMembers(t, w.e, []int64{w.branchA, w.branchB}, 1203)
	counted, err := w.e.DB.NewSelect().Table("dyjbxx").Where("org_id = ?", w.branchA).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	inA := int(counted)
	exporter, _ := w.anchored(t, "LEVEL_AND_BELOW", w.branchA, member.PermExport)
	noExport, _ := w.anchored(t, "LEVEL_AND_BELOW", w.branchA, member.PermList)
	apptest.Expect(t, w.e.Do("GET", "/api/dyjbxx/export?background=true", noExport, nil), 403)
	apptest.Expect(t, w.e.Do("GET", "/api/dyjbxx/export?background=true", "", nil), 401)

	type jobView struct {
		ID    int64
		State int
		Title string
		Rows  int
	}
	job := apptest.DoJSON[jobView](t, w.e, 202, "GET", "/api/dyjbxx/export?background=true&sort=name,asc", exporter, nil)
	if job.ID == 0 || job.State != 0 || job.Title != "党员花名册" {
		t.Fatalf("job %+v", job)
	}
	w.e.Sys.WaitExports()
	done := apptest.DoJSON[jobView](t, w.e, 200, "GET", fmt.Sprintf("/api/exports/%d", job.ID), exporter, nil)
	if done.State != 1 || done.Rows != inA {
		t.Fatalf("done %+v, want %d rows", done, inA)
	}
	res := w.e.Do("GET", fmt.Sprintf("/api/exports/%d/file", job.ID), exporter, nil)
	apptest.Expect(t, res, 200)
	rows, err := excel.Read(bytes.NewReader(res.Body), 1000000)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != inA+1 || rows[inA][0] != fmt.Sprint(inA) || !strings.Contains(rows[1][5], "*") {
		t.Fatalf("%d rows (want %d + header), last %v, first %v", len(rows), inA, rows[len(rows)-1], rows[1])
	}
	if n := logRows(t, w, "导出党员花名册（后台生成）"); n != 1 {
		t.Fatalf("%d export log rows", n)
	}
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/exports/%d/file", job.ID), w.e.AdminTK, nil), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/exports/%d/file", job.ID), noExport, nil), 404)
	apptest.Expect(t, w.e.Do("GET", fmt.Sprintf("/api/exports/%d/file", job.ID), "", nil), 401)
}
