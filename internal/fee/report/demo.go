package report

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/fee"
	"zhdj/internal/fee/standard"
	"zhdj/internal/member"
	"zhdj/internal/platform/date"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/resource"
)

// The demo's party fees (zhdj seed --demo, after the university): a fee
// base for every member who needs one (在职: salary items; 离退休: the
// pension; students pay the fixed standard), for each year the demo's
// months touch; a year of monthly batches through package fee's own
// create, start (the frozen dues) and settle — the eleven months before
// the current one settled, the current one started —; on-site payments,
// one receipt per branch and month, paying most members' dues. A few
// members stopped paying some months ago (runs of unpaid months from 1 to
// 9: reminders at 3, warnings at 6), a few missed a month here and there,
// and about half have paid the current month so far. Deterministic from
// the seed and the day.

// Batches is what the demo needs of package fee's batches.
type Batches interface {
	CreateBatch(ctx context.Context, in fee.BatchInput) (*fee.Batch, error)
	Start(ctx context.Context, id int64) (*fee.Batch, error)
	Settle(ctx context.Context, id int64) (*fee.Batch, error)
}

// DemoOptions are the demo seed's: the generator's seed and the day the
// data is consistent with (zero: now).
type DemoOptions struct {
	Seed  uint64
	Today time.Time
	// SkipCurrent leaves the current month without a batch (the benchmark
	// times its start).
	SkipCurrent bool
}

// DemoResult counts what SeedDemo wrote.
type DemoResult struct {
	Bases, Months, Dues, Payments, Entries int
	Arrears                                int // members with a run of at least the reminder's months at the end
	Took                                   time.Duration
}

// demoStream is the generator's stream (others use their own).
const demoStream = 14 << 40

// Shares, in per mille of the members.
const (
	demoStoppedPermille = 30  // stopped paying some months ago
	demoMissPermille    = 60  // miss a month now and then
	demoMissMonthPct    = 8   // … each settled month with this chance
	demoPaidNowPct      = 50  // the current month paid so far
	demoRaisePermille   = 50  // a salary change from July of the current year
	demoCurrentYearPct  = 103 // the current year's salaries, in percent of last year's
)

type demoMember struct {
	ID         int64  `bun:"id"`
	PersonType string `bun:"person_type"`
}

// salaryBase is a salaried member's base of the year: gross pay split into
// the included items, an excluded subsidy, and the deductions (insurances,
// housing fund, annuity, tax); base = included − deducted.
func salaryBase(id int64, year, from int, grossFen int64, now time.Time) standard.BaseRow {
	pct := func(p int64) int64 { return grossFen * p / 1000 }
	items := map[string]int64{"postPay": pct(400), "gradePay": pct(250), "basicPerformance": grossFen - pct(400) - pct(250),
		"housingSubsidy": pct(80), "pensionInsurance": pct(80), "medicalInsurance": pct(20), "unemploymentInsurance": pct(5),
		"housingFund": pct(120), "annuity": pct(40), "incomeTax": pct(30)}
	deducted := items["pensionInsurance"] + items["medicalInsurance"] + items["unemploymentInsurance"] + items["housingFund"] +
		items["annuity"] + items["incomeTax"]
	raw, _ := json.Marshal(items)
	return standard.BaseRow{MemberID: id, Year: year, FromMonth: from, Category: standard.CatSalaried, Items: string(raw),
		IncludedFen: grossFen, DeductedFen: deducted, BaseFen: grossFen - deducted, Remark: "演示数据", Base: resource.Base{CreatedAt: now, UpdatedAt: now}}
}

