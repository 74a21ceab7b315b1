package member

import (
	"context"
	"net/http"

	"zhdj/internal/platform/httpx"
)

// pathID reads {id}; anything but a positive integer is a member that does not exist.
func pathID(r *http.Request) (int64, error) { return httpx.PathID(r, "id", ErrNoMember()) }

func (s *Service) handleDetail(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	unmask, err := httpx.QueryBool(r, "unmask")
	if err != nil {
		return err
	}
	v, err := s.Detail(r.Context(), id, unmask)
	if err != nil {
		return err
	}
	if unmask {
		s.sys.LogAccess(r.Context(), r, "查看党员敏感信息："+v.Name)
	}
	return httpx.OK(w, v)
}

// handleUpdate merges the body onto the current record, so a field left
// out keeps its value (a string sent as null does too; send "" to clear it).
func (s *Service) handleUpdate(w http.ResponseWriter, r *http.Request) error {
	in, sent, err := httpx.DecodeMerge(r, "缺少党员编号", func(ctx context.Context, id int64) (MemberInput, error) {
		row, err := s.find(ctx, s.db, id)
		if err != nil {
			return MemberInput{}, err
		}
		return s.inputOf(&row.Member), nil
	})
	if err != nil {
		return err
	}
	if _, ok := sent["idNumber"]; ok {
		// A new ID number brings its own birth date and gender: the stored
		// ones must not contradict it unless they are sent too.
		if _, ok := sent["birthDate"]; !ok {
			in.BirthDate = ""
		}
		if _, ok := sent["gender"]; !ok {
			in.Gender = ""
		}
	}
	v, err := s.Update(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}
