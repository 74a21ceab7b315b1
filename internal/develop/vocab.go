package develop

// What the web reads of this module's vocabulary (zhdj gen writes it to
// web/src/api/generated/develop.ts): exported views of the declarations
// above, so that the web's copy is generated, never typed twice.

// ByNames name who acts at a step (the chains' roles and the config page).
var ByNames = map[string]string{ByBranch: "党支部", ByCommittee: "上级党委", ByDepartment: "组织部"}

// Stages are the stages in the order of a record's life.
var Stages = []string{StageApplicant, StageActivist, StageTarget, StageProbationary, StageFull, StageEnded}

// StepDueDaysMax bounds a step's configured DueDays (0 to this).
const StepDueDaysMax = 3650

// RuleSetting is one number of RuleConfig with its sane range.
type RuleSetting struct {
	Key, Label string
	Min, Max   int
}

// RuleSettings are the numbers of RuleConfig in the order checkConfig reads them.
func RuleSettings() []RuleSetting {
	out := make([]RuleSetting, len(ruleRanges))
	for i, rr := range ruleRanges {
		out[i] = RuleSetting{Key: rr.name, Label: rr.label, Min: rr.min, Max: rr.max}
	}
	return out
}

// AlwaysTracked are the steps no configuration can leave out, in step order.
func AlwaysTracked() []string {
	var out []string
	for _, st := range Steps {
		if alwaysTracked[st.Key] {
			out = append(out, st.Key)
		}
	}
	return out
}

// VoteStep is a step decided by a vote and who votes (ByBranch or ByCommittee).
type VoteStep struct{ Key, By string }

// VoteSteps are the steps decided by a vote, in step order.
func VoteSteps() []VoteStep {
	var out []VoteStep
	for _, st := range Steps {
		if by := voteSteps[st.Key]; by != "" {
			out = append(out, VoteStep{st.Key, by})
		}
	}
	return out
}
