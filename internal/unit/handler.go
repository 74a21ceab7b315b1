package unit

import (
	"context"
	"net/http"

	"zhdj/internal/platform/httpx"
)

// handleUpdate merges the body onto the current unit, so a field left out
// keeps its value (send "" or null to clear one).
func (s *Service) handleUpdate(w http.ResponseWriter, r *http.Request) error {
	in, _, err := httpx.DecodeMerge(r, "缺少单位编号", func(ctx context.Context, id int64) (Input, error) {
		cur, err := s.find(ctx, s.db, id)
		if err != nil {
			return Input{}, err
		}
		return inputOf(cur.Record), nil
	})
	if err != nil {
		return err
	}
	v, err := s.Update(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}
