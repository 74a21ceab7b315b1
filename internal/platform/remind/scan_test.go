package remind_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/remind"
)

// Scan keeps the rows due on or before until, drops those due later or on
// no date, and passes the reader's and the rule's errors on.
func TestScanKeepsWhatFallsDueByUntil(t *testing.T) {
	t.Parallel()
	type row struct {
		id int64
		on date.Date
	}
	var asked date.Date
	read := func(_ context.Context, until date.Date) ([]row, error) {
		asked = until
		return []row{{1, "2026-12-01"}, {2, "2026-12-02"}, {3, ""}, {4, "2026-11-30"}}, nil
	}
	due := func(_ context.Context, r row) (remind.Due, error) {
		return remind.Due{RecordID: r.id, DueOn: r.on}, nil
	}
	got, err := remind.Scan(read, due).Due(context.Background(), "2026-12-01")
	if err != nil {
		t.Fatal(err)
	}
	want := []remind.Due{{RecordID: 1, DueOn: "2026-12-01"}, {RecordID: 4, DueOn: "2026-11-30"}}
	if asked != "2026-12-01" || !reflect.DeepEqual(got, want) {
		t.Errorf("read asked until %q, found %+v; want %+v", asked, got, want)
	}
	failing := func(context.Context, row) (remind.Due, error) { return remind.Due{}, errors.New("配置缺失") }
	if _, err := remind.Scan(read, failing).Due(context.Background(), "2026-12-01"); err == nil || err.Error() != "配置缺失" {
		t.Errorf("a rule's error: %v", err)
	}
	unread := func(context.Context, date.Date) ([]row, error) { return nil, errors.New("查询超时") }
	if _, err := remind.Scan(unread, due).Due(context.Background(), "2026-12-01"); err == nil || err.Error() != "查询超时" {
		t.Errorf("a reader's error: %v", err)
	}
}
