package app

import (
	"zhdj/internal/stats/check"
)

// statsCheckTS is the JSON of 数据校验 (/api/sjjy) and its kinds and levels.
func statsCheckTS() ([]byte, error) {
	f := newTSFile(header("internal/stats/check (checks.go, summary.go, issues.go)"))
	f.decl("import type { Page } from '../request'")
	kinds := make([]string, len(check.Kinds))
	for i, k := range check.Kinds {
		kinds[i] = k.Kind
	}
	f.union("A kind of problem (check.Kind…).", "CheckKind", kinds)
	f.union("The level of the per-organisation lines (check.Level…).", "CheckLevel", []string{check.LevelBranch, check.LevelCommittee})
	f.iface("A kind of problem with its explanation (check.Kind).", "KindInfo", check.Kind{}, map[string]string{"kind": "CheckKind"})
	f.iface("A kind with the members it was found on (check.KindCount).", "KindCount", check.KindCount{}, nil)
	f.iface("An organisation's completeness (check.OrgLine).", "OrgLine", check.OrgLine{}, nil)
	f.iface("校验汇总 (check.Summary, GET /api/sjjy/summary).", "Summary", check.Summary{}, map[string]string{"orgs": "Page<OrgLine>"})
	f.iface("A kind found on a member, named (check.KindName).", "KindName", check.KindName{}, map[string]string{"kind": "CheckKind"})
	f.iface("A member with problems (check.Issue, GET /api/sjjy/issues).", "Issue", check.Issue{}, nil)
	return f.bytes()
}
