package people

import (
	"encoding/json"
	"net/http"

	"zhdj/internal/platform/httpx"
)

func (s *Service) handleStudent(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoStudent())
	if err != nil {
		return err
	}
	unmask, err := httpx.QueryBool(r, "unmask")
	if err != nil {
		return err
	}
	v, err := s.Student(r.Context(), id, unmask)
	if err != nil {
		return err
	}
	if unmask {
		s.sys.LogAccess(r.Context(), r, "查看学生敏感信息："+v.Name)
	}
	return httpx.OK(w, v)
}

func (s *Service) handleTeacher(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoTeacher())
	if err != nil {
		return err
	}
	unmask, err := httpx.QueryBool(r, "unmask")
	if err != nil {
		return err
	}
	v, err := s.Teacher(r.Context(), id, unmask)
	if err != nil {
		return err
	}
	if unmask {
		s.sys.LogAccess(r.Context(), r, "查看教师敏感信息："+v.Name)
	}
	return httpx.OK(w, v)
}

func (s *Service) handleClass(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id", errNoClass())
	if err != nil {
		return err
	}
	v, err := s.ClassDetail(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}

// handleUpdateStudent merges the body onto the current student, so a field
// left out keeps its value.
func (s *Service) handleUpdateStudent(w http.ResponseWriter, r *http.Request) error {
	in, sent, err := httpx.DecodeMerge(r, "缺少学生编号", s.studentInput)
	if err != nil {
		return err
	}
	dropDerived(&in.PersonInput, sent)
	v, err := s.UpdateStudent(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}

func (s *Service) handleUpdateTeacher(w http.ResponseWriter, r *http.Request) error {
	in, sent, err := httpx.DecodeMerge(r, "缺少教师编号", s.teacherInput)
	if err != nil {
		return err
	}
	dropDerived(&in.PersonInput, sent)
	v, err := s.UpdateTeacher(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}

func (s *Service) handleUpdateClass(w http.ResponseWriter, r *http.Request) error {
	in, _, err := httpx.DecodeMerge(r, "缺少班级编号", s.classInput)
	if err != nil {
		return err
	}
	v, err := s.UpdateClass(r.Context(), in)
	if err != nil {
		return err
	}
	return httpx.OK(w, v)
}

// dropDerived: a new ID number brings its own birth date and gender, so
// the stored ones must not contradict it unless they are sent too.
func dropDerived(in *PersonInput, sent map[string]json.RawMessage) {
	if _, ok := sent["idNumber"]; !ok {
		return
	}
	if _, ok := sent["birthDate"]; !ok {
		in.BirthDate = ""
	}
	if _, ok := sent["gender"]; !ok {
		in.Gender = ""
	}
}
