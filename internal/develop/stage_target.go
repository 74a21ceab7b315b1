package develop

// targetHooks are the rules and consequences of steps ⑧ to ⑪.
func (s *Service) targetHooks() map[string]hook {
	return map[string]hook{}
}
