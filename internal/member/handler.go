package member

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"zhdj/internal/platform/httpx"
)

// pathID reads {id}; anything but a positive integer is a member that does not exist.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, errNoMember()
	}
	return id, nil
}

// wantsUnmask reads unmask=true|false.
func wantsUnmask(r *http.Request) (bool, error) {
	switch r.URL.Query().Get("unmask") {
	case "", "false", "0":
		return false, nil
	case "true", "1":
		return true, nil
	}
	return false, httpx.BadRequest("参数 unmask 应为 true 或 false")
}

func (s *Service) handleDetail(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	unmask, err := wantsUnmask(r)
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
	body, err := io.ReadAll(http.MaxBytesReader(nil, r.Body, httpx.MaxJSONBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return httpx.BadRequest("请求内容过大")
		}
		return httpx.BadRequest("请求数据格式错误")
	}
	if len(body) == 0 {
		return httpx.BadRequest("请求内容不能为空")
	}
	var sent map[string]json.RawMessage
	if err := json.Unmarshal(body, &sent); err != nil {
		return &httpx.Error{Status: http.StatusBadRequest, Message: "请求数据格式错误", Cause: err}
	}
	var id int64
	if raw, ok := sent["id"]; ok {
		json.Unmarshal(raw, &id) //nolint:errcheck // not a number: no id
	}
	if id <= 0 {
		return httpx.BadRequest("缺少党员编号")
	}
	row, err := s.find(r.Context(), s.db, id)
	if err != nil {
		return err
	}
	in := s.inputOf(&row.Member)
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
	if err := json.Unmarshal(body, &in); err != nil {
		return &httpx.Error{Status: http.StatusBadRequest, Message: "请求数据格式错误", Cause: err}
	}
	in.ID = id
	v, err := s.Update(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}

func (s *Service) handleTrail(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r)
	if err != nil {
		return err
	}
	page, err := s.Trail(r, id)
	if err != nil {
		return err
	}
	return httpx.OK(w, page)
}

func (s *Service) handleRestore(w http.ResponseWriter, r *http.Request) error {
	var in RestoreInput
	if err := httpx.Decode(r, &in); err != nil {
		return err
	}
	v, err := s.Restore(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}
