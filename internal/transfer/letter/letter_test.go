package letter_test

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/transfer/letter"
)

// RULES §3: a letter has a number per year that its stub, letter and
// receipt share, a validity by reach from the settings (30 days in the city,
// 60 in the province, 90 nationwide) and prints what it copied of the member
// at issue; the ID number is stored encrypted and shown masked, in full
// only to print.
func TestRule3_IssueNumbersValidityAndSnapshot(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	city := w.issue(t, 101, letter.ReachCity)
	prov := w.issue(t, 102, letter.ReachProvince)
	nation := w.issue(t, 103, letter.ReachNation)
	for _, c := range []struct {
		l          letter.Letter
		num, until string
	}{{city, "2026-0001", "2026-03-31"}, {prov, "2026-0002", "2026-04-30"}, {nation, "2026-0003", "2026-05-30"}} {
		if c.l.Number != c.num || string(c.l.ValidUntil) != c.until || c.l.Status != letter.StatusIssued || c.l.Year != 2026 {
			t.Errorf("letter %+v, want number %s valid until %s", c.l, c.num, c.until)
		}
	}
	// The next year starts again at 0001.
	w.at(t, "2027-01-02")
	if l := w.issue(t, 104, letter.ReachCity); l.Number != "2027-0001" {
		t.Errorf("first number of 2027 = %s", l.Number)
	}
	v := w.detail(t, w.csTK, city.ID)
	if v.MemberName != "张三" || v.Gender != "男" || v.Ethnicity != "汉族" || v.PartyStatus != "正式党员" || v.Age != 35 ||
		v.FromOrgName != "计算机教工党支部" || v.ToOrgName != "数学教工党支部" || v.FeesPaidUpTo != "2026-02" || v.ValidDays != 30 {
		t.Errorf("detail %+v", v)
	}
	if v.IDNumber == w.idNumber || !strings.Contains(v.IDNumber, "*") {
		t.Errorf("detail shows the ID number %q, want it masked", v.IDNumber)
	}
	if v.ReceiptDueOn != "" {
		t.Errorf("receipt due %s before the member is taken in, want none", v.ReceiptDueOn)
	}
	var stored string
	if err := w.e.DB.NewSelect().Table("zzgx_letter").Column("id_number_enc").Where("id = ?", city.ID).Scan(t.Context(), &stored); err != nil {
		t.Fatal(err)
	}
	if stored == "" || strings.Contains(stored, w.idNumber) {
		t.Errorf("the ID number is stored as %q", stored)
	}
	p := apptest.DoJSON[letter.PrintView](t, w.e, 200, "GET", fmt.Sprintf("%s/%d/print", letter.API, city.ID), w.csTK, nil)
	if p.IDNumberFull != w.idNumber || p.Number != "2026-0001" || p.ReachLabel != "市内" {
		t.Errorf("print view %+v", p)
	}
	// A transfer has one live letter: asked again (an approval redone), the
	// valid one is answered as it is.
	w.at(t, "2026-03-31")
	if again, err := w.tryIssue(101, letter.ReachCity); err != nil || again != city {
		t.Errorf("the letter of transfer 101 asked again: %+v %v, want %+v", again, err, city)
	}
	// Bad requests name their field.
	for field, in := range map[string]letter.Issue{
		"reach":        {TransferID: 9, MemberID: w.member, Kind: "out", FromOrgID: w.branch, ToOrgName: "某市委组织部", Reach: "moon"},
		"feesPaidUpTo": {TransferID: 9, MemberID: w.member, Kind: "out", FromOrgID: w.branch, ToOrgName: "某市委组织部", Reach: letter.ReachCity, FeesPaidUpTo: "2026-13"},
		"toOrgName":    {TransferID: 9, MemberID: w.member, Kind: "out", FromOrgID: w.branch, Reach: letter.ReachCity},
		"memberId":     {TransferID: 9, MemberID: 999999, Kind: "out", FromOrgID: w.branch, ToOrgName: "某市委组织部", Reach: letter.ReachCity},
	} {
		err := w.e.DB.RunInTx(t.Context(), nil, func(ctx context.Context, tx bunTx) error {
			_, err := w.svc.IssueTx(ctx, tx, in)
			return err
		})
		var he *httpx.Error
		if !errors.As(err, &he) || he.Status != 400 || he.Field != field {
			t.Errorf("%s: %v, want a 400 naming it", field, err)
		}
	}
}

