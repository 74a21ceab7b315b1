package system

import (
	"context"
	"fmt"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/chain"
	"zhdj/internal/platform/db"
)

// PermLogVerify lets a caller check the logs' hash chains (系统管理员).
const PermLogVerify = "log:verify"

// chainColumns are the columns of each log the chain covers, and its own:
// what the verifier and the migration read (named, so a column added to a
// model later is not asked of a database that lacks it yet).
var chainColumns = map[string][]string{
	operChain.Name: {"id", "user_id", "username", "module", "action", "target", "target_name", "method", "path", "query", "body",
		"status", "ip", "user_agent", "duration_ms", "message", "created_at", "chain_seq", "chain_mac", "chain_alg"},
	loginChain.Name: {"id", "username", "ip", "user_agent", "success", "message", "created_at", "chain_seq", "chain_mac", "chain_alg"},
}

// logChainMigration makes the operation and login logs hash chains
// (logchain.go): the chain's columns, the heads, the rows already written
// chained in id order, and the permission to verify.
//
// The existing rows are chained here, in the migration's transaction, with
// the audit key the migration's context carries (app.Migrate puts it there
// beside the field key, as for userPhoneMigration): the chain then holds
// every row from the moment the schema has it, and no instance ever writes
// a new row in front of old ones still waiting for a sealing pass. A
// database with log rows migrated without the key (only a test's template
// database is) is refused rather than left with rows outside the chain.
func logChainMigration() db.Migration {
	return db.Migration{Version: 2026121403, Name: "operation and login logs: hash chains (HMAC-SHA256), log:verify",
		Up: func(ctx context.Context, tx bun.Tx) error {
			var ddl []string
			for _, lg := range logChains {
				ddl = append(ddl,
					`ALTER TABLE `+lg.Name+` ADD COLUMN chain_seq BIGINT NULL`,
					`ALTER TABLE `+lg.Name+` ADD COLUMN chain_mac VARCHAR(64) NOT NULL DEFAULT ''`,
					`ALTER TABLE `+lg.Name+` ADD COLUMN chain_alg VARCHAR(20) NOT NULL DEFAULT ''`,
					`CREATE UNIQUE INDEX uq_`+lg.Name+`_chain ON `+lg.Name+`(chain_seq)`)
			}
			ddl = append(ddl, `CREATE TABLE sys_log_chain (
				log_name VARCHAR(40) PRIMARY KEY,
				seq BIGINT NOT NULL DEFAULT 0,
				mac VARCHAR(64) NOT NULL DEFAULT '',
				sig VARCHAR(64) NOT NULL DEFAULT '',
				anchor_seq BIGINT NOT NULL DEFAULT 0,
				anchor_mac VARCHAR(64) NOT NULL DEFAULT '',
				anchor_sig VARCHAR(64) NOT NULL DEFAULT '',
				purged BIGINT NOT NULL DEFAULT 0)`)
			if err := db.DDL(ctx, tx, ddl...); err != nil {
				return err
			}
			key := chain.KeyFrom(ctx)
			for _, lg := range logChains {
				if _, err := tx.NewInsert().Model(&logHead{Log: lg.Name}).Exec(ctx); err != nil {
					return err
				}
				if err := chainExisting(ctx, tx, key, lg); err != nil {
					return fmt.Errorf("%s: %w", lg.Name, err)
				}
			}
			return AddButtons(ctx, tx, "monitor/log", []MenuSeed{{Title: "校验完整性", Type: MenuButton, Permission: PermLogVerify}}, RoleAdmin)
		}}
}

// logHead is a log's row in sys_log_chain.
type logHead struct {
	bun.BaseModel `bun:"table:sys_log_chain"`
	Log           string `bun:"log_name,pk"`
	Seq           int64  `bun:"seq"`
	Mac           string `bun:"mac"`
	Sig           string `bun:"sig"`
	AnchorSeq     int64  `bun:"anchor_seq"`
	AnchorMac     string `bun:"anchor_mac"`
	AnchorSig     string `bun:"anchor_sig"`
	Purged        int64  `bun:"purged"`
}

// chainPage is how many rows are read at a time when a chain is built or walked.
const chainPage = 500

// chainExisting chains lg's rows in id order, a page at a time, and signs
// the head (an empty log's too, when the key is there).
func chainExisting(ctx context.Context, tx bun.Tx, key *chain.Key, lg chainedLog) error {
	if key == nil {
		n, err := tx.NewSelect().Table(lg.Name).Count(ctx)
		if err != nil || n == 0 {
			return err
		}
		return fmt.Errorf("%d rows to chain and the migration has no audit key", n)
	}
	var seq, after int64
	prev := ""
	for {
		rows, err := chainRows(ctx, tx, lg, func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("id > ?", after).OrderExpr("id")
		})
		if err != nil {
			return err
		}
		for _, row := range rows {
			seq++
			mac, err := linkOf(key, key.Alg(), lg, seq, prev, row)
			if err != nil {
				return err
			}
			if _, err := tx.NewUpdate().Table(lg.Name).Set("chain_seq = ?", seq).Set("chain_mac = ?", mac).
				Set("chain_alg = ?", key.Alg()).Where("id = ?", row.rowID()).Exec(ctx); err != nil {
				return err
			}
			prev, after = mac, row.rowID()
		}
		if len(rows) < chainPage {
			break
		}
	}
	_, err := tx.NewUpdate().Model(&logHead{Log: lg.Name, Seq: seq, Mac: prev, Sig: headSig(key, lg.Name, seq, prev)}).
		Column("seq", "mac", "sig").WherePK().Exec(ctx)
	return err
}

// chainRows reads a page of lg's rows (the columns the chain covers) as
// where orders and bounds them.
func chainRows(ctx context.Context, idb bun.IDB, lg chainedLog, where func(*bun.SelectQuery) *bun.SelectQuery) ([]chainRow, error) {
	switch lg.Name {
	case operChain.Name:
		var rows []*OperLog
		err := where(idb.NewSelect().Model(&rows).Column(chainColumns[lg.Name]...)).Limit(chainPage).Scan(ctx)
		return rowsOf(rows), err
	default:
		var rows []*LoginLog
		err := where(idb.NewSelect().Model(&rows).Column(chainColumns[lg.Name]...)).Limit(chainPage).Scan(ctx)
		return rowsOf(rows), err
	}
}

func rowsOf[T chainRow](rows []T) []chainRow {
	out := make([]chainRow, len(rows))
	for i, r := range rows {
		out[i] = r
	}
	return out
}
