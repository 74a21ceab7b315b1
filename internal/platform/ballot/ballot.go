package ballot

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	mathrand "math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/ratelimit"
)

// Round states.
const (
	Open   = "open"
	Closed = "closed"
)

// StateNames are the states as users read them.
var StateNames = map[string]string{Open: "投票中", Closed: "已结束"}

// MixSize is how many of a round's ballots a cast rewrites on PostgreSQL
// (the new one among them): a new ballot shares its transaction id and its
// place with up to MixSize-1 others — that many unless the round has fewer
// ballots that no concurrent cast is rewriting (see mix).
const MixSize = 32

// MaxVoters bounds a round's roll (accounts and codes together).
const MaxVoters = 50000

// Round is a round of voting (a row of ballot_round).
type Round struct {
	bun.BaseModel `bun:"table:ballot_round,alias:br"`

	ID    int64  `bun:"id,pk,autoincrement" json:"id"`
	Kind  string `bun:"kind" json:"kind"`
	RefID int64  `bun:"ref_id" json:"refId"`
	Title string `bun:"title" json:"title"`
	// Link is the voters' page of the round (its module's, with the round's id).
	Link string `bun:"link" json:"link"`
	// PaperJSON is the paper as stored; Paper decodes it.
	PaperJSON string     `bun:"paper" json:"-"`
	State     string     `bun:"state" json:"state"`
	ClosesAt  *time.Time `bun:"closes_at" json:"closesAt"`
	// Issued is the roll's size, Cast the ballots cast (the turnout). Cast
	// is not kept but derived where rounds are read (castSQL): a counter on
	// the round's row would make every cast of the round write that row, and
	// the casts would queue on it.
	Issued   int        `bun:"issued" json:"issued"`
	Cast     int        `bun:"cast_count,scanonly" json:"cast"`
	ClosedAt *time.Time `bun:"closed_at" json:"closedAt"`
	// Counted tells that the round's count is kept in ballot_count.
	Counted bool `bun:"counted" json:"-"`
	db.Stamps
}

// Paper is the round's paper.
func (r *Round) Paper() (Paper, error) {
	var p Paper
	if err := json.Unmarshal([]byte(r.PaperJSON), &p); err != nil {
		return p, fmt.Errorf("ballot round %d: paper: %w", r.ID, err)
	}
	return p, nil
}

// Over tells whether voting has ended at now: closed, or past its deadline.
func (r *Round) Over(now time.Time) bool {
	return r.State == Closed || (r.ClosesAt != nil && !now.Before(*r.ClosesAt))
}

// voter is a row of the roll.
type voter struct {
	bun.BaseModel `bun:"table:ballot_voter,alias:bv"`

	ID        int64  `bun:"id,pk,autoincrement"`
	RoundID   int64  `bun:"round_id"`
	AccountID *int64 `bun:"account_id"`
	CodeNo    *int   `bun:"code_no"`
	TokenHash string `bun:"token_hash"`
}

type token struct {
	bun.BaseModel `bun:"table:ballot_token"`

	RoundID   int64  `bun:"round_id"`
	TokenHash string `bun:"token_hash"`
}

// stored is a row of ballot_ballot: nothing but the round, a random id and the marks.
type stored struct {
	bun.BaseModel `bun:"table:ballot_ballot,alias:bb"`

	RoundID int64  `bun:"round_id"`
	ID      string `bun:"id"`
	Marks   string `bun:"marks"`
}

// Service is the engine.
type Service struct {
	db      *bun.DB
	now     func() time.Time
	byAddr  *ratelimit.Keyed
	codeTry ratelimit.Rule
}

// SetClock sets the engine's clock (tests).
func (s *Service) SetClock(now func() time.Time) { s.now = now }

// New is the engine over database; now is the clock (nil: the time). The
// printed codes' routes allow an address 120 tries a minute (a burst of 60):
// a hall voting by code behind one network address reads and casts about two
// requests a voter, while guessing one of 31¹⁰ codes at that rate takes
// millions of years.
func New(database *bun.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: database, now: now, byAddr: ratelimit.New(10000), codeTry: ratelimit.Rule{PerMinute: 120, Burst: 60}}
}

