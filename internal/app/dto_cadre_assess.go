package app

import (
	"zhdj/internal/cadre/assess"
	"zhdj/internal/system"
)

// cadreAssessTS is 干部考核's vocabulary and API types.
func cadreAssessTS() ([]byte, error) {
	f := newTSFile(header("internal/cadre/assess (model.go, scheme_def.go, analysis.go)"))
	f.constant("The cadre groups a scheme is for.", "CADRE_GROUPS", "readonly string[]", assess.CadreGroups)
	f.union("A round's state (assess.State…).", "State", assess.States)
	f.constant("The states in a round's order.", "STATES", "readonly State[]", assess.States)
	f.constant("The states' names.", "STATE_NAMES", "Record<State, string>", named(assess.States, assess.StateNames))
	f.union("An indicator's judge type (assess.Judge…).", "Judge", assess.JudgeTypes)
	f.constant("The judge types' names, in the form's order.", "JUDGE_NAMES", "Record<Judge, string>", named(assess.JudgeTypes, assess.JudgeNames))
	f.union("A draw's source of evaluators (assess.Source…).", "Source", assess.Sources)
	f.constant("The sources' names, in the form's order.", "SOURCE_NAMES", "Record<Source, string>", named(assess.Sources, assess.SourceNames))
	f.constant("The grades, best first (the cadre record's 年度考核).", "GRADES", "readonly string[]", assess.Grades)
	f.constant("The two level presets of the spec.", "LEVEL_PRESETS", "", assess.LevelPresets)
	f.constant("Limits of a scheme and a round.", "LIMITS", "", tsObj{{"indicators", assess.MaxIndicators}, {"children", assess.MaxChildren},
		{"groups", assess.MaxGroups}, {"levels", assess.MaxLevels}, {"name", assess.MaxName}, {"note", assess.MaxNote},
		{"report", assess.MaxReport}, {"codes", assess.MaxCodes}, {"accounts", assess.MaxAccounts}, {"minScore", assess.MinScore}, {"maxScore", assess.MaxScore}})
	f.iface("A level of a levelType indicator (assess.Level).", "Level", assess.Level{}, nil)
	f.iface("An indicator or sub-indicator (assess.Indicator).", "Indicator", assess.Indicator{}, map[string]string{"judge": "Judge | ''", "children": "Indicator[]"})
	f.iface("An evaluator group (assess.Group).", "Group", assess.Group{}, nil)
	f.iface("The rule on invalid ballots (assess.InvalidRule).", "InvalidRule", assess.InvalidRule{}, nil)
	f.iface("A scheme's definition (assess.Definition).", "Definition", assess.Definition{}, nil)
	f.iface("A scheme as the list shows it (assess.SchemeView).", "Scheme", assess.SchemeView{}, nil)
	f.iface("A scheme with its definition (assess.SchemeDetail).", "SchemeDetail", assess.SchemeDetail{}, nil)
	f.iface("A saved version of a scheme (assess.SchemeVersion).", "SchemeVersion", assess.SchemeVersion{}, nil)
	f.input("A scheme's create and update (assess.SchemeInput).", "SchemeInput", assess.SchemeInput{},
		[]string{"name", "year", "cadreGroup", "definition"}, nil)
	f.input("Next year's scheme from one (assess.CopyInput).", "CopyInput", assess.CopyInput{}, []string{"year", "name"}, nil)
	f.iface("A round as the list shows it (assess.RoundView).", "Round", assess.RoundView{}, map[string]string{"state": "State"})
	f.iface("A role a draw may name, with its holders (system.RoleBrief).", "RoleBrief", system.RoleBrief{}, nil)
	f.iface("A draw of evaluators (assess.DrawView).", "Draw", assess.DrawView{}, map[string]string{"source": "Source"})
	f.iface("A paper: a unit's cadres for one group (assess.PaperView).", "Paper", assess.PaperView{}, nil)
	f.iface("A round with its definition, draws and papers (assess.RoundDetail).", "RoundDetail", assess.RoundDetail{}, nil)
	f.input("A round's create and update (assess.RoundInput).", "RoundInput", assess.RoundInput{}, []string{"name", "year", "schemeId"}, nil)
	f.input("The version a state change was read at (assess.VersionInput).", "VersionInput", assess.VersionInput{}, []string{"updateTime"}, nil)
	f.iface("A cadre of a round (assess.RoundCadreView).", "RoundCadre", assess.RoundCadreView{}, nil)
	f.input("Cadres added to a draft round (assess.CadresInput).", "CadresInput", assess.CadresInput{}, nil, nil)
	f.input("A cadre's 述职报告 (assess.ReportInput).", "ReportInput", assess.ReportInput{}, []string{"text"}, nil)
	f.input("A draw's body (assess.Draw).", "DrawInput", assess.Draw{}, []string{"groupKey", "source"}, map[string]string{"source": "Source"})
	f.iface("A printed one-time code (assess.PaperCode).", "PaperCode", assess.PaperCode{}, nil)
	f.iface("A paper's codes, shown once (assess.OpenedCodes).", "OpenedCodes", assess.OpenedCodes{}, nil)
	f.iface("The answer of open (assess.Opened).", "Opened", assess.Opened{}, nil)
	f.iface("A cadre's result (assess.Result).", "Result", assess.Result{}, nil)
	f.iface("One cadre's adjusted grade (assess.GradeChange).", "GradeChange", assess.GradeChange{}, nil)
	f.input("Grades adjusted, each with its reason (assess.GradeInput).", "GradeInput", assess.GradeInput{}, []string{"updateTime", "grades"}, nil)
	f.iface("An open paper on the caller's roll (assess.MyPaper).", "MyPaper", assess.MyPaper{}, nil)
	f.iface("A cadre's 述职报告 as an evaluator reads it (assess.PaperReport).", "PaperReport", assess.PaperReport{}, nil)
	f.input("A one-time link's round and code (assess.CodeInput).", "CodeInput", assess.CodeInput{}, []string{"round", "code"}, nil)
	f.iface("A cadre's result in one round (assess.CadreRound).", "CadreRound", assess.CadreRound{}, map[string]string{"state": "State"})
	f.iface("A top-level indicator's score against the round's average (assess.IndicatorScore).", "IndicatorScore", assess.IndicatorScore{}, nil)
	f.iface("Scores against averages, with the strengths and weaknesses (assess.Comparison).", "Comparison", assess.Comparison{}, nil)
	f.iface("A cadre's performance over the years (assess.CadreTrend).", "CadreTrend", assess.CadreTrend{}, nil)
	f.iface("How many cadres are under a label (assess.Count).", "Count", assess.Count{}, nil)
	f.iface("How a set of a round's cadres fared (assess.Distribution).", "Distribution", assess.Distribution{}, nil)
	f.iface("One unit's cadres of a round (assess.UnitDistribution).", "UnitDistribution", assess.UnitDistribution{}, nil)
	f.iface("A round's distributions (assess.RoundAnalysis).", "RoundAnalysis", assess.RoundAnalysis{}, map[string]string{"state": "State"})
	return f.bytes()
}