// Numbering under concurrency: 20 letters issued at once get 20 distinct,
// consecutive numbers (on SQLite and PostgreSQL alike).
func TestRule3_NumbersUnderConcurrencyAreDistinctAndConsecutive(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	errs := make([]error, 20)
	nums := apptest.Concurrently(20, func(i int) string {
		l, err := w.tryIssue(int64(1000+i), letter.ReachNation)
		errs[i] = err
		return l.Number
	})
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Strings(nums)
	for i, n := range nums {
		if want := fmt.Sprintf("2026-%04d", i+1); n != want {
			t.Fatalf("numbers %v, want 2026-0001 … 2026-0020", nums)
		}
	}
}

// RULES §3: a letter is valid at most 3 months. The settings refuse more
// than 90 days naming the field; an issue stops at three months on even
// where 90 days are longer (1 February + 90 days = 2 May > 1 May).
func TestRule3_ValidityNeverBeyondThreeMonths(t *testing.T) {
	t.Parallel()
	if got := letter.ValidUntil(date.MustParse("2026-02-01"), 90); got != "2026-05-01" {
		t.Errorf("1 Feb + 90 days capped at %s, want 2026-05-01", got)
	}
	if got := letter.ValidUntil(date.MustParse("2026-01-01"), 90); got != "2026-04-01" {
		t.Errorf("1 Jan + 90 days = %s, want 2026-04-01", got)
	}
	if got := letter.ValidUntil(date.MustParse("2026-03-01"), 30); got != "2026-03-31" {
		t.Errorf("1 Mar + 30 days = %s", got)
	}
	if a := letter.AgeOn("1990-03-15", "2026-03-14"); a != 35 {
		t.Errorf("age the day before the birthday %d", a)
	}
	if a := letter.AgeOn("1990-03-15", "2026-03-15"); a != 36 {
		t.Errorf("age on the birthday %d", a)
	}

	w := newWorld(t)
	path := letter.API + "/settings"
	s := apptest.DoJSON[letter.Settings](t, w.e, 200, "GET", path, w.listTK, nil)
	if s != letter.DefaultSettings() || s.CityDays != 30 || s.NationDays != 90 || s.ProvinceDays != 60 || s.ReceiptMonths != 1 {
		t.Fatalf("default settings %+v", s)
	}
	ok := letter.Settings{CityDays: 30, ProvinceDays: 60, NationDays: 90, ReceiptMonths: 1, Contact: "010-12345678"}
	apptest.DoJSON[letter.Settings](t, w.e, 200, "PUT", path, w.deptTK, ok) // exactly 3 months: kept
	for field, bad := range map[string]letter.Settings{
		"nationDays":    {CityDays: 30, ProvinceDays: 60, NationDays: 91, ReceiptMonths: 1},
		"provinceDays":  {CityDays: 30, ProvinceDays: 91, NationDays: 90, ReceiptMonths: 1},
		"cityDays":      {CityDays: 0, ProvinceDays: 60, NationDays: 90, ReceiptMonths: 1},
		"receiptMonths": {CityDays: 30, ProvinceDays: 60, NationDays: 90, ReceiptMonths: 4},
	} {
		res := w.e.Do("PUT", path, w.deptTK, bad)
		apptest.Expect(t, res, 400)
		if f, _ := res.Map(t)["field"].(string); f != field {
			t.Errorf("%+v refused on %q, want %s (%s)", bad, f, field, res.Body)
		}
	}
	res := w.e.Do("PUT", path, w.deptTK, letter.Settings{CityDays: 30, ProvinceDays: 60, NationDays: 91, ReceiptMonths: 1})
	if msg := res.Message(); msg != "省外介绍信有效期不能超过3个月（90天）" {
		t.Errorf("message %q", msg)
	}
	apptest.Expect(t, w.e.Do("PUT", path, w.listTK, ok), 403)
	apptest.Expect(t, w.e.Do("PUT", path, "", ok), 401)
	// The stored settings are the last good ones; the next letter takes them.
	ok.CityDays = 10
	apptest.DoJSON[letter.Settings](t, w.e, 200, "PUT", path, w.deptTK, ok)
	if l := w.issue(t, 7, letter.ReachCity); l.ValidUntil != "2026-03-11" {
		t.Errorf("valid until %s with 10 days", l.ValidUntil)
	}
	if v := w.detail(t, w.csTK, w.issue(t, 8, letter.ReachNation).ID); v.Contact != "010-12345678" {
		t.Errorf("contact %q", v.Contact)
	}
}

