package develop

// activistHooks are the rules and consequences of steps ④ to ⑦.
func (s *Service) activistHooks() map[string]hook {
	return map[string]hook{}
}