// SeedDemo writes the demo's fee year (see above) through batches.
func (s *Service) SeedDemo(ctx context.Context, batches Batches, opts DemoOptions) (DemoResult, error) {
	started := time.Now()
	var res DemoResult
	today := opts.Today
	if today.IsZero() {
		today = time.Now()
	}
	today = today.In(date.China)
	now := time.Now().UTC()
	r := rand.New(rand.NewPCG(opts.Seed, demoStream))
	cur := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	months := make([]time.Time, 12)
	for i := range months {
		months[i] = cur.AddDate(0, i-11, 0)
	}

	var members []demoMember
	if err := member.Select(s.db).Column("m.id", "m.person_type").Where("m.member_status = ?", member.StatusNormal).
		OrderExpr("m.id").Scan(ctx, &members); err != nil {
		return res, err
	}
	// Each member's profile, drawn in id order: stopped paying at month
	// index stop (12: never), missing months now and then, a raise.
	type profile struct {
		stop  int
		miss  bool
		gross int64
	}
	prof := make(map[int64]profile, len(members))
	var bases []standard.BaseRow
	years := []int{months[0].Year()}
	if cur.Year() != years[0] {
		years = append(years, cur.Year())
	}
	for _, m := range members {
		p := profile{stop: 12}
		if r.IntN(1000) < demoStoppedPermille {
			p.stop = 3 + r.IntN(9) // runs of 1 (stopped this month) to 9 months
		} else if r.IntN(1000) < demoMissPermille {
			p.miss = true
		}
		switch m.PersonType {
		case "2": // students: the fixed standard, no base
		case "3": // retired: the basic pension
			pension := int64(350000 + r.IntN(550000))
			for _, y := range years {
				if y == cur.Year() && len(years) == 2 {
					pension = pension * demoCurrentYearPct / 100
				}
				raw, _ := json.Marshal(map[string]int64{"pension": pension})
				bases = append(bases, standard.BaseRow{MemberID: m.ID, Year: y, FromMonth: 1, Category: standard.CatRetired, Items: string(raw),
					BaseFen: pension, Remark: "演示数据", Base: resource.Base{CreatedAt: now, UpdatedAt: now}})
			}
		default: // salaried: gross pay from 3,500 to 24,000 元
			p.gross = int64(350000 + r.IntN(2050000))
			gross := p.gross
			for _, y := range years {
				if y == cur.Year() && len(years) == 2 {
					gross = gross * demoCurrentYearPct / 100
				}
				bases = append(bases, salaryBase(m.ID, y, 1, gross, now))
			}
			if r.IntN(1000) < demoRaisePermille && cur.Month() >= 7 {
				bases = append(bases, salaryBase(m.ID, cur.Year(), 7, gross*110/100, now))
			}
		}
		prof[m.ID] = p
	}
	for part := range slices.Chunk(bases, 1000) {
		if _, err := s.db.NewInsert().Model(&part).Exec(ctx); err != nil {
			return res, fmt.Errorf("fee bases: %w", err)
		}
	}
	res.Bases = len(bases)

	for i, m := range months {
		if opts.SkipCurrent && i == len(months)-1 {
			break
		}
		month := m.Format("2006-01")
		b, err := batches.CreateBatch(ctx, fee.BatchInput{Month: month, Remark: "演示数据", Reason: "演示数据：补建以前月份"})
		if err != nil {
			return res, fmt.Errorf("batch %s: %w", month, err)
		}
		if b, err = batches.Start(ctx, b.ID); err != nil {
			return res, fmt.Errorf("start %s: %w", month, err)
		}
		res.Months++
		res.Dues += b.Members
		current := i == len(months)-1
		payments, entries, err := s.demoPay(ctx, r, b, m, today, func(member int64) bool {
			p := prof[member]
			switch {
			case i >= p.stop:
				return false
			case current:
				return r.IntN(100) < demoPaidNowPct
			case p.miss:
				return r.IntN(100) >= demoMissMonthPct
			}
			return true
		})
		if err != nil {
			return res, fmt.Errorf("payments %s: %w", month, err)
		}
		res.Payments += payments
		res.Entries += entries
		if !current {
			if _, err := batches.Settle(ctx, b.ID); err != nil {
				return res, fmt.Errorf("settle %s: %w", month, err)
			}
		}
	}
	// The demo's year is history from before points counted fees: its payments
	// earned no 按时交纳党费 (nothing published them), so its ended months are
	// marked told as well, and the daily arrears job deducts nothing for them
	// (as fee's migration marked the real history). A month ending after the
	// seed is told as any other.
	if _, err := s.db.NewUpdate().Table("df_due").Set("arrears_told = ?", true).
		Where("month < ?", date.Of(today).Month().String()).Exec(ctx); err != nil {
		return res, fmt.Errorf("arrears told: %w", err)
	}
	remind, _ := s.thresholds(ctx)
	n, err := s.db.NewSelect().TableExpr("(?) AS a", s.arrears(remind, nil, date.Of(today).Month().String())).Count(ctx)
	if err != nil {
		return res, err
	}
	res.Arrears = int(n)
	res.Took = time.Since(started)
	return res, nil
}

