package develop

// probationHooks are the rules and consequences of steps ⑲ to ㉕.
func (s *Service) probationHooks() map[string]hook {
	return map[string]hook{}
}
