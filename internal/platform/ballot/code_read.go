package ballot

import "net/http"

// ReadCode reads a printed code's request for a module's public route that
// shows what goes with a code's paper (干部考核's 述职报告), under the same
// per-address limit as the engine's own code routes; CodeView then vets
// the code.
func (s *Service) ReadCode(req *http.Request, in *CodeRequest) error { return s.decodeCode(req, in) }
