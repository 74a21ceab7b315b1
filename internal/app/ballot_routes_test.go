package app_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"zhdj/internal/apptest"
	"zhdj/internal/platform/ballot"
)

// The voters' routes of the ballot engine: who may read a paper and cast,
// by account and by printed code, and the code routes' rate limit.
func TestBallotVoterRoutes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	ctx := context.Background()
	voterTK, voter := e.UserWith("all", 0)
	outsiderTK, _ := e.UserWith("all", 0)
	paper := ballot.Paper{Title: "支部委员会选举", Questions: []ballot.Question{{Key: "c", Kind: ballot.Single, Title: "书记", Required: true,
		Options: []ballot.Option{{Key: "p1", Label: "张三"}, {Key: "p2", Label: "李四"}}}}}
	o, err := e.App.Ballots.Open(ctx, e.DB, ballot.Spec{Kind: "test", Paper: paper, Voters: []int64{voter}, Codes: 1, Link: "/dzzhjgl/tp"})
	if err != nil {
		t.Fatal(err)
	}
	paperPath, castPath := fmt.Sprintf("/api/ballot/%d", o.RoundID), fmt.Sprintf("/api/ballot/%d/cast", o.RoundID)
	marks := map[string]any{"marks": []ballot.Mark{{Item: "c", Choice: "p1"}}}

	// Signed out: 401 on the account routes.
	apptest.Expect(t, e.Do(http.MethodGet, "/api/ballot/mine", "", nil), http.StatusUnauthorized)
	apptest.Expect(t, e.Do(http.MethodGet, paperPath, "", nil), http.StatusUnauthorized)
	apptest.Expect(t, e.Do(http.MethodPost, castPath, "", marks), http.StatusUnauthorized)
	// Not on the roll: the round does not exist for them.
	apptest.ExpectMessage(t, e.Do(http.MethodGet, paperPath, outsiderTK, nil), http.StatusNotFound, "没有找到需要您参加的投票")
	apptest.Expect(t, e.Do(http.MethodPost, castPath, outsiderTK, marks), http.StatusNotFound)
	if mine := apptest.DoJSON[[]ballot.Mine](t, e, http.StatusOK, http.MethodGet, "/api/ballot/mine", outsiderTK, nil); len(mine) != 0 {
		t.Fatalf("an outsider's rounds %+v", mine)
	}
	// The voter: the round in 我的投票 and 待办, its paper, one ballot.
	mine := apptest.DoJSON[[]ballot.Mine](t, e, http.StatusOK, http.MethodGet, "/api/ballot/mine", voterTK, nil)
	if len(mine) != 1 || mine[0].Voted || mine[0].Link != fmt.Sprintf("/dzzhjgl/tp?round=%d", o.RoundID) {
		t.Fatalf("the voter's rounds %+v", mine)
	}
	view := apptest.DoJSON[ballot.VoterView](t, e, http.StatusOK, http.MethodGet, paperPath, voterTK, nil)
	if view.Voted || len(view.Paper.Questions) != 1 {
		t.Fatalf("paper %+v", view)
	}
	apptest.ExpectField(t, e.Do(http.MethodPost, castPath, voterTK, map[string]any{"marks": []ballot.Mark{}}), "c", "请回答第1题")
	apptest.Expect(t, e.Do(http.MethodPost, castPath, voterTK, marks), http.StatusOK)
	apptest.ExpectMessage(t, e.Do(http.MethodPost, castPath, voterTK, marks), http.StatusConflict, "您已经投过票了，每人只能投一次")
	if view := apptest.DoJSON[ballot.VoterView](t, e, http.StatusOK, http.MethodGet, paperPath, voterTK, nil); !view.Voted {
		t.Fatal("the paper does not say the voter has voted")
	}

	// A printed code, signed out.
	code := o.Codes[0].Code
	req := func(path, c string, withMarks bool) *apptest.Response {
		body := map[string]any{"round": o.RoundID, "code": c}
		if withMarks {
			body["marks"] = marks["marks"]
		}
		return e.Do(http.MethodPost, path, "", body)
	}
	apptest.ExpectField(t, req("/api/ballot/code/paper", "123", false), "code", "请输入10位票码")
	apptest.ExpectMessage(t, req("/api/ballot/code/paper", "2222222222", false), http.StatusNotFound, "票码无效，请核对后重新输入")
	if v := apptest.DoJSON[ballot.VoterView](t, e, http.StatusOK, http.MethodPost, "/api/ballot/code/paper", "", map[string]any{"round": o.RoundID, "code": code}); v.Voted {
		t.Fatalf("an unused code's paper %+v", v)
	}
	apptest.Expect(t, req("/api/ballot/code/cast", code[:5]+"-"+code[5:], true), http.StatusOK)
	apptest.Expect(t, req("/api/ballot/code/cast", code, true), http.StatusConflict)
	// A hall behind one address: its valid codes take no try (a paper read,
	// the reports, a cast for each evaluator), only wrong ones do.
	for i := range 100 {
		if res := req("/api/ballot/code/paper", code, false); res.Status != http.StatusOK {
			t.Fatalf("valid code read %d from the hall's address: %d", i+1, res.Status)
		}
	}
	// Guessing codes from one address stops at the burst.
	limited := 0
	for range 80 {
		if req("/api/ballot/code/paper", "3333333333", false).Status == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited == 0 {
		t.Fatal("80 guesses from one address in a moment were all answered")
	}
}