// Expiry is computed: past its validity without receipt a letter is
// expired (on its last day it is still valid); the acceptance of an expired
// letter is refused; a reissue voids it and issues the next number for the
// same transfer in one transaction, which the acceptance then takes.
func TestRule3_ExpiryAndReissue(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	l := w.issue(t, 201, letter.ReachCity) // valid until 2026-03-31
	w.at(t, "2026-03-31")
	if v := w.detail(t, w.csTK, l.ID); v.Status != letter.StatusIssued {
		t.Fatalf("on its last day: %s", v.Status)
	}
	res := w.e.Do("POST", fmt.Sprintf("%s/%d/reissue", letter.API, l.ID), w.csTK, nil)
	apptest.Expect(t, res, 400) // not expired yet
	w.at(t, "2026-04-01")
	if v := w.detail(t, w.csTK, l.ID); v.Status != letter.StatusExpired {
		t.Fatalf("the day after: %s", v.Status)
	}
	expired, n := apptest.GetPage[letter.View](t, w.e, w.csTK, letter.API, url.Values{"status": {"expired"}})
	if n != 1 || expired[0].ID != l.ID {
		t.Errorf("expired list %d %+v", n, expired)
	}
	if err := w.receive(201); status(err) != 400 {
		t.Errorf("acceptance on an expired letter: %v", err)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("%s/%d/reissue", letter.API, l.ID), w.listTK, nil), 403)
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("%s/%d/reissue", letter.API, l.ID), w.langTK, nil), 404)
	nv := apptest.DoJSON[letter.View](t, w.e, 200, "POST", fmt.Sprintf("%s/%d/reissue", letter.API, l.ID), w.csTK, nil)
	if nv.Number != "2026-0002" || nv.TransferID != 201 || *nv.ReissueOf != l.ID || nv.Status != letter.StatusIssued ||
		nv.IssuedOn != "2026-04-01" || nv.ValidUntil != "2026-05-01" || nv.MemberName != "张三" {
		t.Errorf("reissued %+v", nv)
	}
	if old := w.detail(t, w.csTK, l.ID); old.Status != letter.StatusVoided || old.VoidReason != "过期补开" {
		t.Errorf("old letter %+v", old)
	}
	apptest.Expect(t, w.e.Do("POST", fmt.Sprintf("%s/%d/reissue", letter.API, l.ID), w.csTK, nil), 400) // voided now
	var live int
	if err := w.e.DB.NewSelect().Table("zzgx_letter").ColumnExpr("COUNT(*)").Where("transfer_id = 201").Where("voided_on IS NULL").
		Scan(t.Context(), &live); err != nil || live != 1 {
		t.Errorf("live letters of transfer 201: %d %v", live, err)
	}
	// Asked again by the transfer after its validity, IssueTx reissues too.
	l2 := w.issue(t, 202, letter.ReachCity)
	w.at(t, "2026-05-02")
	if again := w.issue(t, 202, letter.ReachCity); again.ID == l2.ID || again.Number != "2026-0004" || again.Status != letter.StatusIssued {
		t.Errorf("an expired letter asked again: %+v", again)
	}
	if old := w.detail(t, w.csTK, l2.ID); old.Status != letter.StatusVoided {
		t.Errorf("the expired letter asked again is %s", old.Status)
	}
	all, err := w.svc.OfTransfer(t.Context(), w.e.DB, 201)
	if err != nil || len(all) != 2 || all[0].ID != nv.ID || all[1].Status != letter.StatusVoided {
		t.Errorf("letters of the transfer %+v %v", all, err)
	}
	w.at(t, "2026-04-01")
	if err := w.receive(201); err != nil {
		t.Fatal(err)
	}
	if err := w.receive(201); err != nil { // once more: already received, nothing changes
		t.Fatal(err)
	}
	if v := w.detail(t, w.mathTK, nv.ID); v.Status != letter.StatusReceived || v.ReceivedOn != "2026-04-01" {
		t.Errorf("after acceptance %+v", v)
	}
	if err := w.receive(999); status(err) != 400 {
		t.Errorf("acceptance without a letter: %v", err)
	}
}

