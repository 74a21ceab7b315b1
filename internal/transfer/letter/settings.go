package letter

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/httpx"
)

// Settings are the letters' numbers (RULES §3): the validity by reach, in
// days, and how long the receiving side has to return the receipt.
type Settings struct {
	CityDays      int    `bun:"city_days" json:"cityDays"`           // 30: 市内
	ProvinceDays  int    `bun:"province_days" json:"provinceDays"`   // 60: 省内 (our choice between the two)
	NationDays    int    `bun:"nation_days" json:"nationDays"`       // 90: 省外 / 全国
	ReceiptMonths int    `bun:"receipt_months" json:"receiptMonths"` // 1: the receipt is due this long after issue
	Contact       string `bun:"contact" json:"contact"`              // the issuing office's telephone, printed on the letter
}

// Limits of the settings: a letter is valid at most 3 months (MaxDays days:
// the shortest three months of the calendar are 89 days, and an issue also
// stops at the date three months on, see validUntil), the receipt is due
// within 1 to 3 months.
const (
	MaxDays          = 90
	MaxReceiptMonths = 3
	maxContact       = 200
)

// DefaultSettings are RULES §3's: 30 days in the city, 90 nationwide, 60 in
// the province, the receipt within 1 month.
func DefaultSettings() Settings {
	return Settings{CityDays: 30, ProvinceDays: 60, NationDays: 90, ReceiptMonths: 1}
}

type settingsRow struct {
	bun.BaseModel `bun:"table:zzgx_letter_config"`
	ID            int64 `bun:"id,pk"`
	Settings
	UpdatedAt time.Time `bun:"updated_at"`
}

// Days is the validity of a letter going as far as reach.
func (s Settings) Days(reach string) int {
	switch reach {
	case ReachCity:
		return s.CityDays
	case ReachProvince:
		return s.ProvinceDays
	default:
		return s.NationDays
	}
}

// validUntil is the last day a letter issued on on with days of validity
// is good for: days after the issue, never more than three months after it.
func validUntil(on date.Date, days int) date.Date {
	end := on.AddDays(days)
	if cap := on.AddMonths(3); end.After(cap) {
		return cap
	}
	return end
}

// check refuses a setting out of its range, naming the field.
func (s *Settings) check() error {
	s.Contact = strings.TrimSpace(s.Contact)
	var c httpx.Checks
	days := func(field, label string, v int) {
		switch {
		case v < 1:
			c.Add(httpx.Invalid(field, "%s须为正整数（天）", label))
		case v > MaxDays:
			c.Add(httpx.Invalid(field, "%s不能超过3个月（%d天）", label, MaxDays))
		}
	}
	days("cityDays", "市内介绍信有效期", s.CityDays)
	days("provinceDays", "省内介绍信有效期", s.ProvinceDays)
	days("nationDays", "省外介绍信有效期", s.NationDays)
	if s.ReceiptMonths < 1 || s.ReceiptMonths > MaxReceiptMonths {
		c.Add(httpx.Invalid("receiptMonths", "回执退回期限须在1–%d个月之间", MaxReceiptMonths))
	}
	if utf8.RuneCountInString(s.Contact) > maxContact {
		c.Add(httpx.Invalid("contact", "联系电话不能超过%d个字", maxContact))
	}
	return c.Err()
}

// Settings reads the settings through idb.
func (s *Service) Settings(ctx context.Context, idb bun.IDB) (Settings, error) {
	var row settingsRow
	if err := idb.NewSelect().Model(&row).Where("id = 1").Scan(ctx); err != nil {
		return Settings{}, httpx.Internal(err)
	}
	return row.Settings, nil
}

// SaveSettings checks and stores the settings; letters issued keep their
// validity, the next ones take the new.
func (s *Service) SaveSettings(ctx context.Context, in Settings) (Settings, error) {
	if err := in.check(); err != nil {
		return in, err
	}
	_, err := s.db.NewUpdate().Model(&settingsRow{ID: 1, Settings: in, UpdatedAt: s.now()}).WherePK().
		Column("city_days", "province_days", "nation_days", "receipt_months", "contact", "updated_at").Exec(ctx)
	if err != nil {
		return in, httpx.Internal(err)
	}
	return in, nil
}