// Spec is what a module opens a round with.
type Spec struct {
	Kind  string // the module's name for its rounds ("appraisal", "election", "survey")
	RefID int64  // the module's record the round belongs to
	Paper Paper
	// Voters are the accounts on the roll (each once); Codes is how many
	// printed one-time codes to issue besides.
	Voters []int64
	Codes  int
	// ClosesAt is when voting ends by itself (nil: when the module closes it).
	ClosesAt *time.Time
	// Link is the voters' page of the module; "?round=<id>" is added to it
	// ("/mzpydy" → "/mzpydy?round=12"): the 待投票 list and the messages point there.
	Link string
}

// Opened is a new round: its id and the printed codes, shown once (only
// their hashes are kept).
type Opened struct {
	RoundID int64
	Codes   []Code
}

// Code is a printed one-time code and its number on the sheet.
type Code struct {
	No   int    `json:"no"`
	Code string `json:"code"`
}

// Open starts a round in idb (the module's transaction, so its record and
// the round are written together).
func (s *Service) Open(ctx context.Context, idb bun.IDB, spec Spec) (Opened, error) {
	if err := spec.Paper.Check(); err != nil {
		return Opened{}, err
	}
	if spec.Kind == "" || len(spec.Kind) > 32 {
		return Opened{}, fmt.Errorf("ballot: kind %q", spec.Kind)
	}
	voters := uniq(spec.Voters)
	if spec.Codes < 0 || len(voters)+spec.Codes > MaxVoters {
		return Opened{}, httpx.BadRequest("投票人数应为1到%d人", MaxVoters)
	}
	if len(voters)+spec.Codes == 0 {
		return Opened{}, httpx.BadRequest("没有可以投票的人员")
	}
	paper, err := json.Marshal(spec.Paper)
	if err != nil {
		return Opened{}, err
	}
	now := s.now()
	r := &Round{Kind: spec.Kind, RefID: spec.RefID, Title: spec.Paper.Title, PaperJSON: string(paper), State: Open,
		ClosesAt: spec.ClosesAt, Stamps: db.StampsAt(now)}
	if len(spec.Link) > 150 || !strings.HasPrefix(spec.Link, "/") {
		return Opened{}, fmt.Errorf("ballot: link %q", spec.Link)
	}
	var out Opened
	err = db.InTx(ctx, idb, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(r).Returning("id").Exec(ctx); err != nil {
			return fmt.Errorf("ballot: open round: %w", err)
		}
		out.RoundID = r.ID
		link := spec.Link + "?round=" + strconv.FormatInt(r.ID, 10)
		if _, err := tx.NewUpdate().Model(r).Set("link = ?", link).WherePK().Exec(ctx); err != nil {
			return err
		}
		if err := s.addAccounts(ctx, tx, r.ID, voters); err != nil {
			return err
		}
		codes, err := s.addCodes(ctx, tx, r.ID, spec.Codes)
		out.Codes = codes
		return err
	})
	return out, err
}

func (s *Service) addAccounts(ctx context.Context, tx bun.Tx, roundID int64, accounts []int64) error {
	rows := make([]voter, 0, len(accounts))
	for _, a := range accounts {
		rows = append(rows, voter{RoundID: roundID, AccountID: &a, TokenHash: randomHex(32)})
	}
	return s.addVoters(ctx, tx, roundID, rows)
}

func (s *Service) addCodes(ctx context.Context, tx bun.Tx, roundID int64, n int) ([]Code, error) {
	codes := make([]Code, 0, n)
	rows := make([]voter, 0, n)
	for i := 1; i <= n; i++ {
		no := i
		c := newCode()
		codes = append(codes, Code{No: no, Code: c})
		rows = append(rows, voter{RoundID: roundID, CodeNo: &no, TokenHash: codeHash(roundID, c)})
	}
	return codes, s.addVoters(ctx, tx, roundID, rows)
}

func (s *Service) addVoters(ctx context.Context, tx bun.Tx, roundID int64, rows []voter) error {
	if len(rows) == 0 {
		return nil
	}
	tokens := make([]token, len(rows))
	for i, v := range rows {
		tokens[i] = token{RoundID: roundID, TokenHash: v.TokenHash}
	}
	for part := range slices.Chunk(rows, 500) {
		if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
			return fmt.Errorf("ballot: roll: %w", err)
		}
	}
	for part := range slices.Chunk(tokens, 500) {
		if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
			return fmt.Errorf("ballot: tokens: %w", err)
		}
	}
	res, err := tx.NewUpdate().Model((*Round)(nil)).Set("issued = issued + ?", len(rows)).Where("id = ?", roundID).Exec(ctx)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errNoRound()
	}
	return nil
}

