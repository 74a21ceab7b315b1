package org

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/audit"
	"zhdj/internal/platform/date"
)

// Vacancy is a span an organisation had no secretary: from the day its
// record lost the secretary (or was recorded without one) to the day one was
// set again (To; "" while still vacant). Days are China's.
type Vacancy struct {
	From date.Date
	To   date.Date
}

// SecretaryVacancies reads when each organisation of list (as OfTypes read
// them) had no secretary, from the organisation trail's changes of the
// secretary (书记): the record keeps no date of vacancy, the trail keeps
// when each change was made. An organisation recorded without a secretary
// is vacant from the day it was recorded (or founded, when later): the
// system cannot know of a time before it held the record. The current
// secretary_name is the last word: a trail that disagrees with it (a bulk
// load that wrote no entry) ends or opens the span at the record's last
// update.
func (s *Service) SecretaryVacancies(ctx context.Context, idb bun.IDB, list []Org) (map[int64][]Vacancy, error) {
	ids := make([]int64, len(list))
	for i, o := range list {
		ids[i] = o.ID
	}
	history, err := audit.FieldHistory(ctx, idb, TrailModule, ids, "secretaryName")
	if err != nil {
		return nil, err
	}
	out := map[int64][]Vacancy{}
	for _, o := range list {
		recorded := date.Of(o.CreatedAt.In(date.China))
		if o.FoundedOn.After(recorded) {
			recorded = o.FoundedOn
		}
		changes := history[o.ID]
		var spans []Vacancy
		open := date.Date("")
		if len(changes) == 0 || changes[0].Old == "" {
			open = recorded // recorded without a secretary
		}
		for _, c := range changes {
			day := date.Of(c.At.In(date.China))
			switch {
			case c.New == "" && open == "":
				open = day
			case c.New != "" && open != "":
				if day.After(open) {
					spans = append(spans, Vacancy{From: open, To: day})
				}
				open = ""
			}
		}
		if len(changes) > 0 && changes[len(changes)-1].New == "" && o.SecretaryName != "" && open != "" {
			spans, open = append(spans, Vacancy{From: open, To: date.Of(o.UpdatedAt.In(date.China))}), ""
		}
		if o.SecretaryName == "" && open == "" {
			open = date.Of(o.UpdatedAt.In(date.China))
		}
		if o.SecretaryName != "" && len(changes) == 0 {
			open = "" // set when recorded: never vacant as far as the system knows
		}
		if open != "" {
			spans = append(spans, Vacancy{From: open})
		}
		if len(spans) > 0 {
			out[o.ID] = spans
		}
	}
	return out, nil
}
