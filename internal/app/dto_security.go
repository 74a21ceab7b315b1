package app

import "zhdj/internal/system"

// logChainTS is the JSON of 校验完整性 on the log pages (/api/logs/verify):
// web/src/api/generated/logChain.ts.
func logChainTS() ([]byte, error) {
	f := newTSFile(header("internal/system (logverify.go)"))
	f.iface("Where a log's hash chain first fails (system.ChainBreak).", "ChainBreak", system.ChainBreak{},
		map[string]string{"time": "string"})
	f.iface("One log's verification (system.ChainReport).", "ChainReport", system.ChainReport{},
		map[string]string{"break": "ChainBreak"})
	return f.bytes()
}

// publicKeyTS is the answer of /auth/publicKey: web/src/api/generated/publicKey.ts.
func publicKeyTS() ([]byte, error) {
	f := newTSFile(header("internal/system (password_transport.go)"))
	f.iface("The key the browser encrypts passwords with, and its algorithm (system.PublicKey).", "PublicKey", system.PublicKey{},
		map[string]string{"algorithm": "'" + system.TransportRSA + "' | '" + system.TransportSM2 + "'"})
	return f.bytes()
}
