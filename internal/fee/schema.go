package fee

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/fee/standard"
	"zhdj/internal/home"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/seq"
	"zhdj/internal/system"
)

// Permissions of the fee batches and payments (the standards are
// internal/fee/standard's).
const (
	PermList    = "df:list"    // the batches, a month's dues and payments in the scope
	PermBatch   = "df:batch"   // create, start and settle a month's batch
	PermExport  = "df:export"  // a month's dues as xlsx
	PermOnsite  = "df:onsite"  // record an on-site payment for members of the scope (the branch's fee collector)
	PermReverse = "df:reverse" // a reversal entry on a payment
	// PermMine is the party member's home (dy:home, held by the 党员 role and
	// the roles managing party data, whose holders are members too): a
	// member's own dues and online payment (党员首页·我的党费).
	PermMine = home.PermMemberHome
)

// MenuPath is the 党费管理 directory (internal/fee/standard seeds it).
const MenuPath = standard.MenuDir

// Settings (sys_config) of the fee domain, with the regulation's defaults.
const (
	// CfgBackMonths: how many months before the current one a member may
	// pay (补交, RULES §1: normally at most 6).
	CfgBackMonths     = "feeBackPayMonths"
	DefaultBackMonths = 6
	// CfgNotifyMaxAge: how old (seconds) a payment platform's notify may be.
	CfgNotifyMaxAge     = "feeNotifyMaxAgeSeconds"
	DefaultNotifyMaxAge = 300
	// CfgPrepayMonths: how many months after the current one a member may
	// pay ahead (预交, 中组发〔2008〕3号).
	CfgPrepayMonths     = "feePrepayMonths"
	DefaultPrepayMonths = 12
)

// Migrations of the fee batches and payments (versions 2026112840..49,
// 2026112900..09, 2026113031..39, 2026113060..69, 2026120140..49 and 2026120150..59 are ours; they run after the standards'
// 2026112830..39).
func Migrations() []db.Migration {
	return []db.Migration{
		{Version: 2026112840, Name: "fee: batches, dues, payments, order lines, entries", Up: createSchema},
		{Version: 2026112841, Name: "fee: batch, payment and on-site pages, 我的党费, settings", Up: seedMenusAndSettings},
		{Version: 2026112900, Name: "fee: a due's paid amount stored (df_due.paid_fen), the reports' covering index", Up: storePaid},
		{Version: 2026112901, Name: "fee: the unpaid dues indexed by member and month (arrears)", Up: func(ctx context.Context, tx bun.Tx) error {
			// The arrears read only the dues not paid in full: a partial
			// index keeps them apart from the paid majority.
			return db.DDL(ctx, tx, `CREATE INDEX idx_df_due_unpaid ON df_due(member_id, month) WHERE paid_fen < due_fen`)
		}},
		// A probationary member admitted after their branch meeting's month
		// started is charged those months on admission (Service.admitted).
		{Version: 2026113031, Name: "fee: dues charged on a probationary member's admission (df_due.charged_late)", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `ALTER TABLE df_due ADD COLUMN charged_late BOOLEAN NOT NULL DEFAULT FALSE`)
		}},
		{Version: 2026113060, Name: "fee: 自愿多交 (上缴中央), 预交 and 按季度 (中组发〔2008〕3号)", Up: paymentWays},
		{Version: 2026120140, Name: "fee: the reason a past month's batch is created late (df_batch.reason)", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx, `ALTER TABLE df_batch ADD COLUMN reason VARCHAR(200) NOT NULL DEFAULT ''`)
		}},
		// On-site receipts (issue 23): how and when a payment was taken, who
		// recorded it, and the yearly receipt counter. Earlier rows keep ''
		// (未记录): nobody knows how they were paid.
		{Version: 2026120150, Name: "fee: on-site payment method, date, operator and receipt numbers", Up: func(ctx context.Context, tx bun.Tx) error {
			return db.DDL(ctx, tx,
				`ALTER TABLE df_payment ADD COLUMN method VARCHAR(16) NOT NULL DEFAULT ''`,
				`ALTER TABLE df_payment ADD COLUMN paid_on DATE NULL`,
				`ALTER TABLE df_payment ADD COLUMN operator VARCHAR(50) NOT NULL DEFAULT ''`,
				`CREATE TABLE df_receipt_seq (year INTEGER PRIMARY KEY, last BIGINT NOT NULL)`)
		}},
		// The receipt numbers move to the platform's allocator and go on where they stopped.
		{Version: 2026120202, Name: "fee: receipt numbering moves to sys_seq", Up: func(ctx context.Context, tx bun.Tx) error {
			return seq.Adopt(ctx, tx, receiptSeqKey, "df_receipt_seq", "last")
		}},
		arrearsToldMigration,
	}
}

