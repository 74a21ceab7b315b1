package report

import (
	"time"

	"zhdj/internal/platform/record"
	kit "zhdj/internal/platform/report"
)

// Query selects a report: the kit's year, month (0: the whole year) and
// organisation (0: the caller's whole scope).
type Query = kit.Query

// The queries of the reports: a period (the year or a month of it), and
// the ledger's year of one organisation.
var (
	periodQuery = kit.Options{Month: true, FirstYear: record.FirstYear} // no dues were kept before it
	ledgerQuery = kit.Options{NeedOrg: true, FirstYear: record.FirstYear}
)

// parser reads the reports' queries against the caller's organisations.
func (s *Service) parser() kit.Parser {
	return kit.Parser{Orgs: s.orgs, Now: func() time.Time { return s.now() }}
}
