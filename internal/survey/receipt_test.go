package survey_test

import (
	"encoding/json"
	"slices"
	"testing"

	"zhdj/internal/orglife"
	"zhdj/internal/platform/ballot"
	"zhdj/internal/survey"
)

// The meeting receipt's paper passes the designer's check, and its keys are
// the receipt body's fields: an answer's marks map onto ReceiptInput.
func TestMeetingReceiptPaper_IsAQuestionnaireOfTheReceiptsFields(t *testing.T) {
	t.Parallel()
	p := survey.MeetingReceiptPaper()
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	marks, err := p.Validate([]ballot.Mark{{Item: "satisfaction", Choice: orglife.Basic}, {Item: "gains", Text: "收获很大"}})
	if err != nil {
		t.Fatal(err)
	}
	body := map[string]string{}
	for _, m := range marks {
		body[m.Item] = m.Choice + m.Text
	}
	raw, _ := json.Marshal(body)
	var in orglife.ReceiptInput
	if err := json.Unmarshal(raw, &in); err != nil || in.Satisfaction != orglife.Basic || in.Gains != "收获很大" {
		t.Fatalf("%s → %+v (%v)", raw, in, err)
	}
	if _, err := p.Validate([]ballot.Mark{{Item: "gains", Text: "x"}}); err == nil {
		t.Error("satisfaction is required")
	}
	keys := []string{}
	for _, q := range p.Questions {
		keys = append(keys, q.Key)
	}
	if !slices.Equal(keys, []string{"satisfaction", "gains", "suggestions"}) {
		t.Errorf("keys %v", keys)
	}
}
