package app

import (
	"zhdj/internal/stats/snapshot"
)

// statsSnapshotTS is the JSON of 数据快照 (/api/sjkz): snapshots, their frozen tables and rosters, comparisons.
func statsSnapshotTS() ([]byte, error) {
	f := newTSFile(header("internal/stats/snapshot (take.go, read.go, compare.go)"))
	f.decl("import type { Page } from '../request'")
	f.decl("import type { Column } from './statsAnnual'")
	f.union("How a snapshot was taken (snapshot.Kind…).", "SnapshotKind", []string{snapshot.KindManual, snapshot.KindScheduled})
	f.union("A member's change between two snapshots (snapshot.Change…).", "SnapshotChange",
		[]string{snapshot.ChangeNew, snapshot.ChangeGone, snapshot.ChangeChanged})
	f.iface("A snapshot's header (snapshot.Snapshot, GET /api/sjkz/snapshots).", "Snapshot", snapshot.Snapshot{}, map[string]string{"kind": "SnapshotKind"})
	f.iface("A snapshot asked for (snapshot.TakeInput, POST /api/sjkz/snapshots).", "TakeInput", snapshot.TakeInput{}, nil)
	f.iface("A frozen table's head (snapshot.TableHead).", "TableHead", snapshot.TableHead{}, map[string]string{"columns": "Column[]"})
	f.iface("A snapshot with its tables (snapshot.Detail, GET /api/sjkz/snapshots/{id}).", "SnapshotDetail", snapshot.Detail{},
		map[string]string{"tables": "TableHead[]"})
	f.iface("A frozen line (snapshot.Line).", "FrozenLine", snapshot.Line{}, nil)
	f.iface("A frozen table at a level (snapshot.TableView, GET /api/sjkz/snapshots/{id}/tables/{key}).", "TableView", snapshot.TableView{},
		map[string]string{"total": "FrozenLine", "lines": "Page<FrozenLine>"})
	f.iface("A member of a frozen roster (snapshot.RosterEntry).", "RosterEntry", snapshot.RosterEntry{}, nil)
	f.iface("A changed count of a table's total (snapshot.Cell).", "Cell", snapshot.Cell{}, nil)
	f.iface("A table's changed cells (snapshot.TableDiff).", "TableDiff", snapshot.TableDiff{}, map[string]string{"cells": "Cell[]"})
	f.iface("Two snapshots compared (snapshot.Comparison, GET /api/sjkz/compare).", "Comparison", snapshot.Comparison{},
		map[string]string{"before": "Snapshot", "after": "Snapshot", "tables": "TableDiff[]", "changes": "Partial<Record<SnapshotChange, number>>"})
	f.iface("A member new, gone or changed (snapshot.Diff, GET /api/sjkz/compare/members).", "Diff", snapshot.Diff{},
		map[string]string{"change": "SnapshotChange"})
	return f.bytes()
}
