package unit

import (
	"context"
	"net/http"

	"zhdj/internal/platform/httpx"
)

// pathID reads {id}; anything but a positive integer is a unit that does not exist.
func pathID(r *http.Request) (int64, error) { return httpx.PathID(r, "id", errNotFound()) }

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

func (s *Service) handleRevoke(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var in RevokeInput
	if r.ContentLength != 0 {
		if err := httpx.Decode(r, &in); err != nil {
			return err
		}
	}
	v, err := s.Revoke(r.Context(), id, in)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}

func (s *Service) handleCreateTeam(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var in TeamInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	t, err := s.CreateTeam(r.Context(), id, in)
	if err != nil {
		return err
	}
	return httpx.Created(w, t)
}

func (s *Service) handleUpdateTeam(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	var in TeamInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	if in.ID <= 0 {
		return httpx.BadRequest("缺少领导班子编号")
	}
	if err := s.UpdateTeam(r.Context(), id, in); err != nil {
		return err
	}
	return httpx.NoContent(w)
}

func (s *Service) handleDeleteTeams(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	ids, err := httpx.IDs(r)
	if err != nil {
		return err
	}
	if err := s.DeleteTeams(r.Context(), id, ids); err != nil {
		return err
	}
	return httpx.NoContent(w)
}
