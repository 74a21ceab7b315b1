package survey

import (
	"zhdj/internal/orglife"
	"zhdj/internal/platform/ballot"
)

// MeetingReceiptPaper is the meeting receipt (orglife, /questionnaire/meeting)
// as a paper of this designer: the public page renders it with the ballot
// paper like any questionnaire, its question keys are ReceiptInput's JSON
// names, its options orglife's satisfactions. The answers are still kept by
// orglife (zzsh_receipt, one per meeting and member, docs/orglife.md).
func MeetingReceiptPaper() ballot.Paper {
	opts := make([]ballot.Option, len(orglife.Satisfactions))
	for i, s := range orglife.Satisfactions {
		opts[i] = ballot.Option{Key: s, Label: orglife.SatisfactionNames[s]}
	}
	return ballot.Paper{Title: "会议回执", Questions: []ballot.Question{
		{Key: "satisfaction", Kind: ballot.Single, Title: "满意度", Required: true, Options: opts},
		{Key: "gains", Kind: ballot.Text, Title: "收获体会", MaxLen: orglife.MaxReceiptText},
		{Key: "suggestions", Kind: ballot.Text, Title: "意见建议", MaxLen: orglife.MaxReceiptText},
	}}
}
