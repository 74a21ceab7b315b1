package event_test

import (
	"context"
	"errors"
	"testing"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/event"
)

type moved struct{ From, To int64 }

type counted struct{ N int }

type countQuery struct{ ID int64 }

func TestPublishRunsHandlersInOrderAndStopsAtTheFirstError(t *testing.T) {
	t.Parallel()
	b := event.NewBus()
	var got []string
	event.Subscribe(b, func(_ context.Context, _ bun.Tx, e moved) error {
		got = append(got, "a")
		if e.To == 0 {
			return errors.New("refused")
		}
		return nil
	})
	event.Subscribe(b, func(_ context.Context, _ bun.Tx, e moved) error { got = append(got, "b"); return nil })
	event.Subscribe(b, func(_ context.Context, _ bun.Tx, e *counted) error { e.N += 2; return nil })
	if err := b.Publish(context.Background(), bun.Tx{}, moved{1, 2}); err != nil || len(got) != 2 {
		t.Fatalf("%v %v", err, got)
	}
	if err := b.Publish(context.Background(), bun.Tx{}, moved{1, 0}); err == nil || len(got) != 3 {
		t.Fatalf("the refusal: %v %v", err, got)
	}
	// A pointer event carries the handlers' reply; nobody subscribes to the value type.
	c := &counted{}
	if err := b.Publish(context.Background(), bun.Tx{}, c); err != nil || c.N != 2 {
		t.Fatalf("reply %v %d", err, c.N)
	}
	if err := b.Publish(context.Background(), bun.Tx{}, counted{}); err != nil {
		t.Fatal(err)
	}
	var none *event.Bus
	if err := none.Publish(context.Background(), bun.Tx{}, moved{}); err != nil {
		t.Fatal(err)
	}
}

func TestAskRunsTheOneAnswerer(t *testing.T) {
	t.Parallel()
	b := event.NewBus()
	if _, ok, err := event.Ask[int](context.Background(), b, nil, countQuery{1}); ok || err != nil {
		t.Fatalf("nobody answers: %v %v", ok, err)
	}
	event.Answer(b, func(_ context.Context, _ bun.IDB, q countQuery) (int, error) { return int(q.ID) * 10, nil })
	if n, ok, err := event.Ask[int](context.Background(), b, nil, countQuery{4}); !ok || err != nil || n != 40 {
		t.Fatalf("%d %v %v", n, ok, err)
	}
	if _, _, err := event.Ask[string](context.Background(), b, nil, countQuery{4}); err == nil {
		t.Fatal("a mistyped answer passed")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("a second answerer was accepted")
		}
	}()
	event.Answer(b, func(_ context.Context, _ bun.IDB, q countQuery) (int, error) { return 0, nil })
}
