package develop

// admissionHooks are the rules and consequences of steps ⑫ to ⑱.
func (s *Service) admissionHooks() map[string]hook {
	return map[string]hook{}
}
