package rbac

import (
	"context"
	"errors"
	"testing"
)

type testKey struct{}

func TestMemoComputesOncePerRequest(t *testing.T) {
	t.Parallel()
	ctx := WithMemo(context.Background())
	calls := 0
	compute := func() (int, error) { calls++; return 42, nil }
	for i := 0; i < 3; i++ {
		v, err := Memo(ctx, testKey{}, compute)
		if err != nil || v != 42 {
			t.Fatalf("Memo = %d, %v", v, err)
		}
	}
	if calls != 1 {
		t.Fatalf("computed %d times, want once", calls)
	}
	Forget(ctx, testKey{})
	if _, err := Memo(ctx, testKey{}, compute); err != nil || calls != 2 {
		t.Fatalf("after Forget: calls %d, err %v", calls, err)
	}
}

func TestMemoWithoutRequestComputesEachTime(t *testing.T) {
	t.Parallel()
	calls := 0
	for i := 0; i < 2; i++ {
		if _, err := Memo(context.Background(), testKey{}, func() (int, error) { calls++; return 1, nil }); err != nil {
			t.Fatal(err)
		}
	}
	if calls != 2 {
		t.Fatalf("computed %d times, want 2 (no memo outside a request)", calls)
	}
}

func TestMemoDoesNotKeepFailures(t *testing.T) {
	t.Parallel()
	ctx := WithMemo(context.Background())
	boom := errors.New("boom")
	if _, err := Memo(ctx, testKey{}, func() (int, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	v, err := Memo(ctx, testKey{}, func() (int, error) { return 7, nil })
	if err != nil || v != 7 {
		t.Fatalf("after a failure Memo = %d, %v; want a fresh computation", v, err)
	}
}

type innerKey struct{}

// A computation may ask the memo for another key (org scope → scope rule).
func TestMemoNestedKeys(t *testing.T) {
	t.Parallel()
	ctx := WithMemo(context.Background())
	v, err := Memo(ctx, testKey{}, func() (int, error) {
		inner, err := Memo(ctx, innerKey{}, func() (int, error) { return 2, nil })
		return inner * 10, err
	})
	if err != nil || v != 20 {
		t.Fatalf("nested Memo = %d, %v", v, err)
	}
	if v, _ := Memo(ctx, innerKey{}, func() (int, error) { return 99, nil }); v != 2 {
		t.Fatalf("inner value not kept: %d", v)
	}
}