// Close ends voting (a module's 结束投票). On PostgreSQL the round's
// ballots are rewritten once more, all of them in the order of their ids;
// the count is kept (keep) in the same transaction, so results read it.
// Closing a closed round is a 409.
//
// The update of the round's row comes first: it waits for the casts in
// flight, which hold the row shared to their commit (cast), and a cast that
// comes after it waits for it and then finds the round closed. The rewrite
// and the count, statements of their own (each reads what was committed
// when it starts), therefore hold every ballot accepted, and no ballot comes
// after them. The turnstile before it lets the close in while casts go on.
func (s *Service) Close(ctx context.Context, idb bun.IDB, roundID int64) error {
	return db.InTx(ctx, idb, func(ctx context.Context, tx bun.Tx) error {
		if err := turnstile(ctx, tx, roundID, false); err != nil {
			return err
		}
		now := s.now()
		res, err := tx.NewUpdate().Model((*Round)(nil)).Set("state = ?", Closed).Set("closed_at = ?", now).Set("updated_at = ?", now).
			Where("id = ?", roundID).Where("state = ?", Open).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errNotOpen()
		}
		if err := s.mix(ctx, tx, roundID, 0, ""); err != nil {
			return err
		}
		return keep(ctx, tx, roundID)
	})
}

// Delete removes a round nobody has voted in yet (a module's draft undone).
// The round's row is locked first (FOR UPDATE on PostgreSQL; SQLite has
// one writer at a time): a cast holds it shared until it commits, so the
// turnout read next, in a statement of its own, has every cast, and a cast
// after it finds no round.
func (s *Service) Delete(ctx context.Context, idb bun.IDB, roundID int64) error {
	return db.InTx(ctx, idb, func(ctx context.Context, tx bun.Tx) error {
		lock := tx.NewSelect().Model((*Round)(nil)).Column("id").Where("id = ?", roundID)
		if db.IsPostgres(tx) {
			lock = lock.For("UPDATE")
		}
		var found []int64
		if err := lock.Scan(ctx, &found); err != nil {
			return err
		}
		var cast []int
		if len(found) > 0 {
			if err := tx.NewSelect().Model((*Round)(nil)).ColumnExpr(castSQL).Where("id = ?", roundID).Scan(ctx, &cast); err != nil {
				return err
			}
		}
		if len(cast) == 0 || cast[0] != 0 {
			return httpx.Conflict("已有人投票，不能删除本轮投票")
		}
		for _, m := range []any{(*token)(nil), (*voter)(nil)} {
			if _, err := tx.NewDelete().Model(m).Where("round_id = ?", roundID).Exec(ctx); err != nil {
				return err
			}
		}
		_, err := tx.NewDelete().Model((*Round)(nil)).Where("id = ?", roundID).Exec(ctx)
		return err
	})
}

// castSQL is the column of a round's turnout (Round.Cast; the round read
// as br): the tokens issued less the tokens left, since a cast deletes its
// token in the transaction that stores its ballot. Counted per round over
// ballot_token's primary key (round_id, token_hash), in the query that reads
// the rounds (one query for a list of them).
const castSQL = "br.issued - (SELECT COUNT(*) FROM ballot_token AS t WHERE t.round_id = br.id) AS cast_count"

// Get is one round, with its turnout.
func (s *Service) Get(ctx context.Context, roundID int64) (*Round, error) {
	return s.get(ctx, roundID, true)
}

// get is one round, with its turnout when withCast (else Cast is 0: the
// casts and the voters' pages read the round without counting its tokens).
func (s *Service) get(ctx context.Context, roundID int64, withCast bool) (*Round, error) {
	r := new(Round)
	q := s.db.NewSelect().Model(r).Where("id = ?", roundID)
	if withCast {
		q = q.ColumnExpr("br.*").ColumnExpr(castSQL)
	}
	if err := q.Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errNoRound()
		}
		return nil, err
	}
	return r, nil
}

// Rounds are the rounds of ids, by id, with their turnout (a module's list
// shows it).
func (s *Service) Rounds(ctx context.Context, ids []int64) (map[int64]*Round, error) {
	out := map[int64]*Round{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []*Round
	if err := s.db.NewSelect().Model(&rows).ExcludeColumn("paper").ColumnExpr(castSQL).Where("id IN (?)", bun.In(uniq(ids))).Scan(ctx); err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.ID] = r
	}
	return out, nil
}

// Standing is where an account stands in a round: on its roll, and voted.
type Standing struct {
	OnRoll bool `json:"onRoll"`
	Voted  bool `json:"voted"`
}

