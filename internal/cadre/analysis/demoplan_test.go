package analysis

import (
	"reflect"
	"testing"

	"zhdj/internal/cadre/retire"
	"zhdj/internal/platform/date"
)

func demoUnits() []DemoUnit {
	units := []DemoUnit{{ID: 1, Name: "示范大学", Top: true}}
	for i := range 40 {
		kind := []string{"1", "2", "3"}[i%3]
		units = append(units, DemoUnit{ID: int64(i + 2), Name: []string{"计算机学院", "组织部", "图书馆"}[i%3], Kind: kind})
	}
	return units
}

func TestDemoPlanIsDeterministicAndSized(t *testing.T) {
	t.Parallel()
	today := date.Date("2026-12-01")
	a, b := PlanDemo(7, today, demoUnits()), PlanDemo(7, today, demoUnits())
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed planned two different demos")
	}
	if reflect.DeepEqual(a, PlanDemo(8, today, demoUnits())) {
		t.Fatal("another seed planned the same demo")
	}
	count := map[string]int{}
	for _, c := range a {
		count[c.Status]++
		if c.Name == "" || c.Post == "" || c.UnitID == 0 || len(c.Resume) < 2 || len(c.Family) == 0 || len(c.Assessments) != 3 {
			t.Fatalf("incomplete cadre %+v", c)
		}
	}
	if count[statusSchool] != DemoSchoolLeaders || count[statusDivision] != DemoDivision || count[statusSection] != DemoSection {
		t.Fatalf("ranks %v", count)
	}
}

// Each school leader manages 2–4 departments, each once, one of them a
// college kept in touch with; nobody else manages any.
func TestDemoPlanGivesSchoolLeadersManagedDepts(t *testing.T) {
	t.Parallel()
	kinds := map[int64]string{}
	for _, u := range demoUnits() {
		kinds[u.ID] = u.Kind
	}
	sizes := map[int]int{}
	for _, c := range PlanDemo(7, date.Date("2026-12-01"), demoUnits()) {
		if c.Status != statusSchool {
			if len(c.Managed) != 0 {
				t.Fatalf("%s (%s) manages %+v", c.Name, c.Status, c.Managed)
			}
			continue
		}
		sizes[len(c.Managed)]++
		seen, contact := map[int64]bool{}, 0
		for _, m := range c.Managed {
			if seen[m.UnitID] || m.UnitID == 1 {
				t.Fatalf("%s manages %+v", c.Name, c.Managed)
			}
			seen[m.UnitID] = true
			if m.Kind == "联系" {
				contact++
				if kinds[m.UnitID] != "1" {
					t.Fatalf("%s keeps in touch with a unit that is no college: %+v", c.Name, m)
				}
			} else if m.Kind != "分管" || kinds[m.UnitID] == "1" {
				t.Fatalf("%s manages %+v", c.Name, m)
			}
		}
		if contact != 1 {
			t.Fatalf("%s: %+v", c.Name, c.Managed)
		}
	}
	if len(sizes) != 3 || sizes[2]+sizes[3]+sizes[4] != DemoSchoolLeaders {
		t.Fatalf("school leaders by number of managed departments: %v", sizes)
	}
}

// Every reminder type has a cadre due within its default window.
func TestDemoPlanHasSomethingDueOfEveryType(t *testing.T) {
	t.Parallel()
	today := date.Date("2026-12-01")
	var probation, term, seconded, certificate, ageLimit, retiring int
	for _, c := range PlanDemo(7, today, demoUnits()) {
		if c.ProbationUntil != "" && !c.ProbationUntil.After(today.AddDays(30)) {
			probation++
		}
		if c.Tenure == "1" && !c.PostSince.AddYears(5).After(today.AddDays(90)) {
			term++
		}
		if c.Seconded != nil && !c.Seconded.End.After(today.AddDays(30)) {
			seconded++
		}
		if c.CertificateDue != "" && !c.CertificateDue.After(today) {
			certificate++
		}
		if (c.Level == "3" || c.Level == "4") && !c.BirthOn.AddYears(58).After(today.AddDays(180)) {
			ageLimit++
		}
		if r, _ := retire.Of(c.BirthOn, retire.KindOf(c.Gender == "1", false)); !r.On.After(today.AddDays(180)) {
			retiring++
		}
	}
	if probation == 0 || term == 0 || seconded == 0 || certificate == 0 || ageLimit == 0 || retiring == 0 {
		t.Fatalf("due: probation %d, term %d, 挂职 %d, certificate %d, age limit %d, retiring %d",
			probation, term, seconded, certificate, ageLimit, retiring)
	}
}