// A receipt returned on paper is recorded once, not before the issue nor in
// the future; a letter not received can be voided with a reason, and its
// transfer then takes a new one.
func TestReceiptAndVoid(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.issue(t, 301, letter.ReachNation)
	b := w.issue(t, 302, letter.ReachNation)
	w.at(t, "2026-03-10")
	for body, field := range map[string]letter.ReceiptInput{
		"receivedOn": {ID: a.ID, ReceivedOn: "2026-02-28"},
	} {
		res := w.e.Do("POST", letter.API+"/receipt", w.csTK, field)
		apptest.Expect(t, res, 400)
		if f, _ := res.Map(t)["field"].(string); f != body {
			t.Errorf("field %q", f)
		}
	}
	apptest.Expect(t, w.e.Do("POST", letter.API+"/receipt", w.csTK, letter.ReceiptInput{ID: a.ID, ReceivedOn: "2026-03-11"}), 400)
	apptest.Expect(t, w.e.Do("POST", letter.API+"/receipt", w.csTK, letter.ReceiptInput{ID: a.ID}), 400)
	apptest.Expect(t, w.e.Do("POST", letter.API+"/receipt", w.langTK, letter.ReceiptInput{ID: a.ID, ReceivedOn: "2026-03-01"}), 404)
	apptest.Expect(t, w.e.Do("POST", letter.API+"/receipt", w.listTK, letter.ReceiptInput{ID: a.ID, ReceivedOn: "2026-03-01"}), 403)
	apptest.Expect(t, w.e.Do("POST", letter.API+"/receipt", "", letter.ReceiptInput{ID: a.ID, ReceivedOn: "2026-03-01"}), 401)
	v := apptest.DoJSON[letter.View](t, w.e, 200, "POST", letter.API+"/receipt", w.mathTK, letter.ReceiptInput{ID: a.ID, ReceivedOn: "2026-03-01"})
	if v.Status != letter.StatusReceived || v.ReceivedOn != "2026-03-01" {
		t.Errorf("received %+v", v)
	}
	apptest.Expect(t, w.e.Do("POST", letter.API+"/receipt", w.csTK, letter.ReceiptInput{ID: a.ID, ReceivedOn: "2026-03-02"}), 409)
	apptest.Expect(t, w.e.Do("POST", letter.API+"/void", w.csTK, letter.VoidInput{ID: a.ID, Reason: "误开"}), 409) // received
	res := w.e.Do("POST", letter.API+"/void", w.csTK, letter.VoidInput{ID: b.ID, Reason: " "})
	apptest.Expect(t, res, 400)
	if f, _ := res.Map(t)["field"].(string); f != "reason" {
		t.Errorf("void without reason: field %q", f)
	}
	apptest.Expect(t, w.e.Do("POST", letter.API+"/void", w.langTK, letter.VoidInput{ID: b.ID, Reason: "遗失"}), 404)
	apptest.Expect(t, w.e.Do("POST", letter.API+"/void", w.listTK, letter.VoidInput{ID: b.ID, Reason: "遗失"}), 403)
	apptest.Expect(t, w.e.Do("POST", letter.API+"/void", "", letter.VoidInput{ID: b.ID, Reason: "遗失"}), 401)
	if v := apptest.DoJSON[letter.View](t, w.e, 200, "POST", letter.API+"/void", w.csTK, letter.VoidInput{ID: b.ID, Reason: "遗失"}); v.Status != letter.StatusVoided {
		t.Errorf("voided %+v", v)
	}
	if l := w.issue(t, 302, letter.ReachNation); l.Number != "2026-0003" || l.ID == b.ID {
		t.Errorf("new letter of a voided one's transfer: %s", l.Number)
	}
}

