package assess_test

import (
	"fmt"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/cadre"
	"zhdj/internal/cadre/assess"
	"zhdj/internal/system"
)

// linkedCadre is a cadre of unit whose record is linked to a new account.
func (w *world) linkedCadre(t testing.TB, name string, unit int64) (cadreID int64, token string) {
	t.Helper()
	token, userID := w.e.UserWith(system.ScopeSelf, 0)
	cadreID = w.e.Create(t, w.e.AdminTK, "/api/gbjbxx", map[string]any{"name": name, "gender": "1", "birthOn": "1979-01-01", "ethnicity": "01",
		"politicalStatus": "01", "unitId": unit, "post": "副院长", "level": "4", "category": "2", "status": "2",
		"education": "11", "degree": "201", "userId": userID})
	return cadreID, token
}

// A counted round's cadres read their results and appeal once; the
// confirmation waits for the answers; a kept and a changed grade.
func TestAppealsAreAnsweredBeforeTheConfirmation(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e := w.e
	ding, dingTK := w.linkedCadre(t, "丁", w.csUnit)
	wu, wuTK := w.linkedCadre(t, "戊", w.mathUnit)
	id := w.round(t)
	apptest.Expect(t, w.draw(t, id, map[string]any{"groupKey": "lead", "source": "codes", "codes": 1}), 201)
	opened := w.open(t, id)
	rows := w.rows(t, id)
	type x = struct {
		de, ji2 string
		ji1     int
	}
	for _, p := range opened.Codes {
		a := answers{rows[w.bing]: x{"b", "b", 80}, rows[wu]: x{"c", "b", 70}}
		if p.UnitID == w.csUnit {
			a = answers{rows[w.jia]: x{"a", "a", 95}, rows[w.yi]: x{"b", "c", 75}, rows[ding]: x{"b", "b", 82}}
		}
		apptest.Expect(t, w.castCode(t, p.BallotRoundID, p.Codes[0].Code, a), 200)
	}
	// Before the close nothing is shown, and nothing can be appealed.
	if mine := apptest.DoJSON[[]assess.MyResult](t, e, 200, "GET", "/api/gbkh/mine", dingTK, nil); len(mine) != 0 {
		t.Fatalf("results under evaluation: %+v", mine)
	}
	d := w.close(t, id)
	mine := apptest.DoJSON[[]assess.MyResult](t, e, 200, "GET", "/api/gbkh/mine", dingTK, nil)
	if len(mine) != 1 || !mine[0].CanAppeal || mine[0].Score == nil || mine[0].Assessed != 5 || len(mine[0].Groups) != 2 ||
		mine[0].Groups[0].Name != "领导" || mine[0].Groups[1].Score != nil {
		t.Fatalf("丁's results: %+v", mine)
	}
	stranger, _ := e.UserWith(system.ScopeSelf, 0)
	apptest.ExpectMessage(t, e.Do("GET", "/api/gbkh/mine", stranger, nil), 404, "您的账号未关联干部档案，请联系干部管理员")
	appeal := func(tk string, row int64, reason string) *apptest.Response {
		return e.Do("POST", fmt.Sprintf("/api/gbkh/mine/%d/appeal", row), tk, map[string]any{"reason": reason})
	}
	apptest.ExpectField(t, appeal(dingTK, rows[ding], "不服"), "reason", "请写明申诉理由（10到1000个字）")
	apptest.Expect(t, appeal(wuTK, rows[ding], "本人年度工作量统计有误，请复核"), 409) // another cadre's row
	apptest.Expect(t, appeal(dingTK, rows[ding], "本人年度工作量统计有误，请复核测评结果"), 200)
	apptest.Expect(t, appeal(dingTK, rows[ding], "再次申诉，请复核测评结果，谢谢"), 409)
	apptest.Expect(t, appeal(wuTK, rows[wu], "群众测评未能开展，请求复核等次"), 200)

	confirm := func(d assess.RoundDetail) *apptest.Response {
		return e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/confirm", id), e.AdminTK, map[string]any{"updateTime": d.UpdatedAt})
	}
	apptest.ExpectMessage(t, confirm(d), 409, "尚有2条申诉未答复，答复后才能确认结果")
	appeals := apptest.DoJSON[[]assess.Result](t, e, 200, "GET", fmt.Sprintf("/api/gbkh/rounds/%d/appeals", id), e.AdminTK, nil)
	if len(appeals) != 2 || appeals[0].AppealState != assess.AppealPending || appeals[0].AppealReason == "" {
		t.Fatalf("appeals: %+v", appeals)
	}
	answer := func(row int64, body map[string]any) *apptest.Response {
		body["updateTime"] = d.UpdatedAt
		return e.Do("POST", fmt.Sprintf("/api/gbkh/rounds/%d/appeals/%d", id, row), e.AdminTK, body)
	}
	// 5 assessed at 20%: one 优秀 at most, and 甲 (90+) holds it.
	apptest.ExpectField(t, answer(rows[ding], map[string]any{"change": true, "grade": "优秀", "reply": "经复核予以调整"}),
		"grade", "优秀等次不能超过参评人数的20%，即最多1名（调整后为2名）")
	apptest.ExpectField(t, answer(rows[ding], map[string]any{"change": false, "reply": ""}), "reply", "请填写答复意见（不超过1000个字）")
	res := answer(rows[ding], map[string]any{"change": false, "reply": "经复核，工作量统计无误，维持原等次"})
	apptest.Expect(t, res, 200)
	res.JSON(t, &d)
	res = answer(rows[wu], map[string]any{"change": true, "grade": "基本称职", "reply": "群众评价缺项，经党委研究调整"})
	apptest.Expect(t, res, 200)
	res.JSON(t, &d)
	apptest.Expect(t, answer(rows[wu], map[string]any{"change": false, "reply": "再答一次"}), 409)
	mine = apptest.DoJSON[[]assess.MyResult](t, e, 200, "GET", "/api/gbkh/mine", dingTK, nil)
	if mine[0].AppealState != assess.AppealKept || mine[0].AppealReply != "经复核，工作量统计无误，维持原等次" || mine[0].CanAppeal {
		t.Fatalf("丁 reads: %+v", mine[0])
	}
	apptest.Expect(t, confirm(d), 200)
	apptest.Expect(t, appeal(wuTK, rows[wu], "确认之后再申诉，应被拒绝"), 409)
	rec := apptest.DoJSON[[]cadre.Assessment](t, e, 200, "GET", fmt.Sprintf("/api/gbjbxx/%d/khqk", wu), e.AdminTK, nil)
	if len(rec) != 1 || rec[0].Grade != "基本称职" {
		t.Fatalf("戊's record: %+v", rec)
	}
}
