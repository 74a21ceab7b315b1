package uniq

import (
	"reflect"
	"testing"
)

func TestOf(t *testing.T) {
	t.Parallel()
	in := []int64{3, 1, 3, 2, 1}
	if got := Of(in); !reflect.DeepEqual(got, []int64{3, 1, 2}) {
		t.Fatalf("Of = %v, want [3 1 2]", got)
	}
	if !reflect.DeepEqual(in, []int64{3, 1, 3, 2, 1}) {
		t.Fatalf("Of changed its input: %v", in)
	}
	if got := Of([]string{"甲", "乙", "甲"}); !reflect.DeepEqual(got, []string{"甲", "乙"}) {
		t.Fatalf("Of = %v", got)
	}
	if got := Of[int64](nil); got == nil || len(got) != 0 {
		t.Fatalf("Of(nil) = %#v, want an empty, non-nil slice (it encodes as [])", got)
	}
	if got := Of([]int64{}); got == nil || len(got) != 0 {
		t.Fatalf("Of(empty) = %#v, want an empty list", got)
	}
}
