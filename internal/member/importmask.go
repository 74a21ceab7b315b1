package member

import (
	"context"
	"fmt"
	"strings"

	"github.com/uptrace/bun"

	"zhdj/internal/imports"
	"zhdj/internal/platform/crypto"
)

// The roster's export masks ID numbers (110101********4514) unless the
// caller holds dy:unmask and gives a reason, so the file a secretary exports,
// edits and imports again holds masked numbers. A masked number cannot be a
// new member's nor be written, but with the name it still names one member:
// the six leading and four trailing characters and the name of a member in
// the caller's scope. Such a row matches that member and keeps the stored
// number (check keeps a masked value equal to the stored one's mask, as the
// detail form's); anything else is a cell error asking for the full number.

// maskedKey is what a masked row is matched by: the name and the mask.
func maskedKey(name, masked string) string { return name + "\x00" + strings.ToUpper(masked) }

// matchMasked finds, for each row of masked (indexes into rows), the one
// live member of the caller's scope with the row's name whose ID number
// masks to the row's cell; a tie is broken by 学号/工号 when the row has
// one. A row without such a member fails its idNumber cell. Candidates are
// read by name, in chunked IN queries, within the scope.
func (s *Service) matchMasked(ctx context.Context, idb bun.IDB, sc scope, rows []*imports.Row, masked []int) (map[int]*Member, error) {
	names := map[string]bool{}
	for _, i := range masked {
		names[rows[i].Cells["name"]] = true
	}
	list := make([]string, 0, len(names))
	for n := range names {
		list = append(list, n)
	}
	byKey := map[string][]*Member{}
	for start := 0; start < len(list); start += chunkIN {
		var found []*Member
		q := idb.NewSelect().Model(&found).Where("m.name IN (?)", bun.In(list[start:min(start+chunkIN, len(list))]))
		if err := sc.apply(q).Scan(ctx); err != nil {
			return nil, err
		}
		for _, m := range found {
			if id := s.reveal(m.IDNumberEnc, m.ID); id != "" {
				k := maskedKey(m.Name, crypto.MaskIDNumber(id))
				byKey[k] = append(byKey[k], m)
			}
		}
	}
	out := map[int]*Member{}
	for _, i := range masked {
		r := rows[i]
		name, cell := r.Cells["name"], r.Cells["idNumber"]
		cands := byKey[maskedKey(name, cell)]
		if no := r.Cells["staffOrStudentNo"]; len(cands) > 1 && no != "" {
			var same []*Member
			for _, m := range cands {
				if m.StaffOrStudentNo == no {
					same = append(same, m)
				}
			}
			cands = same
		}
		switch len(cands) {
		case 1:
			out[i] = cands[0]
		case 0:
			r.Fail("idNumber", fmt.Sprintf("身份证号码是导出时隐藏了中间位的号码，只能匹配您管理范围内的已有党员；"+
				"找不到姓名为「%s」、身份证号码为 %s 的党员。新党员请填写完整的身份证号码", name, strings.ToUpper(cell)))
		default:
			r.Fail("idNumber", fmt.Sprintf("有 %d 名姓名为「%s」、身份证号码为 %s 的党员，无法区分，请填写完整的身份证号码",
				len(cands), name, strings.ToUpper(cell)))
		}
	}
	return out, nil
}