// Scope: the sending and the receiving organisations see a letter, a third
// college does not (404); each route answers 401 without a session and 403
// without its permission.
func TestScopeAndPermissionsPerRoute(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	l := w.issue(t, 401, letter.ReachCity)
	one := fmt.Sprintf("%s/%d", letter.API, l.ID)
	for _, tk := range []string{w.csTK, w.mathTK, w.deptTK, w.listTK} {
		if _, n := apptest.GetPage[letter.View](t, w.e, tk, letter.API, nil); n != 1 {
			t.Errorf("a user of the sending or receiving side lists %d letters", n)
		}
	}
	if _, n := apptest.GetPage[letter.View](t, w.e, w.langTK, letter.API, nil); n != 0 {
		t.Errorf("another college lists %d letters", n)
	}
	for _, r := range []struct{ method, path, perm string }{
		{"GET", letter.API, "list"}, {"GET", one, "list"}, {"GET", one + "/print", "print"}, {"GET", one + "/docx", "print"},
		{"GET", letter.API + "/settings", "list"},
	} {
		apptest.Expect(t, w.e.Do(r.method, r.path, "", nil), 401)
		apptest.Expect(t, w.e.Do(r.method, r.path, w.noTK, nil), 403)
		if r.path != letter.API && r.path != letter.API+"/settings" {
			apptest.Expect(t, w.e.Do(r.method, r.path, w.langTK, nil), 404)
			apptest.Expect(t, w.e.Do(r.method, r.path, w.mathTK, nil), 200)
		}
		if r.perm == "print" {
			apptest.Expect(t, w.e.Do(r.method, r.path, w.listTK, nil), 403)
		}
	}
	apptest.Expect(t, w.e.Do("GET", letter.API+"/abc", w.csTK, nil), 404)
	// The Word letter prints the three parts with the number and the ID number.
	res := w.e.Do("GET", one+"/docx", w.csTK, nil)
	apptest.Expect(t, res, 200)
	doc := documentText(t, res.Body)
	for _, want := range []string{"存根", "介绍信回执", "第 2026-0001 号", w.idNumber, "张三", "2026年2月", "计算机教工党支部", "数学教工党支部", "有效期30天"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the Word letter lacks %q", want)
		}
	}
	if strings.Count(doc, "2026-0001") < 3 {
		t.Errorf("the number is printed %d times, want one per part", strings.Count(doc, "2026-0001"))
	}
}

