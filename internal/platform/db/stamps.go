package db

import "time"

// Stamps are the times a row was created and last changed: the columns
// created_at and updated_at (createTime and updateTime in JSON) that most
// tables keep. A model embeds it; a table declares the two columns with
// {{stamps}} in DDL.
type Stamps struct {
	CreatedAt time.Time `bun:"created_at" json:"createTime"`
	UpdatedAt time.Time `bun:"updated_at" json:"updateTime"`
}

// StampsAt is a new row's stamps: created, and so last changed, at now.
func StampsAt(now time.Time) Stamps { return Stamps{CreatedAt: now, UpdatedAt: now} }

// stampsDDL is what {{stamps}} stands for in DDL: the columns of Stamps.
const stampsDDL = "created_at TIMESTAMP NOT NULL,\n\t\t\tupdated_at TIMESTAMP NOT NULL"