// demoPay pays, per branch, the dues of batch b whose member pays says so,
// as one on-site receipt of the branch's collector dated in the month (not
// after today, the hour included, with its method and date); dues of 0 (免交) need none.
func (s *Service) demoPay(ctx context.Context, r *rand.Rand, b *fee.Batch, month, today time.Time,
	pays func(member int64) bool) (payments, entries int, err error) {
	var dues []fee.Due
	if err := s.db.NewSelect().Model(&dues).Column("id", "member_id", "org_id", "due_fen").Where("batch_id = ?", b.ID).
		OrderExpr("org_id, member_id").Scan(ctx); err != nil {
		return 0, 0, err
	}
	last := month.AddDate(0, 1, -1).Day()
	if month.Year() == today.Year() && month.Month() == today.Month() {
		last = today.Day()
	}
	for start := 0; start < len(dues); {
		end := start
		for end < len(dues) && dues[end].OrgID == dues[start].OrgID {
			end++
		}
		var paying []fee.Due
		var sum int64
		for _, d := range dues[start:end] {
			if d.DueFen > 0 && pays(d.MemberID) {
				paying = append(paying, d)
				sum += d.DueFen
			}
		}
		org := dues[start].OrgID
		start = end
		if len(paying) == 0 {
			continue
		}
		at := time.Date(month.Year(), month.Month(), 1+r.IntN(last), 9+r.IntN(8), r.IntN(60), 0, 0, date.China).UTC()
		if at.After(today) { // drawn later today than the seed runs: paid as it runs
			at = today.UTC()
		}
		p := &fee.Payment{No: fmt.Sprintf("XC%s%08d", month.Format("200601"), org), Provider: fee.ProviderOnsite, State: fee.PayPaid,
			AmountFen: sum, OrgID: org, Payer: "党支部收缴员", Remark: "演示数据", PaidAt: &at, CreatedAt: at, UpdatedAt: at,
			// A branch takes its dues one way (the random source is left alone: the demo stays as it was).
			Method: fee.PayMethods[org%int64(len(fee.PayMethods))].Value, PaidOn: date.Of(at.In(date.China)), Operator: "党支部收缴员"}
		// The receipt, its entries and their credit to the dues' paid_fen
		// in one transaction, as a payment through package fee.
		err := db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
			if _, err := tx.NewInsert().Model(p).Exec(ctx); err != nil {
				return err
			}
			rows := make([]fee.Entry, len(paying))
			for i, d := range paying {
				rows[i] = fee.Entry{DueID: d.ID, PaymentID: &p.ID, Kind: fee.EntryPay, AmountFen: d.DueFen, MemberID: d.MemberID,
					Month: b.Month, Operator: "党支部收缴员", CreatedAt: at}
			}
			for part := range slices.Chunk(rows, 1000) {
				if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
					return err
				}
			}
			return fee.CreditPayment(ctx, tx, p.ID)
		})
		if err != nil {
			return payments, entries, err
		}
		payments++
		entries += len(paying)
	}
	return payments, entries, nil
}