// The list's filters: year, status, kind, reach, expiring within N days
// (inclusive of its last day), keyword; bad ones are a 400.
func TestListFilters(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	city := w.issue(t, 501, letter.ReachCity)     // until 03-31
	nation := w.issue(t, 502, letter.ReachNation) // until 05-30
	w.at(t, "2026-03-24")
	ids := func(q url.Values) []int64 {
		rows, _ := apptest.GetPage[letter.View](t, w.e, w.csTK, letter.API, q)
		var out []int64
		for _, r := range rows {
			out = append(out, r.ID)
		}
		sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
		return out
	}
	same := func(got []int64, want ...int64) bool { return fmt.Sprint(got) == fmt.Sprint(want) }
	if got := ids(url.Values{"expiring": {"7"}}); !same(got, city.ID) { // 03-24 + 7 = 03-31: its last day
		t.Errorf("expiring within 7 days: %v", got)
	}
	if got := ids(url.Values{"expiring": {"6"}}); !same(got) {
		t.Errorf("expiring within 6 days: %v", got)
	}
	if got := ids(url.Values{"reach": {letter.ReachNation}}); !same(got, nation.ID) {
		t.Errorf("reach: %v", got)
	}
	if got := ids(url.Values{"year": {"2026"}, "status": {"issued"}, "kind": {"inside"}}); !same(got, city.ID, nation.ID) {
		t.Errorf("year/status/kind: %v", got)
	}
	if got := ids(url.Values{"year": {"2025"}}); !same(got) {
		t.Errorf("2025: %v", got)
	}
	for _, org := range []int64{w.cs, w.mathBranch, w.root} { // the sending side's subtree, the receiving branch
		if got := ids(url.Values{"orgId": {fmt.Sprint(org)}}); !same(got, city.ID, nation.ID) {
			t.Errorf("orgId %d: %v", org, got)
		}
	}
	if got := ids(url.Values{"orgId": {fmt.Sprint(w.lang)}}); !same(got) {
		t.Errorf("orgId of a third college: %v", got)
	}
	if got := ids(url.Values{"blurry": {"0002"}}); !same(got, nation.ID) {
		t.Errorf("keyword: %v", got)
	}
	for _, q := range []url.Values{{"status": {"lost"}}, {"expiring": {"-1"}}, {"expiring": {"x"}}, {"sort": {"id_number_enc,asc"}}} {
		apptest.Expect(t, w.e.Do("GET", letter.API+"?"+q.Encode(), w.csTK, nil), 400)
	}
}

