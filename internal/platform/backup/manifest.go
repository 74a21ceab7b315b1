// Package backup writes and reads zhdj's backup archives: a gzip'd tar of
// named members (the database, the uploaded files, or the keys) closed by a
// manifest that lists each member's size and SHA-256. A reader verifies
// every member against the manifest before anything is restored.
package backup

import "time"

// FormatVersion is the archive layout this package writes and reads.
const FormatVersion = 1

// ManifestName is the archive's last member: it can only be written once
// every member's checksum is known, since members are streamed.
const ManifestName = "manifest.json"

// Member names inside a data archive and a keys archive.
const (
	SQLiteMember   = "database/zhdj.db"
	PostgresMember = "database/zhdj.dump"
	FilesPrefix    = "files/"
	KeysPrefix     = "keys/"
)

// Database kinds of a manifest.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// Manifest describes an archive. A keys archive has no database, tables or
// schema: only its members, the key fingerprint and its creation time.
type Manifest struct {
	Format  int       `json:"format"`
	Created time.Time `json:"created"`
	// Schema is the newest migration applied to the backed-up database.
	Schema int64 `json:"schema,omitempty"`
	// Database is SQLite or Postgres.
	Database string `json:"database,omitempty"`
	// Tables are the row counts of every table at the snapshot.
	Tables map[string]int64 `json:"tables,omitempty"`
	// KeyFingerprint names the field key the personal fields are
	// encrypted with (crypto.FieldCipher.Fingerprint; not the key).
	KeyFingerprint string `json:"keyFingerprint"`
	// Keys is where the keys archive was written, as the operator named it
	// (and its absolute path): the data archive alone cannot be read.
	Keys    string   `json:"keys,omitempty"`
	KeysAbs string   `json:"keysAbs,omitempty"`
	Members []Member `json:"members"`
}

// Member is one file of an archive.
type Member struct {
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Member returns the member called name.
func (m Manifest) Member(name string) (Member, bool) {
	for _, x := range m.Members {
		if x.Name == name {
			return x, true
		}
	}
	return Member{}, false
}

// Rows is the total of the row counts.
func (m Manifest) Rows() int64 {
	var n int64
	for _, c := range m.Tables {
		n += c
	}
	return n
}
