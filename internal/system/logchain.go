package system

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/chain"
	"zhdj/internal/platform/db"
)

// The operation and login logs are hash chains (issue 33, 等级保护: audit
// records protected from change). Each row keeps chain_seq, its position,
// and chain_mac = HMAC(audit key, previous row's chain_mac ‖ the row's
// fields); sys_log_chain keeps per log the head (the last position and
// value, signed) and the anchor (where the retention purge cut the chain,
// signed). VerifyLogs (logverify.go) walks a chain from its anchor to its
// head.
//
// How several writers keep one chain: the head row is the chain's lock.
// A writer inserts its row (outside the lock), then in the same short
// transaction takes the next position with
//
//	UPDATE sys_log_chain SET seq = seq + 1 WHERE log_name = ? RETURNING seq, mac
//
// which row-locks the head until the commit: a second writer's UPDATE waits
// and then reads the first one's committed position and value (PostgreSQL
// re-reads the row it waited for under READ COMMITTED; SQLite has one
// writer anyway). The writer computes its row's value, stores it with the
// position and moves the head on; the commit releases the lock. So positions
// are handed out one at a time, each from the value committed before it,
// and a chain cannot fork. The lock covers three short statements and the
// commit, not the request: the operation log is written on every mutating
// request. A sealing pass over rows by id was not chosen: an id is taken
// at insert and a row of a lower id may commit after a higher one was
// sealed, which such a pass would have to wait for or skip.

// operChain and loginChain are the two chained logs: the name is both the
// table and the head's key in sys_log_chain.
var (
	operChain  = chainedLog{Name: "sys_oper_log", Title: "操作日志"}
	loginChain = chainedLog{Name: "sys_login_log", Title: "登录日志"}
	logChains  = []chainedLog{operChain, loginChain}
)

type chainedLog struct {
	Name  string
	Title string
}

// chainRow is a row of a chained log.
type chainRow interface {
	links() *Chained
	rowID() int64
	at() time.Time
	// encode writes the fields the chain covers: every column but the chain's own.
	encode(e *chain.Encoder)
}

func (l *OperLog) links() *Chained  { return &l.Chained }
func (l *OperLog) rowID() int64     { return l.ID }
func (l *OperLog) at() time.Time    { return l.CreatedAt }
func (l *LoginLog) links() *Chained { return &l.Chained }
func (l *LoginLog) rowID() int64    { return l.ID }
func (l *LoginLog) at() time.Time   { return l.CreatedAt }

func (l *OperLog) encode(e *chain.Encoder) {
	e.Int(l.ID).OptInt(l.UserID).String(l.Username).String(l.Module).String(l.Action).
		String(l.Target).String(l.TargetName).String(l.Method).String(l.Path).String(l.Query).String(l.Body).
		Int(int64(l.Status)).String(l.IP).String(l.UserAgent).Int(l.DurationMS).String(l.Message).Time(l.CreatedAt)
}

func (l *LoginLog) encode(e *chain.Encoder) {
	e.Int(l.ID).String(l.Username).String(l.IP).String(l.UserAgent).Bool(l.Success).String(l.Message).Time(l.CreatedAt)
}

// linkOf is the chain value of row at position seq after the value prev.
func linkOf(key *chain.Key, alg string, lg chainedLog, seq int64, prev string, row chainRow) (string, error) {
	var e chain.Encoder
	e.String(lg.Name).Int(seq)
	row.encode(&e)
	return key.Link(alg, prev, &e)
}

// headSig signs a log's head: its last position and value. Without the
// key the head cannot be moved back over rows deleted from the end.
func headSig(key *chain.Key, log string, seq int64, mac string) string {
	return key.Sign(signed("head", log, seq, mac))
}

// anchorSig signs the point a purge cut a log at: the last position
// deleted and its value, which the first row kept chains from.
func anchorSig(key *chain.Key, log string, seq int64, mac string) string {
	return key.Sign(signed("anchor", log, seq, mac))
}

// appendLog writes row to lg and chains it (see the comment at the top).
// Logging never fails the caller: an error is logged and dropped. A call
// inside a transaction writes after its commit: joining it would hold the
// head's lock as long as that transaction runs (and a rolled-back action
// leaves no row, as before for the work it did).
func (s *Service) appendLog(ctx context.Context, lg chainedLog, row chainRow) {
	ctx = context.WithoutCancel(ctx)
	if db.AfterCommit(ctx, func(ctx context.Context) error { s.appendLog(ctx, lg, row); return nil }) {
		return
	}
	if err := s.chainRow(ctx, lg, row); err != nil {
		slog.Error("audit log not written", "log", lg.Name, "err", err)
	}
}

func (s *Service) chainRow(ctx context.Context, lg chainedLog, row chainRow) error {
	key := s.opts.AuditKey
	if key == nil { // a service wired without the key (never by internal/app): the row unchained beats none
		_, err := s.db.NewInsert().Model(row).Exec(ctx)
		return err
	}
	alg := s.chainAlg(ctx) // read before the transaction: the settings may be read from the database
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		// RETURNING *: the value is computed over the row as the database
		// keeps it (its id, its time to the microsecond), which is what the
		// verifier will read.
		if _, err := tx.NewInsert().Model(row).Returning("*").Exec(ctx); err != nil {
			return err
		}
		var seq int64
		var prev string
		if err := tx.NewUpdate().Table("sys_log_chain").Set("seq = seq + 1").Where("log_name = ?", lg.Name).
			Returning("seq, mac").Scan(ctx, &seq, &prev); err != nil {
			return fmt.Errorf("chain head: %w", err)
		}
		mac, err := linkOf(key, alg, lg, seq, prev, row)
		if err != nil {
			return err
		}
		if _, err := tx.NewUpdate().Table(lg.Name).Set("chain_seq = ?", seq).Set("chain_mac = ?", mac).
			Set("chain_alg = ?", alg).Where("id = ?", row.rowID()).Exec(ctx); err != nil {
			return err
		}
		*row.links() = Chained{ChainSeq: &seq, ChainMac: mac, ChainAlg: alg}
		_, err = tx.NewUpdate().Table("sys_log_chain").Set("mac = ?", mac).Set("sig = ?", headSig(key, lg.Name, seq, mac)).
			Where("log_name = ?", lg.Name).Exec(ctx)
		return err
	})
}
