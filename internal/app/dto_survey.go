package app

import (
	"zhdj/internal/platform/ballot"
	"zhdj/internal/survey"
)

// surveyTS is the vocabulary and the JSON of 问卷管理 (/api/wj): share
// types, states and roles with their names, the question kinds of the
// ballot engine's paper, the paper itself and the structs the handlers
// write and decode.
func surveyTS() ([]byte, error) {
	f := newTSFile(header("internal/survey (model.go) and internal/platform/ballot (paper.go)"))
	f.decl("import type { Code, Mark, Paper, QuestionKind } from './ballot'")
	f.constant("The question kinds a questionnaire offers, in the designer's order (survey.Kinds: the engine's but 打分题; their names are ballot.ts's QUESTION_KIND_NAMES).",
		"QUESTION_KINDS", "readonly QuestionKind[]", survey.Kinds)
	f.constant("The paper's bounds (ballot.Max…).", "PAPER_LIMITS", "", tsObj{{"questions", ballot.MaxQuestions}, {"options", ballot.MaxOptions},
		{"key", ballot.MaxKeyLen}, {"label", ballot.MaxLabelLen}, {"text", ballot.MaxTextLen}, {"defaultText", ballot.DefaultMaxLen},
		{"ratingStep", ballot.MaxRatingStep}})
	f.decl("/** Whom a questionnaire is for (SHARE_TYPE, survey.Share…): 1 指定人员, 2 按角色, 3 按党组织. */\nexport type ShareType = %s", numbers(survey.ShareTypes))
	f.constant("The share types by role.", "SHARE", "", tsObj{{"custom", survey.ShareCustom}, {"role", survey.ShareRole}, {"org", survey.ShareOrg}})
	f.constant("The share types' names (survey.ShareTypeNames).", "SHARE_TYPE_NAMES", "Record<ShareType, string>", numbered(survey.ShareTypes, survey.ShareTypeNames))
	f.decl("/** A questionnaire's state (survey.State…): 0 未发布, 1 收集中 (SHARE), 2 已停止 (STOP). */\nexport type State = %s", numbers(survey.States))
	f.constant("The states by role.", "STATE", "", tsObj{{"draft", survey.StateDraft}, {"share", survey.StateShare}, {"stop", survey.StateStop}})
	f.constant("The states' names (survey.StateNames).", "STATE_NAMES", "Record<State, string>", numbered(survey.States, survey.StateNames))
	f.union("A role a ROLE audience picks (survey.AudienceRoles).", "AudienceRole", survey.AudienceRoles)
	f.constant("The audience roles' names.", "AUDIENCE_ROLE_NAMES", "Record<AudienceRole, string>", named(survey.AudienceRoles, survey.AudienceRoleNames))
	f.constant("The questionnaire's bounds.", "LIMITS", "", tsObj{{"targets", survey.MaxTargets}, {"codes", survey.MaxCodes}, {"title", survey.MaxTitle}})
	f.constant("The public page's path, followed by the link's token (survey.PublicPrefix).", "PUBLIC_PREFIX", "", survey.PublicPrefix)
	f.constant("The answer to a wrong, stopped or expired link (survey.MsgBadLink).", "MSG_BAD_LINK", "", survey.MsgBadLink)
	f.constant("The answer to a caller outside the audience (survey.MsgNotAudience).", "MSG_NOT_AUDIENCE", "", survey.MsgNotAudience)
	f.constant("The label of a choice question's write-ins in the results (survey.WriteInLabel).", "WRITE_IN_LABEL", "", survey.WriteInLabel)
	f.constant("The page the meeting receipts' first messages linked, ?id=<meeting> (survey.MeetingReceiptPath).", "MEETING_RECEIPT_PATH", "", survey.MeetingReceiptPath)
	f.constant("The answer when the caller has no receipt of the meeting (survey.MsgNoReceipt).", "MSG_NO_RECEIPT", "", survey.MsgNoReceipt)
	f.iface("A questionnaire as stored (survey.Questionnaire).", "Questionnaire", survey.Questionnaire{},
		map[string]string{"shareType": "ShareType", "state": "State"})
	f.iface("A questionnaire as the list shows it (survey.View).", "View", survey.View{}, nil)
	f.iface("The audience's list (survey.Targets).", "Targets", survey.Targets{}, map[string]string{"roles": "AudienceRole[]"})
	f.iface("A questionnaire with its paper and audience (survey.Detail).", "Detail", survey.Detail{}, map[string]string{"paper": "Paper"})
	f.iface("A questionnaire just published, with its printed codes shown once (survey.Published).", "Published", survey.Published{}, map[string]string{"printedCodes": "Code[]"})
	f.input("The body of POST /api/wj and PUT /api/wj/{id} (survey.Input).", "Input", survey.Input{},
		[]string{"orgId", "paper", "anonymous", "shareType", "targets"}, map[string]string{"shareType": "ShareType", "paper": "Paper"})
	f.input("The body of POST /api/wj/{id}/publish (survey.PublishInput).", "PublishInput", survey.PublishInput{}, nil, nil)
	f.iface("The public page's questionnaire: GET /api/wj/link/{token} (survey.Fill).", "Fill", survey.Fill{}, map[string]string{"paper": "Paper"})
	f.input("The body of POST /api/wj/link/{token} (survey.FillInput).", "FillInput", survey.FillInput{}, []string{"marks"}, map[string]string{"marks": "Mark[]"})
	f.iface("An option's count and share 0..1 (survey.OptionCount).", "OptionCount", survey.OptionCount{}, nil)
	f.iface("A matrix row's counts (survey.MatrixRow).", "MatrixRow", survey.MatrixRow{}, nil)
	f.iface("One question's statistics (survey.QuestionResult).", "QuestionResult", survey.QuestionResult{}, map[string]string{"kind": "QuestionKind"})
	f.iface("A questionnaire's statistics: GET /api/wj/{id}/results (survey.Results).", "Results", survey.Results{}, nil)
	f.iface("A text answer: GET /api/wj/{id}/texts (survey.TextAnswer).", "TextAnswer", survey.TextAnswer{}, nil)
	f.iface("A named answer: GET /api/wj/{id}/answers (survey.AnswerRow).", "AnswerRow", survey.AnswerRow{}, nil)
	f.iface("The caller's receipt of a meeting: GET /api/wj/meeting/{id} (survey.ReceiptLink).", "ReceiptLink", survey.ReceiptLink{}, nil)
	f.iface("A meeting's receipt for its host: GET /api/wj/meeting/{id}/receipt (survey.MeetingReceipt).", "MeetingReceipt", survey.MeetingReceipt{}, nil)
	return f.bytes()
}
