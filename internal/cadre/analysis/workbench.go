package analysis

import (
	"context"
	"slices"

	"zhdj/internal/cadre/alert"
	"zhdj/internal/platform/date"
)

// Workbench is the 干部工作台's figures: the team's key numbers, the due
// reminders by type and the nearest of them, and the charts' dimensions.
type Workbench struct {
	Day        date.Date   `json:"day"`
	Numbers    Numbers     `json:"numbers"`
	DueByType  []TypeCount `json:"dueByType"`
	Due        []alert.Due `json:"due"` // the nearest dues (at most workbenchDue)
	DueTotal   int         `json:"dueTotal"`
	Dimensions []Dimension `json:"dimensions"` // 职级, 年龄, 学历 and 性别
}

// Numbers are the team's key numbers (the caller's cadre scope).
type Numbers struct {
	Total      int     `json:"total"`
	School     int     `json:"school"`
	Division   int     `json:"division"`
	Section    int     `json:"section"`
	Women      int     `json:"women"`
	CPC        int     `json:"cpc"`
	Under40    int     `json:"under40"`
	AverageAge float64 `json:"averageAge"`
}

// TypeCount is how many records of a reminder type are due.
type TypeCount struct {
	Type  int    `json:"type"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

const workbenchDue = 10

// Workbench reads the workbench's figures.
func (s *Service) Workbench(ctx context.Context) (Workbench, error) {
	out := Workbench{Day: s.today(), DueByType: []TypeCount{}, Due: []alert.Due{}}
	st, err := s.Structure(ctx, 0)
	if err != nil {
		return out, err
	}
	out.Numbers.Total, out.Numbers.AverageAge = st.Total, st.AverageAge
	for _, d := range st.Dimensions {
		if slices.Contains([]string{"level", "age", "education", "gender"}, d.Key) {
			out.Dimensions = append(out.Dimensions, d)
		}
	}
	units, err := s.Units(ctx)
	if err != nil {
		return out, err
	}
	for _, u := range units {
		out.Numbers.School += u.School
		out.Numbers.Division += u.Division
		out.Numbers.Section += u.Section
		out.Numbers.Women += u.Women
		out.Numbers.CPC += u.CPC
		out.Numbers.Under40 += u.Under40
	}
	due, err := s.Due(ctx, 0)
	if err != nil {
		return out, err
	}
	counts := map[int]int{}
	for _, d := range due {
		counts[d.Type]++
	}
	for _, t := range alert.Types {
		out.DueByType = append(out.DueByType, TypeCount{Type: t, Name: alert.Names[t], Count: counts[t]})
	}
	out.DueTotal = len(due)
	out.Due = due[:min(len(due), workbenchDue)]
	return out, nil
}
