package app

import "zhdj/internal/system"

// loginLayoutTS is the vocabulary and the JSON of the login layouts
// (/api/loginLayout/{variant}, /api/loginLayouts): web/src/api/generated/loginLayout.ts.
func loginLayoutTS() ([]byte, error) {
	f := newTSFile(header("internal/system (login_layout.go)"))
	f.union("A login path (system.LoginVariants).", "Variant", system.LoginVariants)
	f.constant("The login paths in their order.", "VARIANTS", "readonly Variant[]", system.LoginVariants)
	f.constant("The login paths' names (system.LoginVariantLabels).", "VARIANT_NAMES", "Record<Variant, string>",
		named(system.LoginVariants, system.LoginVariantLabels))
	f.union("A layout's style (system.LoginStyle…).", "Style", system.LoginStyles)
	f.constant("The styles' names (system.LoginStyleLabels).", "STYLE_NAMES", "Record<Style, string>", named(system.LoginStyles, system.LoginStyleLabels))
	f.constant("The bounds of the texts (characters).", "LIMITS", "", tsObj{{"title", system.MaxLoginTitle},
		{"subtitle", system.MaxLoginSubtitle}, {"notice", system.MaxLoginNotice}})
	f.iface("A login path's layout (system.LoginLayout).", "LoginLayout", system.LoginLayout{},
		map[string]string{"variant": "Variant", "style": "Style"})
	f.iface("A layout as the login page reads it (system.LoginLayoutView).", "LoginLayoutView", system.LoginLayoutView{}, nil)
	return f.bytes()
}
