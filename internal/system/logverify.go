package system

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/chain"
	"zhdj/internal/platform/httpx"
)

// ChainReport is what VerifyLogs found of one log's chain.
type ChainReport struct {
	Log   string `json:"log"`   // the table: sys_oper_log, sys_login_log
	Title string `json:"title"` // 操作日志, 登录日志
	// Rows is how many rows were verified, from position First to Last.
	Rows  int64 `json:"rows"`
	First int64 `json:"first"`
	Last  int64 `json:"last"`
	// Purged is how many rows the retention purge has cut off the front.
	Purged int64 `json:"purged"`
	// Head is the start of the last row's chain value: written down now, it
	// lets a later check tell a database put back to an earlier state.
	Head  string      `json:"head"`
	OK    bool        `json:"ok"`
	Break *ChainBreak `json:"break,omitempty"`
}

// ChainBreak is the first place a chain does not verify.
type ChainBreak struct {
	// ID and Time name the row (0 and nil when no row can be named: the
	// head itself, or rows missing at the end).
	ID     int64      `json:"id"`
	Seq    int64      `json:"seq"`
	Time   *time.Time `json:"time,omitempty"`
	Reason string     `json:"reason"`
}

// VerifyLogs walks the operation log's and the login log's chains from
// their anchors to their heads, a page at a time, and reports each: how
// many rows verified and the first break. The error is for a failure to
// read, not for a break.
func (s *Service) VerifyLogs(ctx context.Context) ([]ChainReport, error) {
	key := s.opts.AuditKey
	if key == nil {
		return nil, errors.New("no audit key")
	}
	return VerifyLogChains(ctx, s.db, key)
}

// VerifyLogChains is VerifyLogs on database idb with key, without a
// service (the command zhdj audit verify).
func VerifyLogChains(ctx context.Context, idb bun.IDB, key *chain.Key) ([]ChainReport, error) {
	var out []ChainReport
	for _, lg := range logChains {
		r, err := verifyChain(ctx, idb, key, lg)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", lg.Name, err)
		}
		out = append(out, r)
	}
	return out, nil
}

// verifyRetries is how often a walk starts again because a purge moved the
// anchor under it (the rows it was about to read are gone, rightly).
const verifyRetries = 3

func verifyChain(ctx context.Context, idb bun.IDB, key *chain.Key, lg chainedLog) (ChainReport, error) {
	for try := 0; ; try++ {
		r, anchor, err := walkChain(ctx, idb, key, lg)
		if err != nil || r.OK || try == verifyRetries {
			return r, err
		}
		var now int64
		if err := idb.NewSelect().Table("sys_log_chain").Column("anchor_seq").Where("log_name = ?", lg.Name).Scan(ctx, &now); err != nil {
			return r, err
		}
		if now == anchor {
			return r, nil
		}
	}
}

// walkChain is one walk of lg's chain; it returns the anchor it started from.
func walkChain(ctx context.Context, idb bun.IDB, key *chain.Key, lg chainedLog) (ChainReport, int64, error) {
	r := ChainReport{Log: lg.Name, Title: lg.Title}
	var h logHead
	if err := idb.NewSelect().Model(&h).Where("log_name = ?", lg.Name).Scan(ctx); errors.Is(err, sql.ErrNoRows) {
		return r.broken(ChainBreak{Reason: "链头记录缺失（sys_log_chain）"}), 0, nil
	} else if err != nil {
		return r, 0, err
	}
	r.Purged, r.First = h.Purged, h.AnchorSeq+1
	if (h.Seq > 0 || h.Sig != "") && !key.Check(h.Sig, signed("head", lg.Name, h.Seq, h.Mac)) {
		return r.broken(ChainBreak{Seq: h.Seq, Reason: "链头被改动（签名不符）"}), h.AnchorSeq, nil
	}
	if h.AnchorSeq > 0 || h.AnchorSig != "" {
		if !key.Check(h.AnchorSig, signed("anchor", lg.Name, h.AnchorSeq, h.AnchorMac)) {
			return r.broken(ChainBreak{Seq: h.AnchorSeq, Reason: "保留期清理的起点被改动（签名不符）"}), h.AnchorSeq, nil
		}
	}
	prev, expect := h.AnchorMac, h.AnchorSeq+1
	for expect <= h.Seq {
		rows, err := chainRows(ctx, idb, lg, func(q *bun.SelectQuery) *bun.SelectQuery {
			return q.Where("chain_seq >= ?", expect).Where("chain_seq <= ?", h.Seq).OrderExpr("chain_seq")
		})
		if err != nil {
			return r, h.AnchorSeq, err
		}
		if len(rows) == 0 {
			break
		}
		for _, row := range rows {
			c := row.links()
			if *c.ChainSeq != expect {
				return r.brokenAt(row, fmt.Sprintf("此前的第 %d–%d 条记录缺失（已被删除）", expect, *c.ChainSeq-1)), h.AnchorSeq, nil
			}
			mac, err := linkOf(key, c.ChainAlg, lg, expect, prev, row)
			if errors.Is(err, chain.ErrAlg) {
				return r.brokenAt(row, "记录的校验算法未知："+c.ChainAlg), h.AnchorSeq, nil
			} else if err != nil {
				return r, h.AnchorSeq, err
			}
			if mac != c.ChainMac {
				return r.brokenAt(row, "记录的内容或顺序被改动（哈希链校验值不符）"), h.AnchorSeq, nil
			}
			prev, expect = mac, expect+1
			r.Rows++
		}
	}
	r.Last = expect - 1
	if expect <= h.Seq {
		return r.broken(ChainBreak{Seq: expect, Reason: fmt.Sprintf("最新的第 %d–%d 条记录缺失（已被删除）", expect, h.Seq)}), h.AnchorSeq, nil
	}
	if prev != h.Mac {
		return r.broken(ChainBreak{Seq: h.Seq, Reason: "链头与最后一条记录不符"}), h.AnchorSeq, nil
	}
	r.Head = prev[:min(len(prev), 16)]
	if b, err := strays(ctx, idb, lg, h); err != nil || b != nil {
		if b != nil {
			r = r.broken(*b)
		}
		return r, h.AnchorSeq, err
	}
	r.OK = true
	return r, h.AnchorSeq, nil
}

