package alert

import (
	"context"
	"fmt"
)

// Codes of the cadre record this package reads (dictionaries seeded by the
// system: DJ_COMM_XB, GB_XZJB, GB_RZZT; post kinds of gb_zw.kind).
const (
	GenderMale       = "1" // DJ_COMM_XB 男
	GenderFemale     = "2" // DJ_COMM_XB 女
	TenureProbation  = "2" // GB_RZZT 试用期
	PostKindHeld     = "任职"
	PostKindSeconded = "挂职"
)

// Settings of the rules beyond their windows (system settings, group
// 干部提醒): shown and changed on the 干部提醒 page within their bounds; a
// value missing or out of bounds reads as the default.
const (
	SettingTermYears      = "gb.remind.termYears"
	settingAgeLimitPrefix = "gb.remind.ageLimit."
	SettingGroup          = "干部提醒"
)

// Setting is one of the rules' figures as the page shows it.
type Setting struct {
	Key     string `json:"key"`
	Name    string `json:"name"`
	Value   int    `json:"value"`
	Default int    `json:"default"`
	Min     int    `json:"min"`
	Max     int    `json:"max"`
	// Zero tells that 0 is allowed besides Min–Max (0: the level has no
	// age limit).
	Zero   bool   `json:"zero"`
	Remark string `json:"remark"`
}

// The term: 《党政领导干部职务任期暂行规定》(2006) 第三条: 党政领导职务每个任期为5年 (universities apply it to their 中层 posts by analogy).
const (
	defaultTermYears = 5
	minTermYears     = 1
	maxTermYears     = 10
)

// AgeLimitLevel is a level (GB_XZJB) with an age limit setting.
type AgeLimitLevel struct {
	Level   string
	Label   string
	Default int
}

// AgeLimitLevels are the levels the age-limit rule knows. No national rule
// fixes the age at which a university's 中层 cadre leaves a leadership post:
// universities set it themselves (commonly 58 for 处级; the 厅级 posts of
// a university are managed by the province or the centre, and retire at the
// statutory age, which reminder 5 covers). So the limits are settings, with
// 58 for 正处级 and 副处级 by default and none (0) for the other levels.
var AgeLimitLevels = []AgeLimitLevel{
	{"1", "正厅级", 0}, {"2", "副厅级", 0}, {"3", "正处级", 58}, {"4", "副处级", 58},
	{"5", "正科级", 0}, {"6", "副科级", 0},
}

const (
	minAgeLimit = 45
	maxAgeLimit = 63
)

// AgeLimitKey is the setting key of a level's age limit.
func AgeLimitKey(level string) string { return settingAgeLimitPrefix + level }

// Settings lists the rules' settings with their values.
func (r *Reminders) Settings(ctx context.Context) []Setting {
	out := []Setting{{Key: SettingTermYears, Name: "领导职务任期（年）", Value: r.termYears(ctx), Default: defaultTermYears,
		Min: minTermYears, Max: maxTermYears, Remark: "《党政领导干部职务任期暂行规定》第三条：每个任期为5年"}}
	for _, l := range AgeLimitLevels {
		out = append(out, Setting{Key: AgeLimitKey(l.Level), Name: l.Label + "任职年龄界限（周岁）", Value: r.ageLimit(ctx, l.Level),
			Default: l.Default, Min: minAgeLimit, Max: maxAgeLimit, Zero: true, Remark: "学校自定；0表示不提醒"})
	}
	return out
}

// SettingSeeds are the settings a migration inserts: key, default, name, remark.
func SettingSeeds() [][4]string {
	var out [][4]string
	for _, s := range (&Reminders{setting: func(context.Context, string) string { return "" }}).Settings(context.Background()) {
		out = append(out, [4]string{s.Key, fmt.Sprint(s.Default), s.Name, s.Remark})
	}
	return out
}

// Check tells whether value is allowed for the setting key (the page's
// change); the answer is the setting (false: no such key).
func (r *Reminders) Check(ctx context.Context, key string, value int) (Setting, bool, error) {
	for _, s := range r.Settings(ctx) {
		if s.Key != key {
			continue
		}
		if (s.Zero && value == 0) || (value >= s.Min && value <= s.Max) {
			return s, true, nil
		}
		if s.Zero {
			return s, true, fmt.Errorf("%s应为0（不提醒）或%d到%d之间的整数", s.Name, s.Min, s.Max)
		}
		return s, true, fmt.Errorf("%s应为%d到%d之间的整数", s.Name, s.Min, s.Max)
	}
	return Setting{}, false, nil
}

func (r *Reminders) termYears(ctx context.Context) int {
	n := atoi(r.setting(ctx, SettingTermYears), defaultTermYears)
	if n < minTermYears || n > maxTermYears {
		return defaultTermYears
	}
	return n
}

func (r *Reminders) ageLimit(ctx context.Context, level string) int {
	def := 0
	for _, l := range AgeLimitLevels {
		if l.Level == level {
			def = l.Default
		}
	}
	n := atoi(r.setting(ctx, AgeLimitKey(level)), def)
	if n != 0 && (n < minAgeLimit || n > maxAgeLimit) {
		return def
	}
	return n
}