// StandingOf tells whether account is on round's roll and has voted.
func (s *Service) StandingOf(ctx context.Context, roundID, account int64) (Standing, error) {
	var rows []struct {
		Spent bool `bun:"spent"`
	}
	err := s.db.NewSelect().Model((*voter)(nil)).
		ColumnExpr("NOT EXISTS (SELECT 1 FROM ballot_token t WHERE t.round_id = bv.round_id AND t.token_hash = bv.token_hash) AS spent").
		Where("bv.round_id = ?", roundID).Where("bv.account_id = ?", account).Scan(ctx, &rows)
	if err != nil || len(rows) == 0 {
		return Standing{}, err
	}
	return Standing{OnRoll: true, Voted: rows[0].Spent}, nil
}

// Turnout is a round's roll as counts and who of the accounts has not voted.
type Turnout struct {
	Issued int `json:"issued"`
	Cast   int `json:"cast"`
	// NotVoted are the accounts on the roll who have not voted (a reminder's
	// addressees); CodesLeft the printed codes not used.
	NotVoted  []int64 `json:"notVoted"`
	CodesLeft int     `json:"codesLeft"`
}

// TurnoutOf is round's turnout. Who voted is known, never what. Cast is
// counted from the same reading as the lists (the roll less its voters
// with a token left), so the figures add up however many vote meanwhile.
func (s *Service) TurnoutOf(ctx context.Context, roundID int64) (Turnout, error) {
	r, err := s.get(ctx, roundID, false)
	if err != nil {
		return Turnout{}, err
	}
	var rows []voter
	if err := s.db.NewSelect().Model(&rows).Column("account_id", "code_no").
		Where("bv.round_id = ?", roundID).
		Where("EXISTS (SELECT 1 FROM ballot_token t WHERE t.round_id = bv.round_id AND t.token_hash = bv.token_hash)").
		OrderExpr("bv.id").Scan(ctx); err != nil {
		return Turnout{}, err
	}
	t := Turnout{Issued: r.Issued, Cast: r.Issued - len(rows), NotVoted: []int64{}}
	for _, v := range rows {
		if v.AccountID != nil {
			t.NotVoted = append(t.NotVoted, *v.AccountID)
		} else {
			t.CodesLeft++
		}
	}
	return t, nil
}

// CastAs casts account's ballot in round: the marks are vetted against the
// round's paper, then, in one transaction, the round is found open, the
// account's token is deleted (a second cast finds none: 409) and the
// ballot is stored under a random id.
func (s *Service) CastAs(ctx context.Context, roundID, account int64, marks []Mark) error {
	return s.cast(ctx, roundID, marks, func(ctx context.Context, tx bun.Tx) (string, error) {
		var hash string
		err := tx.NewSelect().Model((*voter)(nil)).Column("token_hash").
			Where("round_id = ?", roundID).Where("account_id = ?", account).Scan(ctx, &hash)
		if errors.Is(err, sql.ErrNoRows) {
			return "", errNotOnRoll()
		}
		return hash, err
	})
}

// CastCode casts the ballot of a printed one-time code (no account).
func (s *Service) CastCode(ctx context.Context, roundID int64, code string, marks []Mark) error {
	return s.cast(ctx, roundID, marks, func(context.Context, bun.Tx) (string, error) {
		return codeHash(roundID, code), nil
	})
}

func (s *Service) cast(ctx context.Context, roundID int64, marks []Mark, tokenOf func(ctx context.Context, tx bun.Tx) (string, error)) error {
	r, err := s.get(ctx, roundID, false)
	if err != nil {
		return err
	}
	if r.Over(s.now()) {
		return errNotOpen()
	}
	paper, err := r.Paper()
	if err != nil {
		return err
	}
	checked, err := paper.Validate(marks)
	if err != nil {
		return err
	}
	body, err := json.Marshal(checked)
	if err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		// The round's row first, held shared to the commit (FOR SHARE on
		// PostgreSQL; SQLite has one writer at a time): the casts of a round
		// do not wait for each other, while Close and keep, which update the
		// row, wait for the casts in flight, and a cast after them waits and
		// then reads the round closed or counted. So no ballot is stored
		// after the round's count is kept. The turnstile first: see there.
		if err := turnstile(ctx, tx, roundID, true); err != nil {
			return err
		}
		live := tx.NewSelect().Model((*Round)(nil)).Column("id").Where("id = ?", roundID).Where("state = ?", Open).
			Where("NOT counted").Where("closes_at IS NULL OR closes_at > ?", s.now())
		if db.IsPostgres(tx) {
			live = live.For("SHARE")
		}
		var found []int64
		if err := live.Scan(ctx, &found); err != nil {
			return err
		}
		if len(found) == 0 {
			return errNotOpen()
		}
		hash, err := tokenOf(ctx, tx)
		if err != nil {
			return err
		}
		res, err := tx.NewDelete().Model((*token)(nil)).Where("round_id = ?", roundID).Where("token_hash = ?", hash).Exec(ctx)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errSpent()
		}
		b := &stored{RoundID: roundID, ID: randomHex(16), Marks: string(body)}
		if _, err := tx.NewInsert().Model(b).Exec(ctx); err != nil {
			return fmt.Errorf("ballot: store: %w", err)
		}
		return s.mix(ctx, tx, roundID, MixSize, b.ID)
	})
}

