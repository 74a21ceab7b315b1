package backup

import "time"

// WriteKeys writes every key of keyDir (each regular file in it) to a new
// keys archive at path, naming the field key by fingerprint. Every file
// is taken, not a list of names: a key added later is backed up too.
func WriteKeys(path, keyDir, fingerprint string) (int, error) {
	w, err := Create(path)
	if err != nil {
		return 0, err
	}
	defer w.Abort()
	n, err := w.AddDir(KeysPrefix, keyDir)
	if err != nil {
		return 0, err
	}
	if err := w.Finish(Manifest{Created: time.Now().UTC(), KeyFingerprint: fingerprint}); err != nil {
		return 0, err
	}
	return n, nil
}
