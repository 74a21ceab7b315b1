package points

import (
	"context"
	"fmt"

	"zhdj/internal/pschool/hours"
)

// Study hears study credited: an offline study record approved earns the
// study rule's points per whole hour of the record; a node of the online
// courses completed earns them per whole hour the node completes in the
// member's online 学时 of the year (a node is mostly shorter than an hour:
// two half-hour nodes make one hour). Booked once per record or node (a
// replayed event is heard already).
func (s *Service) Study(ctx context.Context, e hours.StudyCredited) error {
	rules, err := s.rules(ctx, s.db)
	if err != nil {
		return err
	}
	if e.Online {
		whole := e.YearTenths/10 - (e.YearTenths-e.Tenths)/10
		return s.earn(ctx, earning{Source: SourcePSchool, Ref: fmt.Sprintf("online:%d", e.RecordID), Revision: e.Revision,
			EventKey: fmt.Sprintf("online:%d@%d", e.RecordID, e.Revision), MemberID: e.MemberID, Year: yearOf(e.StudiedOn),
			Points: whole * pointsOf(rules, RuleStudy), Kind: KindStudy,
			Text: fmt.Sprintf("党校网上学习：%s（%s，%s学时）", e.Title, e.StudiedOn, trimTenths(e.Tenths))})
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
