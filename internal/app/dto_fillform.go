package app

import "zhdj/internal/fillform"

// fillformTS is the web's copy of 填报表单管理/填报信息管理
// (internal/fillform): field kinds, form and entry states, audiences with
// their names, the bounds of the designer, and the JSON of /api/txbd/….
func fillformTS() ([]byte, error) {
	f := newTSFile(header("internal/fillform (model.go, fields.go and the API structs)"))
	f.union("A field's kind (fillform.Kind…).", "FieldKind", fillform.Kinds)
	f.constant("The kinds in the designer's order.", "FIELD_KINDS", "readonly FieldKind[]", fillform.Kinds)
	f.constant("The kinds' names (fillform.KindNames).", "FIELD_KIND_NAMES", "Record<FieldKind, string>", named(fillform.Kinds, fillform.KindNames))
	f.union("A form's state (fillform.Form…): closed also for a published form past its deadline.", "FormState", fillform.FormStates)
	f.constant("The form states in order.", "FORM_STATES", "readonly FormState[]", fillform.FormStates)
	f.constant("The form states' names (fillform.FormStateNames).", "FORM_STATE_NAMES", "Record<FormState, string>", named(fillform.FormStates, fillform.FormStateNames))
	f.union("Who fills a form in (fillform.Audience…).", "Audience", fillform.Audiences)
	f.constant("The audiences in the designer's order.", "AUDIENCES", "readonly Audience[]", fillform.Audiences)
	f.constant("The audiences' names (fillform.AudienceNames).", "AUDIENCE_NAMES", "Record<Audience, string>", named(fillform.Audiences, fillform.AudienceNames))
	f.union("How an audience is chosen (fillform.Mode…).", "Mode", fillform.Modes)
	f.constant("The modes in the designer's order.", "MODES", "readonly Mode[]", fillform.Modes)
	f.constant("The modes' names (fillform.ModeNames).", "MODE_NAMES", "Record<Mode, string>", named(fillform.Modes, fillform.ModeNames))
	f.decl("/** An entry's state (fillform.Entry…): 1 未填报, 2 草稿, 3 已提交, 4 已退回, 5 已通过. */\nexport type EntryState = %s", numbers(fillform.EntryStates))
	f.constant("The entry states by role.", "ENTRY_STATES", "", tsObj{{"empty", fillform.EntryEmpty}, {"draft", fillform.EntryDraft},
		{"submitted", fillform.EntrySubmitted}, {"returned", fillform.EntryReturned}, {"passed", fillform.EntryPassed}})
	f.constant("The entry states' names (fillform.EntryStateNames).", "ENTRY_STATE_NAMES", "Record<EntryState, string>", numbered(fillform.EntryStates, fillform.EntryStateNames))
	f.constant("The bounds of a form (characters, counts).", "LIMITS", "", tsObj{{"title", fillform.MaxTitle},
		{"description", fillform.MaxDescription}, {"comment", fillform.MaxComment}, {"audience", fillform.MaxAudience},
		{"fields", fillform.MaxFields}, {"label", fillform.MaxLabel}, {"help", fillform.MaxHelp}, {"options", fillform.MaxOptions},
		{"option", fillform.MaxOption}, {"text", fillform.MaxText}, {"textarea", fillform.MaxTextarea}, {"defaultText", fillform.DefaultText},
		{"defaultTextarea", fillform.DefaultTextarea}, {"decimals", fillform.MaxDecimals}, {"magnitude", int64(fillform.MaxMagnitude)},
		{"filesPerField", fillform.MaxFilesPerField}})
	f.input("One field of a form (fillform.Field): key given by the server.", "Field", fillform.Field{}, []string{"key", "label", "kind", "required"},
		map[string]string{"kind": "FieldKind"})
	f.iface("A form as stored (fillform.Form).", "Form", fillform.Form{}, map[string]string{"audience": "Audience", "mode": "Mode", "state": "FormState"})
	f.iface("A form as the list shows it (fillform.FormView).", "FormView", fillform.FormView{}, map[string]string{"status": "FormState"})
	f.iface("An organisation or member by name (fillform.Named).", "Named", fillform.Named{}, nil)
	f.iface("A form with its audience named: GET /api/txbd/forms/{id} (fillform.FormDetail).", "FormDetail", fillform.FormDetail{}, nil)
	f.iface("An entry as stored (fillform.Entry).", "Entry", fillform.Entry{},
		map[string]string{"state": "EntryState", "answers": "Record<string, string | string[]>"})
	f.iface("An entry in a list (fillform.EntryView).", "EntryView", fillform.EntryView{}, map[string]string{"formStatus": "FormState", "audience": "Audience"})
	f.iface("An entry with its form's fields (fillform.EntryDetail).", "EntryDetail", fillform.EntryDetail{}, nil)
	f.input("The body of POST /api/txbd/forms and PUT …/{id} (fillform.FormInput).", "FormInput", fillform.FormInput{},
		[]string{"title", "orgId", "deadline", "audience", "mode", "fields"}, map[string]string{"audience": "Audience", "mode": "Mode"})
	f.input("The body of PUT /api/txbd/forms/{id}/deadline (fillform.DeadlineInput).", "DeadlineInput", fillform.DeadlineInput{}, []string{"deadline"}, nil)
	f.input("The body of PUT /api/txbd/my/{id} and POST …/submit (fillform.AnswersInput).", "AnswersInput", fillform.AnswersInput{}, []string{"answers"},
		map[string]string{"answers": "Record<string, string | string[] | number | null>"})
	f.input("The body of POST /api/txbd/entries/{id}/pass and …/return (fillform.ReviewInput).", "ReviewInput", fillform.ReviewInput{}, nil, nil)
	f.input("The body of POST /api/txbd/forms/{id}/remind (fillform.RemindInput).", "RemindInput", fillform.RemindInput{}, nil, nil)
	f.iface("What a reminder did (fillform.RemindResult).", "RemindResult", fillform.RemindResult{}, nil)
	return f.bytes()
}
