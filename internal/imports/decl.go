package imports

// Decl is the declared part of a Kind: its URL segment, title, permission
// and template. A kind embeds it and adds its own rules (Validate, Commit):
//
//	type importKind struct {
//		imports.Decl
//		s *Service
//	}
//
//	func (s *Service) ImportKind() imports.Kind {
//		return importKind{imports.Decl{Key: "dw", Label: "单位信息", Perm: PermImport, Cols: importColumns}, s}
//	}
type Decl struct {
	Key   string  // the URL segment, e.g. "dyjbxx"
	Label string  // e.g. "党员信息" (template file name, sheet name)
	Perm  string  // e.g. "dy:import"
	Cols  Columns // the template
}

func (d Decl) Name() string       { return d.Key }
func (d Decl) Title() string      { return d.Label }
func (d Decl) Permission() string { return d.Perm }
func (d Decl) Columns() []Column  { return d.Cols }
