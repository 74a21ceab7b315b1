package points

import (
	"context"
	"fmt"

	"zhdj/internal/pschool/hours"
)

// Study hears an offline study record approved (学时 credited): the study
// rule's points per whole hour of the record, booked once per record (a
// replayed event is heard already).
func (s *Service) Study(ctx context.Context, e hours.StudyCredited) error {
	rules, err := s.rules(ctx, s.db)
	if err != nil {
		return err
	}
	whole := e.Tenths / 10
	return s.earn(ctx, earning{Source: SourcePSchool, Ref: fmt.Sprintf("offline:%d", e.RecordID), Revision: e.Revision,
		EventKey: fmt.Sprintf("offline:%d@%d", e.RecordID, e.Revision), MemberID: e.MemberID, Year: yearOf(e.StudiedOn),
		Points: whole * pointsOf(rules, RuleStudy), Kind: KindStudy,
		Text: fmt.Sprintf("党校线下学习：%s（%s，%s学时）", e.Title, e.StudiedOn, trimTenths(e.Tenths))})
}

// trimTenths writes tenths of an hour as hours without a trailing .0.
func trimTenths(tenths int) string {
	if tenths%10 == 0 {
		return fmt.Sprint(tenths / 10)
	}
	return fmt.Sprintf("%d.%d", tenths/10, tenths%10)
}
