package develop

// applicantHooks are the rules and consequences of steps ② 谈话 and ③ 确定积极分子.
func (s *Service) applicantHooks() map[string]hook {
	return map[string]hook{}
}
