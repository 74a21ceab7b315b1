package ballot

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
)

// Migrations create the engine's tables:
//   - ballot_round: a round, its paper (JSON, fixed at opening), its state
//     and the tokens issued (the ballots cast are the tokens issued less
//     those left: castSQL; cast_count, a counter every cast raised, made the
//     casts of a round queue on its row and is dropped);
//   - ballot_voter: the roll, one row per voter (an account, or a printed
//     code: its hash), with the hash of the voter's token; never updated;
//   - ballot_token: the tokens not yet spent (a cast deletes its token);
//   - ballot_ballot: the ballots — the round, a random id and the marks,
//     nothing else. On SQLite the token and ballot tables have no rowid, so
//     no hidden column numbers their rows in the order they were written;
//   - ballot_count: a round's count, written once when voting has ended
//     (ballot_round.counted then set): per item and choice the marks, and
//     per item under the empty choice the texts written — aggregates only,
//     so nothing in it points at a ballot, and results over tens of
//     thousands of ballots read a few rows instead of spreading every
//     ballot's JSON again.
func Migrations() []db.Migration {
	return []db.Migration{{Version: 2026120500, Name: "ballots: rounds, rolls, tokens, ballots", Up: func(ctx context.Context, tx bun.Tx) error {
		noRowid := " WITHOUT ROWID"
		if db.IsPostgres(tx) {
			noRowid = ""
		}
		return db.DDL(ctx, tx,
			`CREATE TABLE ballot_round (
				id {{pk}},
				kind VARCHAR(32) NOT NULL,
				ref_id BIGINT NOT NULL,
				title VARCHAR(500) NOT NULL,
				link VARCHAR(200) NOT NULL DEFAULT '',
				paper TEXT NOT NULL,
				state VARCHAR(16) NOT NULL,
				closes_at TIMESTAMP NULL,
				issued INTEGER NOT NULL DEFAULT 0,
				cast_count INTEGER NOT NULL DEFAULT 0,
				closed_at TIMESTAMP NULL,
				{{stamps}})`,
			`CREATE INDEX idx_ballot_round_ref ON ballot_round(kind, ref_id)`,
			`CREATE TABLE ballot_voter (
				id {{pk}},
				round_id BIGINT NOT NULL REFERENCES ballot_round(id) ON DELETE CASCADE,
				account_id BIGINT NULL,
				code_no INTEGER NULL,
				token_hash VARCHAR(64) NOT NULL)`,
			`CREATE UNIQUE INDEX uq_ballot_voter_account ON ballot_voter(round_id, account_id)`,
			`CREATE UNIQUE INDEX uq_ballot_voter_token ON ballot_voter(round_id, token_hash)`,
			`CREATE INDEX idx_ballot_voter_account ON ballot_voter(account_id)`,
			`CREATE TABLE ballot_token (
				round_id BIGINT NOT NULL REFERENCES ballot_round(id) ON DELETE CASCADE,
				token_hash VARCHAR(64) NOT NULL,
				PRIMARY KEY (round_id, token_hash))`+noRowid,
			`CREATE TABLE ballot_ballot (
				round_id BIGINT NOT NULL REFERENCES ballot_round(id) ON DELETE CASCADE,
				id VARCHAR(32) NOT NULL,
				marks TEXT NOT NULL,
				PRIMARY KEY (round_id, id))`+noRowid,
		)
	}}, {Version: 2026120550, Name: "ballots: the count kept once voting has ended", Up: func(ctx context.Context, tx bun.Tx) error {
		return db.DDL(ctx, tx,
			`ALTER TABLE ballot_round ADD COLUMN counted BOOLEAN NOT NULL DEFAULT FALSE`,
			`CREATE TABLE ballot_count (
				round_id BIGINT NOT NULL REFERENCES ballot_round(id) ON DELETE CASCADE,
				item VARCHAR(100) NOT NULL,
				choice VARCHAR(100) NOT NULL,
				n INTEGER NOT NULL,
				PRIMARY KEY (round_id, item, choice))`,
		)
	}}, {Version: 2026120560, Name: "ballots: the turnout derived from the tokens left", Up: func(ctx context.Context, tx bun.Tx) error {
		// Counting a round's tokens reads ballot_token's primary key
		// (round_id, token_hash): no index to add.
		return db.DDL(ctx, tx, `ALTER TABLE ballot_round DROP COLUMN cast_count`)
	}}}
}