// paymentWays adds the ways of paying of 中组发〔2008〕3号 the module lacked:
// a due's voluntary extras (df_due.extra_fen, kept like paid_fen by its
// entries' inserts), a payment's extra, prepaid part and 上缴中央 flag, and
// the months paid ahead (df_prepay). A member-month is prepaid once while
// its prepayment stands (held or applied). The reports' covering index
// takes extra_fen (实缴 counts it). The prepayment window is a setting.
func paymentWays(ctx context.Context, tx bun.Tx) error {
	if err := db.DDL(ctx, tx,
		`ALTER TABLE df_due ADD COLUMN extra_fen BIGINT NOT NULL DEFAULT 0`,
		`ALTER TABLE df_payment ADD COLUMN extra_fen BIGINT NOT NULL DEFAULT 0`,
		`ALTER TABLE df_payment ADD COLUMN extra_due_id BIGINT NULL REFERENCES df_due(id)`,
		`ALTER TABLE df_payment ADD COLUMN prepay_fen BIGINT NOT NULL DEFAULT 0`,
		`ALTER TABLE df_payment ADD COLUMN to_central BOOLEAN NOT NULL DEFAULT FALSE`,
		`CREATE INDEX idx_df_payment_central ON df_payment(created_at) WHERE to_central`,
		`CREATE TABLE df_prepay (
			id {{pk}},
			payment_id BIGINT NOT NULL REFERENCES df_payment(id),
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id),
			month VARCHAR(7) NOT NULL,
			amount_fen BIGINT NOT NULL,
			left_fen BIGINT NOT NULL,
			refunded_fen BIGINT NOT NULL DEFAULT 0,
			state VARCHAR(16) NOT NULL,
			due_id BIGINT NULL REFERENCES df_due(id),
			entry_id BIGINT NULL REFERENCES df_entry(id),
			reason VARCHAR(200) NOT NULL DEFAULT '',
			operator VARCHAR(50) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL,
			CHECK (left_fen >= 0))`,
		`CREATE UNIQUE INDEX uq_df_prepay_member_month ON df_prepay(member_id, month) WHERE state IN ('held', 'applied')`,
		`CREATE INDEX idx_df_prepay_month ON df_prepay(month, state)`,
		`CREATE INDEX idx_df_prepay_member ON df_prepay(member_id, month)`,
		`CREATE INDEX idx_df_prepay_payment ON df_prepay(payment_id)`,
		`CREATE INDEX idx_df_prepay_entry ON df_prepay(entry_id)`,
		`DROP INDEX idx_df_due_report`,
		`CREATE INDEX idx_df_due_report ON df_due(month, org_path, org_id, member_id, due_fen, paid_fen, extra_fen)`,
	); err != nil {
		return err
	}
	now := time.Now().UTC()
	_, err := tx.NewInsert().Model(&system.Config{Key: CfgPrepayMonths, Value: fmt.Sprint(DefaultPrepayMonths), Name: "党费预交最多月数",
		Group: "fee", Kind: system.KindInt, Remark: "党员可预交当月之后多少个月的党费（中组发〔2008〕3号：党员可以预交、按季度交纳党费）",
		CreatedAt: now, UpdatedAt: now}).Exec(ctx)
	return err
}

