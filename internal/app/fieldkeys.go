package app

import (
	"time"

	"zhdj/internal/platform/crypto"
	"zhdj/internal/platform/jobs"
)

// EncryptedColumns lists every module's encrypted personal fields: what the
// re-encryption after a field key rotation walks (zhdj keys status reports
// them too).
func EncryptedColumns() []crypto.Column {
	var all []crypto.Column
	for _, m := range modules(services{}) {
		all = append(all, m.Encrypted...)
	}
	return all
}

// rekeyJob runs the re-encryption on the jobs kit: its lease makes one
// instance at a time walk the tables; a run cut short (timeout, restart)
// resumes from the progress it saved. Every five minutes: with nothing to
// do a run is one query, and a rotation's walk starts within minutes.
func rekeyJob(r *crypto.Rekeyer) jobs.Job {
	return jobs.Job{Name: crypto.JobName, Title: "字段加密密钥轮换后的重新加密", Cron: "*/5 * * * *",
		Timeout: 2 * time.Hour, Run: r.Run}
}
