package app

import (
	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/jobs"
	"zhdj/internal/platform/servermon"
)

// serverMonTS is the JSON of 服务监控 (/api/monitor/server):
// web/src/api/generated/serverMon.ts.
func serverMonTS() ([]byte, error) {
	f := newTSFile(header("internal/platform/servermon"))
	f.iface("This server process (servermon.Instance).", "ServerInstance", servermon.Instance{}, nil)
	f.iface("The process's use of the machine (servermon.Process).", "ServerProcess", servermon.Process{}, nil)
	f.iface("The machine (servermon.Host).", "ServerHost", servermon.Host{}, nil)
	f.iface("The data directory's disk (servermon.Disk).", "ServerDisk", servermon.Disk{}, nil)
	f.iface("The database and this instance's pool (servermon.Database).", "ServerDatabase", servermon.Database{}, nil)
	f.iface("A failed job run (jobs.FailedRun).", "FailedRun", jobs.FailedRun{}, nil)
	f.iface("The jobs' recent runs (jobs.Summary).", "JobSummary", jobs.Summary{}, map[string]string{"lastFailure": "FailedRun | null"})
	f.iface("The personal fields' encryption: the 国密 option and a rotation's progress (crypto.Summary).", "FieldKeySummary", crypto.Summary{}, nil)
	f.iface("服务监控 (servermon.Status).", "ServerStatus", servermon.Status{}, map[string]string{
		"instance": "ServerInstance", "process": "ServerProcess", "host": "ServerHost", "disk": "ServerDisk",
		"database": "ServerDatabase", "jobs": "JobSummary", "fieldKeys": "FieldKeySummary"})
	return f.bytes()
}