// storePaid adds df_due.paid_fen, what the due's entries add up to, kept by
// every entry insert in its transaction (CreditPayment, Reverse), filled
// here from the entries; every figure reads it instead of summing entries.
// The reports' index covers their scan of a period's dues (month, the
// frozen path the lines are read from, the scope's org_id, the member
// counted and the amounts) so it never visits the table; it replaces
// (month, org_path), its prefix.
func storePaid(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx,
		`ALTER TABLE df_due ADD COLUMN paid_fen BIGINT NOT NULL DEFAULT 0`,
		`UPDATE df_due SET paid_fen = COALESCE((SELECT SUM(e.amount_fen) FROM df_entry AS e WHERE e.due_id = df_due.id), 0)
			WHERE EXISTS (SELECT 1 FROM df_entry AS e WHERE e.due_id = df_due.id)`,
		`DROP INDEX idx_df_due_month_path`,
		`CREATE INDEX idx_df_due_report ON df_due(month, org_path, org_id, member_id, due_fen, paid_fen)`,
	)
}

func createSchema(ctx context.Context, tx bun.Tx) error {
	return db.DDL(ctx, tx,
		`CREATE TABLE df_batch (
			id {{pk}},
			month VARCHAR(7) NOT NULL UNIQUE,
			state VARCHAR(16) NOT NULL,
			members INTEGER NOT NULL DEFAULT 0,
			due_fen BIGINT NOT NULL DEFAULT 0,
			remark VARCHAR(200) NOT NULL DEFAULT '',
			created_by VARCHAR(50) NOT NULL DEFAULT '',
			started_at TIMESTAMP NULL,
			settled_at TIMESTAMP NULL,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE TABLE df_due (
			id {{pk}},
			batch_id BIGINT NOT NULL REFERENCES df_batch(id),
			month VARCHAR(7) NOT NULL,
			member_id BIGINT NOT NULL REFERENCES dyjbxx(id),
			member_name VARCHAR(50) NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			org_path VARCHAR(400) NOT NULL,
			committee_id BIGINT NULL REFERENCES dzz(id),
			category VARCHAR(16) NOT NULL DEFAULT '',
			due_fen BIGINT NOT NULL,
			working VARCHAR(200) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL)`,
		// One due per member-month: a batch started twice cannot double it.
		`CREATE UNIQUE INDEX uq_df_due_member_month ON df_due(member_id, month)`,
		// A branch's month list; the roll-ups by 二级党委 and by path.
		`CREATE INDEX idx_df_due_org_month ON df_due(org_id, month, member_name)`,
		`CREATE INDEX idx_df_due_month_committee ON df_due(month, committee_id)`,
		`CREATE INDEX idx_df_due_month_path ON df_due(month, org_path)`,
		`CREATE INDEX idx_df_due_batch ON df_due(batch_id)`,
		`CREATE TABLE df_payment (
			id {{pk}},
			no VARCHAR(40) NOT NULL UNIQUE,
			provider VARCHAR(16) NOT NULL,
			state VARCHAR(16) NOT NULL,
			amount_fen BIGINT NOT NULL,
			org_id BIGINT NOT NULL REFERENCES dzz(id),
			member_id BIGINT NULL REFERENCES dyjbxx(id),
			payer VARCHAR(50) NOT NULL DEFAULT '',
			operator_id BIGINT NULL REFERENCES sys_user(id) ON DELETE SET NULL,
			platform_txn VARCHAR(64) NOT NULL DEFAULT '',
			remark VARCHAR(200) NOT NULL DEFAULT '',
			paid_at TIMESTAMP NULL,
			created_at TIMESTAMP NOT NULL,
			updated_at TIMESTAMP NOT NULL)`,
		`CREATE INDEX idx_df_payment_org ON df_payment(org_id, created_at)`,
		`CREATE INDEX idx_df_payment_member ON df_payment(member_id, created_at)`,
		`CREATE INDEX idx_df_payment_operator ON df_payment(operator_id)`,
		`CREATE TABLE df_order_line (
			id {{pk}},
			payment_id BIGINT NOT NULL REFERENCES df_payment(id),
			due_id BIGINT NOT NULL REFERENCES df_due(id),
			amount_fen BIGINT NOT NULL)`,
		`CREATE UNIQUE INDEX uq_df_order_line ON df_order_line(payment_id, due_id)`,
		`CREATE INDEX idx_df_order_line_due ON df_order_line(due_id)`,
		`CREATE TABLE df_entry (
			id {{pk}},
			due_id BIGINT NOT NULL REFERENCES df_due(id),
			payment_id BIGINT NULL REFERENCES df_payment(id),
			kind VARCHAR(8) NOT NULL,
			gen INTEGER NOT NULL,
			amount_fen BIGINT NOT NULL,
			member_id BIGINT NOT NULL,
			month VARCHAR(7) NOT NULL,
			reverses_id BIGINT NULL REFERENCES df_entry(id),
			reason VARCHAR(200) NOT NULL DEFAULT '',
			operator VARCHAR(50) NOT NULL DEFAULT '',
			created_at TIMESTAMP NOT NULL)`,
		// Exactly one live payment of a member-month: the n-th payment of a
		// due carries gen n-1 = the reversals before it; the n-th reversal
		// gen n-1 too. Insert-only, so concurrent payers collide here.
		`CREATE UNIQUE INDEX uq_df_entry_due_kind_gen ON df_entry(due_id, kind, gen)`,
		`CREATE UNIQUE INDEX uq_df_entry_reverses ON df_entry(reverses_id)`,
		`CREATE INDEX idx_df_entry_member_month ON df_entry(member_id, month)`,
		`CREATE INDEX idx_df_entry_payment ON df_entry(payment_id)`,
		`CREATE INDEX idx_df_entry_month ON df_entry(month)`,
	)
}

