package app

import "zhdj/internal/pschool/question"

// questionTS is the vocabulary and the JSON of the question bank (题库,
// /api/tk): the types and difficulties with their names, the judge keys,
// the limits, the blank marker of a 填空题's stem and the separators of a
// key written as text, and the question as the API shows it.
func questionTS() ([]byte, error) {
	f := newTSFile(header("internal/pschool/question (model.go, check.go)"))
	f.decl("/** A question's type (question.Type…): 0 单选题, 1 多选题, 2 判断题, 3 填空题, 4 简答题. */\nexport type QuestionType = %s", numbers(question.Types))
	f.constant("The types by role.", "QUESTION_TYPE", "Readonly<Record<'single' | 'multiple' | 'judge' | 'fill' | 'short', QuestionType>>", tsObj{{"single", question.TypeSingle}, {"multiple", question.TypeMultiple},
		{"judge", question.TypeJudge}, {"fill", question.TypeFill}, {"short", question.TypeShort}})
	f.constant("The types in the order a paper lists them (question.Types).", "QUESTION_TYPES", "readonly QuestionType[]", question.Types)
	f.constant("The types' names (question.TypeNames).", "QUESTION_TYPE_NAMES", "Record<QuestionType, string>", numbered(question.Types, question.TypeNames))
	levels := []int{}
	for d := question.DifficultyMin; d <= question.DifficultyMax; d++ {
		levels = append(levels, d)
	}
	f.decl("/** A difficulty, %d (易) to %d (难). */\nexport type Difficulty = %s", question.DifficultyMin, question.DifficultyMax, numbers(levels))
	f.constant("The difficulties from the easiest.", "DIFFICULTIES", "readonly Difficulty[]", levels)
	f.constant("The difficulties' names (question.DifficultyNames).", "DIFFICULTY_NAMES", "Record<Difficulty, string>", numbered(levels, question.DifficultyNames))
	f.constant("The keys of a 判断题 (question.JudgeTrue, JudgeFalse).", "JUDGE", "Readonly<Record<'right' | 'wrong', string>>", tsObj{{"right", question.JudgeTrue}, {"wrong", question.JudgeFalse}})
	f.constant("The option keys in order (question.OptionKeys).", "OPTION_KEYS", "readonly string[]", question.OptionKeys)
	f.constant("A question's bounds (question.Max…, Min…).", "QUESTION_LIMITS", "", tsObj{{"minOptions", question.MinOptions},
		{"maxOptions", question.MaxOptions}, {"blanks", question.MaxBlanks}, {"variants", question.MaxVariants},
		{"blank", question.MaxBlankLen}, {"stem", question.MaxStemLen}, {"option", question.MaxOptionLen},
		{"answer", question.MaxAnswerLen}, {"analysis", question.MaxAnalysisLn}, {"tags", question.MaxTags}, {"tag", question.MaxTagLen}})
	f.constant("What marks a blank in a 填空题's stem: a run of at least three underscores (question.BlankMarker).", "BLANK_MARKER", "", question.BlankMarker)
	f.constant("What joins a question's tags (question.TagSeparator).", "TAG_SEPARATOR", "", question.TagSeparator)
	f.constant("The 题库 list's levels (filter level; question.Level…): the caller's banks, those above its scope (read only), both.", "QUESTION_LEVEL",
		"Readonly<Record<'own' | 'above' | 'all', string>>", tsObj{{"own", question.LevelOwn}, {"above", question.LevelAbove}, {"all", question.LevelAll}})
	f.iface("An option of a choice question (question.Option).", "Option", question.Option{}, nil)
	f.iface("A question as the list and the detail show it (question.View). answer is the key: 单选/多选 the letters, 判断 T or F, "+
		"填空 the blanks' accepted variants as JSON (string[][]), 简答 the reference answer.", "Question", question.View{},
		map[string]string{"type": "QuestionType", "difficulty": "Difficulty"})
	return f.bytes()
}
