package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/chain"
	"zhdj/internal/platform/db"
)

// purgeChain deletes lg's rows written before before, keeping the chain
// verifiable from the first row kept: it deletes the chain's leading rows
// up to a cut and records the cut's position and value as the log's anchor
// (signed), which the first row kept chains from. The cut is the last
// position whose rows, it and all before it, are old: a row written a
// moment earlier than one before it in the chain (two writers, two clocks)
// waits for the next day's purge rather than leaving a hole. Rows outside
// the chain (inserted by hand; the verifier names them while they exist)
// go by their date alone.
//
// One transaction: the delete and the anchor are seen together. Writers
// are held only from the anchor's UPDATE to the commit (they lock the same
// head row); the delete itself takes no lock they wait for.
func (s *Service) purgeChain(ctx context.Context, lg chainedLog, before time.Time) error {
	key := s.opts.AuditKey
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		var last sql.NullInt64
		if err := tx.NewSelect().Table(lg.Name).ColumnExpr("MAX(chain_seq)").Where("created_at < ?", before).
			Where("chain_seq IS NOT NULL").Scan(ctx, &last); err != nil {
			return err
		}
		if last.Valid && key != nil {
			cut := last.Int64
			var young sql.NullInt64
			if err := tx.NewSelect().Table(lg.Name).ColumnExpr("MIN(chain_seq)").Where("chain_seq <= ?", cut).
				Where("created_at >= ?", before).Scan(ctx, &young); err != nil {
				return err
			}
			if young.Valid {
				cut = young.Int64 - 1
			}
			if err := cutChain(ctx, tx, key, lg, cut); err != nil {
				return err
			}
		}
		_, err := tx.NewDelete().Table(lg.Name).Where("chain_seq IS NULL").Where("created_at < ?", before).Exec(ctx)
		return err
	})
}

// cutChain deletes lg's rows up to position cut and anchors the chain
// there. A chain whose row at the cut is missing is not cut: the anchor
// would have no value to start from, and the purge would erase the
// evidence; the job fails until someone has looked (zhdj audit verify).
func cutChain(ctx context.Context, tx bun.Tx, key *chain.Key, lg chainedLog, cut int64) error {
	var anchor int64
	if err := tx.NewSelect().Table("sys_log_chain").Column("anchor_seq").Where("log_name = ?", lg.Name).Scan(ctx, &anchor); err != nil {
		return fmt.Errorf("chain head: %w", err)
	}
	if cut <= anchor {
		return nil
	}
	var mac string
	err := tx.NewSelect().Table(lg.Name).Column("chain_mac").Where("chain_seq = ?", cut).Scan(ctx, &mac)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s的第 %d 条记录缺失，哈希链已断开，未清理；请运行 zhdj audit verify 检查", lg.Title, cut)
	} else if err != nil {
		return err
	}
	res, err := tx.NewDelete().Table(lg.Name).Where("chain_seq <= ?", cut).Exec(ctx)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	_, err = tx.NewUpdate().Table("sys_log_chain").Set("anchor_seq = ?", cut).Set("anchor_mac = ?", mac).
		Set("anchor_sig = ?", anchorSig(key, lg.Name, cut, mac)).Set("purged = purged + ?", n).
		Where("log_name = ?", lg.Name).Where("anchor_seq < ?", cut).Exec(ctx)
	return err
}
