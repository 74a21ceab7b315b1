package people

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Personal is a student's or a teacher's registry facts with the ID number
// and phone in clear, for a module that copies them into a record of its
// own which encrypts them again (发展党员 → 党员信息 on 接收预备党员). It is
// never answered to a client, stored or logged as it is.
type Personal struct {
	Number            string // 学号 / 工号
	Name              string
	Gender            string
	Ethnicity         string
	IDNumber          string // clear
	IDNumberIdx       string // the blind index (the member base indexes the same way)
	Phone             string // clear
	BirthDate         date.Date
	UnitDeptID        int64
	Grade             string // students
	EducationLevel    string // students: XS_PYCC
	ClassName         string // students
	ProfessionalTitle string // teachers
	Post              string // teachers
}

// PersonalOf reads student (kind "student") or teacher ("teacher") id
// through idb, in clear (404 when there is none). The caller has checked
// the record it copies them for is in the caller's scope.
func (s *Service) PersonalOf(ctx context.Context, idb bun.IDB, kind string, id int64) (Personal, error) {
	var out Personal
	var p *Person
	var table string // the table a field that cannot be decrypted is logged under
	switch kind {
	case "student":
		st, err := readByID[Student](ctx, idb, studentKind.kind, id)
		if err != nil {
			return out, err
		}
		p, table, out.Number, out.Grade, out.EducationLevel = &st.Person, studentKind.table, st.StudentNo, st.Grade, st.EducationLevel
		if st.ClassID != nil {
			err := idb.NewSelect().Model((*Class)(nil)).Column("name").Where("id = ?", *st.ClassID).Scan(ctx, &out.ClassName)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return out, httpx.Internal(err)
			}
		}
	case "teacher":
		tc, err := readByID[Teacher](ctx, idb, teacherKind.kind, id)
		if err != nil {
			return out, err
		}
		p, table, out.Number, out.ProfessionalTitle, out.Post = &tc.Person, teacherKind.table, tc.StaffNo, tc.ProfessionalTitle, tc.Post
	default:
		return out, httpx.NotFound("人员不存在")
	}
	out.Name, out.Gender, out.Ethnicity, out.BirthDate, out.UnitDeptID = p.Name, p.Gender, p.Ethnicity, p.BirthDate, p.UnitDeptID
	out.IDNumberIdx = p.IDNumberIdx
	out.IDNumber, out.Phone = s.reveal(p.IDNumberEnc, table, id), s.reveal(p.PhoneEnc, table, id)
	return out, nil
}

// readByID reads record id of kind k through idb (k's 404 when there is none).
func readByID[M any](ctx context.Context, idb bun.IDB, k kind, id int64) (*M, error) {
	m := new(M)
	err := idb.NewSelect().Model(m).Where("?.id = ?", bun.Ident(k.alias), id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, k.notFound()
	} else if err != nil {
		return nil, httpx.Internal(err)
	}
	return m, nil
}