// menus are the pages this package adds to 党费管理 (shown here under
// the directory, which the standards' migration seeds). The organisation
// department runs the batches; committees and branch secretaries (the
// branch's fee collector) see their scope's months, record on-site
// payments and export; reversals are the department's and committees'.
func menus() []system.MenuSeed {
	dept, committee, branch := system.RoleOrgDept, system.RoleCommittee, system.RoleBranchSecretary
	all := []string{dept, committee, branch}
	button := func(title, perm string, roles ...string) system.MenuSeed {
		return system.MenuSeed{Title: title, Type: system.MenuButton, Permission: perm, Roles: roles}
	}
	page := func(title, name, path, icon string, buttons ...system.MenuSeed) system.MenuSeed {
		return system.MenuSeed{Title: title, Name: name, Path: path, Component: "dfgl/" + path, Icon: icon,
			Type: system.MenuPage, Roles: all, Children: buttons}
	}
	return []system.MenuSeed{
		{Title: "党费管理", Path: MenuPath, Component: "Layout", Icon: "money-collect", Type: system.MenuDir, Workbench: system.WorkbenchParty, Roles: all,
			Children: []system.MenuSeed{
				page("党费批次管理", "DfBatch", "batch", "calendar",
					button("查询", PermList, all...), button("批次操作", PermBatch, dept), button("导出", PermExport, all...)),
				page("缴费管理", "DfPay", "pay", "profile", button("冲正", PermReverse, dept, committee)),
				page("现场缴费", "DfOnsite", "onsite", "solution", button("现场收缴", PermOnsite, all...)),
			}},
	}
}

func seedMenusAndSettings(ctx context.Context, tx bun.Tx) error {
	m := menus()
	// Each page and button is granted to its own Roles.
	if err := system.AddPages(ctx, tx, MenuPath, m[0].Children); err != nil {
		return err
	}
	now := time.Now().UTC()
	for _, c := range []*system.Config{
		{Key: CfgBackMonths, Value: fmt.Sprint(DefaultBackMonths), Name: "党费补交最多月数", Group: "fee", Kind: system.KindInt,
			Remark: "党员可补交当月之前多少个月的党费（中组发〔2008〕3号：补交一般不超过6个月）", CreatedAt: now, UpdatedAt: now},
		{Key: CfgNotifyMaxAge, Value: fmt.Sprint(DefaultNotifyMaxAge), Name: "支付通知有效秒数", Group: "fee", Kind: system.KindInt,
			Remark: "校园支付平台回调通知的时间戳与服务器时间相差超过此秒数即拒绝", CreatedAt: now, UpdatedAt: now},
	} {
		if _, err := tx.NewInsert().Model(c).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}
