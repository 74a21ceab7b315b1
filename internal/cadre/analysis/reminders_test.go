package analysis_test

import (
	"testing"

	"zhdj/internal/cadre/alert"
	"zhdj/internal/platform/date"
)

func expectDue(t *testing.T, w *world, typ int, until date.Date, want ...string) {
	t.Helper()
	if want == nil {
		want = []string{}
	}
	if got := w.due(t, typ, until); !same(got, want) {
		t.Errorf("type %d until %s: %v, want %v", alert.SpecType(typ), until, got, want)
	}
}

// Reminder 5 under 全国人大常委会《关于实施渐进式延迟法定退休年龄的决定》附件1/2: a man
// born 1965-01 retires at 60y1m in 2025-02, one born 1965-02 in 2025-03, a
// woman cadre born 1970-01 at 55y1m in 2025-02; nobody retires in 2025-01.
// A cadre no longer serving (离任) is not reminded.
func TestRetirementReminderFollowsTheGradualRetirementDecision(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.cadre(t, "甲男", w.csUnit, "birthOn", "1964-12-01")
	w.cadre(t, "乙男", w.csUnit, "birthOn", "1965-01-01")
	w.cadre(t, "丙男", w.mathUnit, "birthOn", "1965-02-01")
	w.cadre(t, "丁女", w.mathUnit, "birthOn", "1970-01-01", "gender", "2")
	w.cadre(t, "戊女", w.mathUnit, "birthOn", "1970-02-01", "gender", "2")
	w.cadre(t, "己离任", w.csUnit, "birthOn", "1960-01-01", "status", "4")
	expectDue(t, w, alert.TypeRetirement, "2025-01-31", "甲男 2024-12-01")
	expectDue(t, w, alert.TypeRetirement, "2025-02-01", "丁女 2025-02-01", "乙男 2025-02-01", "甲男 2024-12-01")
	expectDue(t, w, alert.TypeRetirement, "2025-02-28", "丁女 2025-02-01", "乙男 2025-02-01", "甲男 2024-12-01")
	expectDue(t, w, alert.TypeRetirement, "2025-03-01", "丁女 2025-02-01", "丙男 2025-03-01", "乙男 2025-02-01", "戊女 2025-03-01", "甲男 2024-12-01")
}

// Reminder 2: a 正处级 cadre reaches the default limit 58 on the first of
// the birth month; the day before is not due; 0 switches a level off; a
// 正科级 cadre has no limit by default.
func TestAgeLimitReminderAtItsEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.cadre(t, "正处", w.csUnit, "birthOn", "1968-12-01", "level", "3")
	w.cadre(t, "副处", w.csUnit, "birthOn", "1968-12-01", "level", "4")
	w.cadre(t, "正科", w.csUnit, "birthOn", "1960-12-01", "level", "5", "status", "3", "category", "4")
	expectDue(t, w, alert.TypeAgeLimit, "2026-11-30")
	expectDue(t, w, alert.TypeAgeLimit, "2026-12-01", "副处 2026-12-01", "正处 2026-12-01")
	apptestExpect(t, w, "PUT", "/api/gb/tx/settings", w.adminTK, map[string]any{"key": alert.AgeLimitKey("4"), "value": 0}, 204)
	expectDue(t, w, alert.TypeAgeLimit, "2026-12-02", "正处 2026-12-01")
}

// Reminder 1 (《党政领导干部职务任期暂行规定》第三条, five years): a post held
// since 2021-12-01 is due on 2026-12-01; an ended post and a 挂职 are not.
func TestTermReminderAtItsEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.cadre(t, "任期满", w.csUnit)
	w.post(t, a, "startOn", "2021-12-01")
	b := w.cadre(t, "已免职", w.csUnit)
	w.post(t, b, "startOn", "2020-01-01", "endOn", "2026-11-30")
	c := w.cadre(t, "挂职", w.csUnit)
	w.post(t, c, "startOn", "2020-01-01", "kind", "挂职", "endOn", "2027-06-30")
	expectDue(t, w, alert.TypeTerm, "2026-11-30")
	expectDue(t, w, alert.TypeTerm, "2026-12-01", "任期满 2026-12-01")
}

// Reminder 3 (RULES.md §5, one-year probation): due on its end; before
// the end whatever the 任职状态, after it only while still 试用期 (the
// 试用期满考核 sets 在任, which closes it).
func TestProbationReminderAtItsEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.cadre(t, "试用中", w.csUnit, "tenureStatus", "2")
	w.post(t, a, "startOn", "2025-12-10", "probationUntil", "2026-12-10")
	b := w.cadre(t, "未标记", w.csUnit, "tenureStatus", "1")
	w.post(t, b, "startOn", "2025-12-11", "probationUntil", "2026-12-11")
	c := w.cadre(t, "逾期未考核", w.csUnit, "tenureStatus", "2")
	w.post(t, c, "startOn", "2025-11-20", "probationUntil", "2026-11-20")
	d := w.cadre(t, "已考核", w.csUnit, "tenureStatus", "1")
	w.post(t, d, "startOn", "2025-11-20", "probationUntil", "2026-11-20")
	expectDue(t, w, alert.TypeProbation, "2026-12-09", "逾期未考核 2026-11-20")
	expectDue(t, w, alert.TypeProbation, "2026-12-10", "试用中 2026-12-10", "逾期未考核 2026-11-20")
	expectDue(t, w, alert.TypeProbation, "2026-12-11", "未标记 2026-12-11", "试用中 2026-12-10", "逾期未考核 2026-11-20")
}

// Reminder 4: a 挂职 post's end; one already ended (before today) is no
// longer held and not reminded.
func TestSecondmentReminderAtItsEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.cadre(t, "挂职中", w.csUnit)
	w.post(t, a, "startOn", "2025-12-10", "kind", "挂职", "endOn", "2026-12-10")
	b := w.cadre(t, "已返回", w.csUnit)
	w.post(t, b, "startOn", "2025-11-01", "kind", "挂职", "endOn", "2026-11-30")
	expectDue(t, w, alert.TypeSecondment, "2026-12-09")
	expectDue(t, w, alert.TypeSecondment, "2026-12-10", "挂职中 2026-12-10")
}

// Reminder 6: a certificate kept by the organisation, out, due back and
// not returned; a returned one is not reminded.
func TestCertificateReminderAtItsEdges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.cadre(t, "未归还", w.csUnit)
	w.certificate(t, a, "dueBackOn", "2026-12-05")
	b := w.cadre(t, "已归还", w.csUnit)
	w.certificate(t, b, "dueBackOn", "2026-11-20", "returnedOn", "2026-11-25")
	expectDue(t, w, alert.TypeCertificate, "2026-12-04")
	expectDue(t, w, alert.TypeCertificate, "2026-12-05", "未归还 2026-12-05")
}

func apptestExpect(t *testing.T, w *world, method, path, token string, body any, want int) {
	t.Helper()
	if res := w.e.Do(method, path, token, body); res.Status != want {
		t.Fatalf("%s %s: %d, want %d: %s", method, path, res.Status, want, res.Body)
	}
}
