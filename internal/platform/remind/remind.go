// Package remind is the smart reminders (智能提醒): rules that a job
// evaluates to tell people of records coming due (a term ending, a
// probation ending). A module offers a Kind of reminder with a Finder that
// lists its due records; each kind has one rule (its window, its ON/OFF
// switch, its run state) edited on the 智能提醒 page. A run writes one open
// reminder per kind, record and due date (a unique index), and delivers it
// through the message centre to the record's organisation's managers and
// the person concerned, once each.
package remind

import (
	"context"
	"fmt"

	"zhdj/internal/platform/date"
	"zhdj/internal/platform/jobs"
)

// Kind is a type of reminder a module offers.
type Kind struct {
	// Type is the reminder type's code: the spec's enumeration (§4
	// "Reminder types": 1 term expiry, 2 age expiry, 3 probation expiry, 4
	// temporary post expiry, 5 cadre retirement expiry, 6 certificate not
	// returned) for those, codes from 100 for a module's own.
	Type int
	// Name is the Chinese name the 智能提醒 page shows.
	Name string
	// Window is the default number of days before the due date a record
	// starts to be reminded of (the page may change it).
	Window int
	// Finder lists the due records.
	Finder Finder
}

// Finder is what a module implements to find its records due for a reminder.
type Finder interface {
	// Due lists the records whose due date is on or before until, those
	// already overdue included, as long as the matter is open (a term not
	// renewed, a probation not concluded). It runs outside any request:
	// no data scope applies.
	Due(ctx context.Context, until date.Date) ([]Due, error)
}

// FinderFunc is a Finder as a function.
type FinderFunc func(ctx context.Context, until date.Date) ([]Due, error)

// Due calls f.
func (f FinderFunc) Due(ctx context.Context, until date.Date) ([]Due, error) { return f(ctx, until) }

// Due is one record due for a reminder.
type Due struct {
	RecordID int64 // the record's id in its module
	OrgID    int64 // its organisation, whose managers hear of it (0: none)
	UserID   int64 // the account of the person concerned (0: none)
	// UserIDs are further accounts that hear of it: for a matter of the
	// whole university with no organisation (the next year's working-day
	// calendar), the holders of the permission that settles it.
	UserIDs []int64
	DueOn   date.Date // when the matter falls due
	Title   string    // the message's title (at most 200 characters; longer is cut)
	Content string    // the message's text
	Link    string    // where the record opens in the web app ("/party/dzz?id=7")
}

// Directory is what reminders need of the party organisation domain: who
// manages an organisation, the caller's scope and the organisations' names.
type Directory interface {
	// Managers answers, for each organisation, the accounts that hear of
	// its records: its secretaries and administrators.
	Managers(ctx context.Context, orgIDs []int64) (map[int64][]int64, error)
	// ScopeIDs is the caller's organisation scope: every organisation or ids.
	ScopeIDs(ctx context.Context) (all bool, ids []int64, err error)
	// Names are the organisations' names.
	Names(ctx context.Context, ids []int64) (map[int64]string, error)
}

// Deliver is published in a run's transaction: the message centre gives
// each account its reminder message, at most once per reminder and account.
type Deliver struct {
	Reminders []Delivery
}

// Delivery is one reminder for its recipients.
type Delivery struct {
	ReminderID int64
	UserIDs    []int64
	Title      string
	Content    string
	Link       string
}

// Resolved is published in a run's transaction when reminders close (their
// record is no longer due): the message centre retires their unread messages.
type Resolved struct {
	ReminderIDs []int64
}

// The rule's switch (spec §4 "Reminder enabled": OFF 0, ON 1) and run state
// (spec §4 "Reminder run state": NO_START 1, START 2, FINISH 3).
const (
	Off = jobs.Off
	On  = jobs.On

	NoStart = jobs.StateNoStart
	Started = jobs.StateStart
	Finish  = jobs.StateFinish
)

// Permissions of the 智能提醒 page's routes.
const (
	PermList = "remind:list"
	PermEdit = "remind:edit"
	PermRun  = "remind:run"
)

// maxWindow bounds a rule's window (ten years of days).
const maxWindow = 3660

func (k Kind) check() error {
	if k.Type <= 0 || k.Name == "" || k.Finder == nil || k.Window < 0 || k.Window > maxWindow {
		return fmt.Errorf("remind: kind %d (%s) needs a positive type, a name, a finder and a window of 0–%d days",
			k.Type, k.Name, maxWindow)
	}
	return nil
}
