// Package module is the descriptor every domain hands to internal/app: what
// the composition root needs to know of a module (its tables, endpoints,
// import kinds, menus, trail, event subscriptions, jobs and reminders) in
// one value, so a new module is wired by adding one line to app's module list.
package module

import (
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/db"
	"zhdj/internal/platform/event"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/remind"
	"zhdj/internal/platform/worklist"
)

// Module describes one domain. Every field but Name is optional. A
// domain's Module method must work on a nil service (it takes method values
// only): internal/app reads the migrations before any service exists.
type Module struct {
	// Name identifies the module in errors and tests ("org", "member").
	Name string
	// Migrations are the module's versioned schema and seed changes.
	Migrations []db.Migration
	// Routes registers the module's endpoints.
	Routes func(*httpx.Routes)
	// Imports are the staged import kinds the module offers. Each must be an
	// imports.Kind: platform sits below the import kit, so the descriptor
	// holds them by this narrower interface and internal/app checks the rest
	// at start-up.
	Imports []ImportKind
	// Menus is the menu tree the module's menu migration seeds, with the
	// roles (by code) each entry is granted to. Later migrations may add to
	// it (system.AddButtons, system.AddPages).
	Menus []Menu
	// Trail is the module id of its records in the change trail (audit), 0
	// when it keeps none.
	Trail int
	// Subscribe registers the module's event handlers and query answers.
	Subscribe func(*event.Bus)
	// Dicts are the columns of the module's tables that hold dictionary
	// codes, derived from its declarations (record.Decl.DictUses,
	// resource.Fields.DictUses, record.DictUses over import columns): a
	// dictionary value in use there cannot be deleted.
	Dicts []DictUse
	// Jobs are the module's recurring work, run by the scheduler
	// (platform/jobs) on their cron schedules.
	Jobs []jobs.Job
	// Reminders are the kinds of smart reminder the module offers
	// (platform/remind): each finds the module's records coming due.
	Reminders []remind.Kind
	// Encrypted are the personal fields the module stores encrypted: the
	// re-encryption after a field key rotation (platform/crypto) walks them.
	Encrypted []crypto.Column
	// WorkLists are the module's lists of work waiting for the signed-in
	// caller (platform/worklist): the 待办 list and its badge merge them.
	WorkLists []worklist.Provider
}

// DictUse is a column of a table that holds codes of dictionary Dict.
type DictUse struct{ Dict, Table, Column string }

// ImportKind is what the descriptor needs to know of an import kind.
type ImportKind interface{ Name() string }

// Menu types (sys_menu.type).
const (
	MenuDir    = 0
	MenuPage   = 1
	MenuButton = 2
)

// Menu is a menu entry a migration seeds, with its children. Roles are the
// codes of the seeded roles granted the entry (system.Role* constants); a
// role the administrators deleted is skipped, they grant by hand.
//
// A first-level directory (no parent) names its Workbench: the mode of the
// top bar whose entries it is among (WorkbenchParty, WorkbenchCadre,
// WorkbenchSystem). Entries below the first level leave it empty.
type Menu struct {
	Title, Name, Path, Component, Icon, Permission, Extpath string
	Workbench                                               string
	Type                                                    int
	Hidden, NoCache                                         bool
	Roles                                                   []string
	Children                                                []Menu
}

// Permissions lists the permissions named in menus (buttons and pages that
// carry one), depth first.
func Permissions(menus []Menu) []string {
	var out []string
	for _, m := range menus {
		if m.Permission != "" {
			out = append(out, m.Permission)
		}
		out = append(out, Permissions(m.Children)...)
	}
	return out
}

// Workbenches (modes) of the top bar: each first-level menu belongs to one,
// and the top bar shows the entries of the mode chosen (sys_menu.workbench).
const (
	WorkbenchParty  = "party"
	WorkbenchCadre  = "cadre"
	WorkbenchSystem = "system"
)

// Workbench is a mode with its name as the top bar shows it.
type Workbench struct {
	Key   string `json:"value"`
	Title string `json:"label"`
}

// Workbenches lists the modes in the order the mode switch offers them.
func Workbenches() []Workbench {
	return []Workbench{{WorkbenchParty, "党建"}, {WorkbenchCadre, "干部"}, {WorkbenchSystem, "系统"}}
}

// WorkbenchTitle is the name of a mode, "" for an unknown key.
func WorkbenchTitle(key string) string {
	for _, w := range Workbenches() {
		if w.Key == key {
			return w.Title
		}
	}
	return ""
}