// turnstile takes round roundID's advisory lock on PostgreSQL, to the end
// of tx: shared for a cast, exclusive for Close. The round's row alone
// (FOR SHARE against Close's update) would keep a close out for as long as
// casts overlap: PostgreSQL grants a row lock in share mode beside the
// sharers that hold it although an update waits, so under a steady stream
// of casts the update waits for the stream to end (a close during a hall's
// vote waited for every remaining cast: TestCastsRacingTheCloseAreCountedOrRefused).
// Advisory locks queue: a cast that asks after the close waits behind it,
// and the close comes in once the casts in flight commit. The key is the
// pair (ballotLockClass, the round id's low 32 bits): two rounds 2³² apart
// share it, which only makes them take turns.
func turnstile(ctx context.Context, tx bun.Tx, roundID int64, shared bool) error {
	if !db.IsPostgres(tx) {
		return nil
	}
	lock := "pg_advisory_xact_lock"
	if shared {
		lock += "_shared"
	}
	if _, err := tx.ExecContext(ctx, "SELECT "+lock+"(?, ?)", ballotLockClass, int32(roundID)); err != nil {
		return fmt.Errorf("ballot: round %d: %w", roundID, err)
	}
	return nil
}

// ballotLockClass is the first key of the rounds' advisory locks ("ball";
// the program's other advisory locks use the single 64-bit key, another
// key space).
const ballotLockClass = 0x62616c6c

// mix rewrites the ballot fresh (just stored) and up to n-1 others of the
// round (all of them when n is 0), in the order of their ids — on
// PostgreSQL only, where a row carries the transaction that wrote it (xmin)
// and lies where it was written (ctid): the new ballot then shares both
// with the others rather than lying last. SQLite's ballot table has no such
// columns and keeps its rows in the order of their keys.
//
// The others are fresh's neighbours in the order of the ids, the id space
// taken as a circle: k below it and n-1-k above, k drawn from 0..n-1. The
// rewritten ballots are a run of the round's ballots with the new one at a
// random place in it. (A run from a random start not tied to the new
// ballot would leave the new one as the ballot outside the run; the others
// drawn by ORDER BY random() sorted the whole round at every cast.) They are
// read along the primary key (round_id, id), and locked FOR UPDATE SKIP
// LOCKED: a ballot a concurrent cast is rewriting is passed over for the
// next one, so the casts of a round neither wait for each other's ballots
// nor deadlock on them. A new ballot thus shares its transaction and its
// place with n-1 others, fewer only when the round has fewer that no
// concurrent cast holds.
func (s *Service) mix(ctx context.Context, tx bun.Tx, roundID int64, n int, fresh string) error {
	if !db.IsPostgres(tx) {
		return nil
	}
	del := tx.NewDelete().Model((*stored)(nil)).Where("round_id = ?", roundID)
	if n > 0 {
		var others []string
		// walk takes up to limit more of the round's ballots on one side of
		// fresh (side: "<" or ">") in order, passing over those taken.
		walk := func(side, order string, limit int) error {
			if limit <= 0 {
				return nil
			}
			q := tx.NewSelect().Model((*stored)(nil)).Column("id").Where("round_id = ?", roundID).Where("id "+side+" ?", fresh).
				OrderExpr(order).Limit(int64(limit)).For("UPDATE SKIP LOCKED")
			if len(others) > 0 {
				q = q.Where("id NOT IN (?)", bun.In(others))
			}
			var ids []string
			if err := q.Scan(ctx, &ids); err != nil {
				return fmt.Errorf("ballot: mix: %w", err)
			}
			others = append(others, ids...)
			return nil
		}
		k := mathrand.IntN(n)
		for _, w := range []struct {
			side, order string
			upTo        int // how many others once this walk is done
		}{
			{"<", "id DESC", k}, // below fresh, the nearest first
			{">", "id DESC", k}, // then down from the top (round the circle)
			{">", "id", n - 1},  // above fresh, the nearest first
			{"<", "id", n - 1},  // then up from the bottom
		} {
			if err := walk(w.side, w.order, w.upTo-len(others)); err != nil {
				return err
			}
		}
		del = del.Where("id IN (?)", bun.In(append(others, fresh)))
	}
	var moved []stored
	if err := del.Returning("round_id, id, marks").Scan(ctx, &moved); err != nil {
		return fmt.Errorf("ballot: mix: %w", err)
	}
	slices.SortFunc(moved, func(a, b stored) int { return strings.Compare(a.ID, b.ID) })
	for part := range slices.Chunk(moved, 1000) {
		if _, err := tx.NewInsert().Model(&part).Exec(ctx); err != nil {
			return fmt.Errorf("ballot: mix: %w", err)
		}
	}
	return nil
}