// strays finds a row outside the chain: one without a position (inserted
// by hand), one at or before the anchor (the purge deleted those), or one
// past the head. A row past the head read here may be a writer's that
// committed since the head was read; it is a stray only if it is past the
// head read after it (a row and its head commit together).
func strays(ctx context.Context, idb bun.IDB, lg chainedLog, h logHead) (*ChainBreak, error) {
	type stray struct {
		ID        int64         `bun:"id"`
		Seq       sql.NullInt64 `bun:"chain_seq"`
		CreatedAt time.Time     `bun:"created_at"`
	}
	find := func(where func(*bun.SelectQuery) *bun.SelectQuery) (*stray, error) {
		var s stray
		err := where(idb.NewSelect().Table(lg.Name).Column("id", "chain_seq", "created_at")).Limit(1).Scan(ctx, &s)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, nil
		}
		return &s, err
	}
	at := func(s *stray, reason string) *ChainBreak {
		t := s.CreatedAt
		return &ChainBreak{ID: s.ID, Seq: s.Seq.Int64, Time: &t, Reason: reason}
	}
	if s, err := find(func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("chain_seq IS NULL").OrderExpr("id") }); s != nil || err != nil {
		if err != nil {
			return nil, err
		}
		return at(s, "记录不在哈希链中（不是由系统写入的）"), nil
	}
	if s, err := find(func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("chain_seq <= ?", h.AnchorSeq).OrderExpr("chain_seq")
	}); s != nil || err != nil {
		if err != nil {
			return nil, err
		}
		return at(s, "记录位于已清理的范围内（伪造或被放回）"), nil
	}
	s, err := find(func(q *bun.SelectQuery) *bun.SelectQuery {
		return q.Where("chain_seq > ?", h.Seq).OrderExpr("chain_seq DESC")
	})
	if s == nil || err != nil {
		return nil, err
	}
	var head int64
	if err := idb.NewSelect().Table("sys_log_chain").Column("seq").Where("log_name = ?", lg.Name).Scan(ctx, &head); err != nil {
		return nil, err
	}
	if s.Seq.Int64 > head {
		return at(s, "记录位于链头之后（伪造）"), nil
	}
	return nil, nil
}

func signed(what, log string, seq int64, mac string) *chain.Encoder {
	var e chain.Encoder
	e.String(what).String(log).Int(seq).String(mac)
	return &e
}

func (r ChainReport) broken(b ChainBreak) ChainReport {
	r.OK, r.Break = false, &b
	return r
}

func (r ChainReport) brokenAt(row chainRow, reason string) ChainReport {
	t := row.at()
	return r.broken(ChainBreak{ID: row.rowID(), Seq: *row.links().ChainSeq, Time: &t, Reason: reason})
}

// handleVerify answers GET /api/logs/verify: both chains' reports.
func (s *Service) handleVerify(w http.ResponseWriter, r *http.Request) error {
	out, err := s.VerifyLogs(r.Context())
	if err != nil {
		return httpx.Internal(err)
	}
	return httpx.OK(w, out)
}
