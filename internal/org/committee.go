package org

import (
	"context"
	"strings"

	"github.com/uptrace/bun"
)

// CommitteeSize is how many members organisation id's committee has, as its
// leaders record them (设置书记/委员): the secretary and the committee members,
// each name once (the secretary is usually listed among the committee too).
// 0 when none is recorded. A party committee approving new members decides
// by a vote of these members (集体讨论和表决).
func (s *Service) CommitteeSize(ctx context.Context, idb bun.IDB, id int64) (int, error) {
	var o Org
	if err := idb.NewSelect().Model(&o).Column("secretary_name", "committee").Where("z.id = ?", id).Scan(ctx); err != nil {
		return 0, err
	}
	names := map[string]bool{}
	for _, n := range append([]string{o.SecretaryName}, o.Committee...) {
		if n = strings.TrimSpace(n); n != "" {
			names[n] = true
		}
	}
	return len(names), nil
}