// Mine is an open round on an account's roll.
type Mine struct {
	ID       int64      `bun:"id" json:"id"`
	Kind     string     `bun:"kind" json:"kind"`
	RefID    int64      `bun:"ref_id" json:"refId"`
	Title    string     `bun:"title" json:"title"`
	Link     string     `bun:"link" json:"link"`
	ClosesAt *time.Time `bun:"closes_at" json:"closesAt"`
	Voted    bool       `bun:"voted" json:"voted"`
}

// mineQuery selects the open rounds on account's roll (kinds: only those).
func (s *Service) mineQuery(account int64, kinds ...string) *bun.SelectQuery {
	q := s.db.NewSelect().TableExpr("ballot_voter AS bv").Join("JOIN ballot_round AS br ON br.id = bv.round_id").
		ColumnExpr("br.id, br.kind, br.ref_id, br.title, br.link, br.closes_at").
		ColumnExpr("NOT EXISTS (SELECT 1 FROM ballot_token t WHERE t.round_id = bv.round_id AND t.token_hash = bv.token_hash) AS voted").
		Where("bv.account_id = ?", account).Where("br.state = ?", Open).
		Where("br.closes_at IS NULL OR br.closes_at > ?", s.now())
	if len(kinds) > 0 {
		q = q.Where("br.kind IN (?)", bun.In(kinds))
	}
	return q
}

// MineOpen are the open rounds on account's roll, voted or not, newest first.
func (s *Service) MineOpen(ctx context.Context, account int64, kinds ...string) ([]Mine, error) {
	out := []Mine{}
	err := s.mineQuery(account, kinds...).OrderExpr("br.id DESC").Limit(200).Scan(ctx, &out)
	return out, err
}

// The engine's errors. Not on the roll and no such round answer alike (404).
func errNoRound() *httpx.Error   { return httpx.NotFound("没有找到需要您参加的投票") }
func errNotOnRoll() *httpx.Error { return errNoRound() }
func errNotOpen() *httpx.Error   { return httpx.Conflict("投票已结束或尚未开始") }
func errSpent() *httpx.Error     { return httpx.Conflict("您已经投过票了，每人只能投一次") }
func errNotOver() *httpx.Error   { return httpx.Conflict("投票结束后才能查看结果") }

// codeAlphabet leaves out characters read alike on paper (0/O, 1/I/L).
const codeAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// CodeLen is a printed code's length (10 of 31 characters: about 49 bits;
// the public routes allow 120 tries a minute per address).
const CodeLen = 10

func newCode() string {
	out := make([]byte, 0, CodeLen)
	b := make([]byte, 1)
	for len(out) < CodeLen {
		if _, err := rand.Read(b); err != nil {
			panic(err)
		}
		if v := int(b[0]); v < 248 { // 248 = 8·31: every character equally likely
			out = append(out, codeAlphabet[v%len(codeAlphabet)])
		}
	}
	return string(out)
}

// NormalizeCode reads a code as typed: case, spaces and dashes ignored.
func NormalizeCode(c string) string {
	c = strings.ToUpper(c)
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' {
			return -1
		}
		return r
	}, c)
}

func codeHash(roundID int64, code string) string {
	sum := sha256.Sum256([]byte("zhdj-ballot:" + strconv.FormatInt(roundID, 10) + ":" + NormalizeCode(code)))
	return hex.EncodeToString(sum[:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}

func uniq(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}