// RULES §3 (介绍信 第三联: 接收方党组织应在一个月内将回执退回): the receipt is
// due one month after the receiving side takes the member in, not after the
// issue. A letter issued on 1 March whose member is not taken in is never
// overdue; taken in on 20 March, it is not overdue on 19 or 20 April
// (exactly 1 month) and is on 21 April (1 month + 1 day); a received one
// is never. The expiring reminder takes the letters whose validity ends
// within its window and whose member is not taken in.
func TestRule3_ReceiptOverdueReminderAtItsEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	l := w.issue(t, 601, letter.ReachCity)
	got := w.issue(t, 602, letter.ReachCity)
	if err := w.receive(602); err != nil {
		t.Fatal(err)
	}
	overdue := func(day string) []int64 {
		dues, err := w.svc.ReceiptsOverdue(t.Context(), date.MustParse(day))
		if err != nil {
			t.Fatal(err)
		}
		var ids []int64
		for _, d := range dues {
			ids = append(ids, d.RecordID)
		}
		return ids
	}
	t.Run("介绍信第三联 not taken in: no receipt is due", func(t *testing.T) {
		for _, day := range []string{"2026-04-02", "2026-04-10", "2027-01-01"} {
			if ids := overdue(day); len(ids) != 0 {
				t.Errorf("%s, not taken in: %v", day, ids)
			}
		}
	})
	t.Run("介绍信第三联 登记接收 at its edges and who may", func(t *testing.T) {
		path := letter.API + "/accepted"
		w.at(t, "2026-03-20")
		for in, field := range map[letter.AcceptInput]string{
			{ID: l.ID}:                           "acceptedOn",
			{ID: l.ID, AcceptedOn: "2026-02-28"}: "acceptedOn", // before the issue
			{ID: l.ID, AcceptedOn: "2026-03-21"}: "acceptedOn", // after today
		} {
			res := w.e.Do("POST", path, w.csTK, in)
			apptest.Expect(t, res, 400)
			if res.Map(t)["field"] != field {
				t.Errorf("%+v: %s", in, res.Body)
			}
		}
		in := letter.AcceptInput{ID: l.ID, AcceptedOn: "2026-03-20"}
		apptest.Expect(t, w.e.Do("POST", path, "", in), 401)
		apptest.Expect(t, w.e.Do("POST", path, w.listTK, in), 403)
		apptest.Expect(t, w.e.Do("POST", path, w.langTK, in), 404)
		v := apptest.DoJSON[letter.View](t, w.e, 200, "POST", path, w.csTK, in)
		if v.AcceptedOn != "2026-03-20" || v.ReceiptDueOn != "2026-04-20" || v.Status != letter.StatusAccepted {
			t.Errorf("accepted: %+v", v)
		}
		apptest.Expect(t, w.e.Do("POST", path, w.csTK, in), 409)
		// The receipt cannot come back before the member was taken in.
		res := w.e.Do("POST", letter.API+"/receipt", w.csTK, letter.ReceiptInput{ID: l.ID, ReceivedOn: "2026-03-19"})
		apptest.Expect(t, res, 400)
	})
	t.Run("介绍信第三联 one month after the member was taken in", func(t *testing.T) {
		if ids := overdue("2026-04-19"); len(ids) != 0 {
			t.Errorf("the day before the month: %v", ids)
		}
		if ids := overdue("2026-04-20"); len(ids) != 0 {
			t.Errorf("exactly 1 month: %v", ids)
		}
		if ids := overdue("2026-04-21"); len(ids) != 1 || ids[0] != l.ID {
			t.Errorf("1 month + 1 day: %v (received %d must not be)", ids, got.ID)
		}
	})
	other := w.issue(t, 603, letter.ReachCity) // issued 2026-03-20: valid until 2026-04-19
	exp, err := w.svc.Expiring(t.Context(), date.MustParse("2026-04-18"))
	if err != nil || len(exp) != 0 {
		t.Errorf("expiring by 04-18: %+v %v", exp, err)
	}
	exp, err = w.svc.Expiring(t.Context(), date.MustParse("2026-04-19"))
	if err != nil || len(exp) != 1 || exp[0].RecordID != other.ID || exp[0].OrgID != w.branch || exp[0].DueOn != "2026-04-19" {
		t.Errorf("expiring by 04-19 (the letter taken in is not): %+v %v", exp, err)
	}
}

// Two clerks reissuing one expired letter at once: one new letter, the
// other refused; the transfer keeps exactly one live letter.
func TestRule3_ConcurrentReissueLeavesOneLiveLetter(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	l := w.issue(t, 701, letter.ReachCity)
	w.at(t, "2026-04-01")
	codes := apptest.Concurrently(4, func(int) int {
		return w.e.Do("POST", fmt.Sprintf("%s/%d/reissue", letter.API, l.ID), w.csTK, nil).Status
	})
	apptest.ExpectOneWins(t, codes, 200, 400, 409)
	var live, all int
	if err := w.e.DB.NewSelect().Table("zzgx_letter").ColumnExpr("COUNT(*)").Where("transfer_id = 701").Where("voided_on IS NULL").
		Scan(t.Context(), &live); err != nil {
		t.Fatal(err)
	}
	if err := w.e.DB.NewSelect().Table("zzgx_letter").ColumnExpr("COUNT(*)").Where("transfer_id = 701").Scan(t.Context(), &all); err != nil {
		t.Fatal(err)
	}
	if live != 1 || all != 2 {
		t.Errorf("answers %v: %d live of %d letters; want 1 of 2", codes, live, all)
	}
}
