package app

import "zhdj/internal/platform/ballot"

// ballotTS declares the JSON of the ballot engine (internal/platform/ballot):
// the paper every vote and questionnaire is filled in on, the voter's routes
// (/api/ballot/*) and what a module reads of a round.
func ballotTS() ([]byte, error) {
	f := newTSFile(header("internal/platform/ballot"))
	f.union("A question's kind (ballot.Single…).", "QuestionKind", ballot.Kinds)
	f.constant("The kinds' names (ballot.KindNames), in the designer's order.", "QUESTION_KIND_NAMES",
		"Record<QuestionKind, string>", named(ballot.Kinds, ballot.KindNames))
	f.constant("The choice of a write-in mark (ballot.WriteInChoice): the name is its text.", "WRITE_IN_CHOICE", "", ballot.WriteInChoice)
	f.constant("A text question's length without its own bound (ballot.DefaultMaxLen).", "DEFAULT_MAX_LEN", "", ballot.DefaultMaxLen)
	f.constant("The longest text answer (ballot.MaxTextLen).", "MAX_TEXT_LEN", "", ballot.MaxTextLen)
	f.constant("A score question's highest mark when it sets no range (ballot.DefaultScore; its lowest is then 0).", "DEFAULT_SCORE", "", ballot.DefaultScore)
	f.constant("The highest a score question's range may reach (ballot.MaxScore).", "MAX_SCORE", "", ballot.MaxScore)
	f.constant("A printed code's length (ballot.CodeLen).", "CODE_LEN", "", ballot.CodeLen)
	f.union("A round's state (ballot.Open, Closed).", "RoundState", []string{ballot.Open, ballot.Closed})
	f.constant("The states' names (ballot.StateNames).", "ROUND_STATE_NAMES", "Record<RoundState, string>",
		named([]string{ballot.Open, ballot.Closed}, ballot.StateNames))
	f.iface("An option, or a matrix's row (ballot.Option).", "Option", ballot.Option{}, nil)
	f.iface("Skip logic: asked only after this answer (ballot.Condition).", "Condition", ballot.Condition{}, nil)
	f.iface("A question (ballot.Question).", "Question", ballot.Question{}, map[string]string{"kind": "QuestionKind"})
	f.iface("What a voter fills in (ballot.Paper).", "Paper", ballot.Paper{}, nil)
	f.iface("One answer on a ballot (ballot.Mark): a matrix's or a score's row's item is \"question.row\"; a score is its number in c.", "Mark", ballot.Mark{}, nil)
	f.iface("GET /api/ballot/{id} and POST /api/ballot/code/paper (ballot.VoterView).", "VoterView", ballot.VoterView{},
		map[string]string{"state": "RoundState"})
	f.iface("GET /api/ballot/mine: an open round on the caller's roll (ballot.Mine).", "MineRound", ballot.Mine{}, nil)
	f.iface("A printed one-time code (ballot.Code).", "Code", ballot.Code{}, nil)
	f.iface("A round as a module's list shows it (ballot.Round).", "Round", ballot.Round{}, map[string]string{"state": "RoundState"})
	f.iface("A closed round's count (ballot.Tally): counts[item][choice].", "Tally", ballot.Tally{}, nil)
	f.iface("A text written on the ballots and how many wrote it (ballot.TextCount).", "TextCount", ballot.TextCount{}, nil)
	return f.bytes()
}
