package imports

import (
	"context"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/rbac"
)

// Decl is the declared part of a Kind: its URL segment, title, permission
// and template. Declare adds the kind's own rules to it.
type Decl struct {
	Key   string  // the URL segment, e.g. "dyjbxx"
	Label string  // e.g. "党员信息" (template file name, sheet name)
	Perm  string  // e.g. "dy:import"
	Cols  Columns // the template
	// Sample, when set, reads the template's sample row from the caller's
	// data (ctx carries the caller: an organisation or unit of their scope, a
	// code no record has yet), so that the template imports as it is; a
	// column it leaves out shows its Example.
	Sample func(ctx context.Context, idb bun.IDB) (map[string]string, error)
	// TemplateAt, when set, is a second address of the template: the one
	// the product's API names for it (GET /api/users/template), served
	// besides /api/import/{Key}/template with the same permission.
	TemplateAt string
}

// TemplateAddress is a kind's second address of its template ("" for none).
type TemplateAddress interface{ TemplatePath() string }

// TemplatePath is the declared TemplateAt.
func (d Decl) TemplatePath() string { return d.TemplateAt }

// Sampler is a kind whose template's sample row depends on the caller's data.
type Sampler interface {
	SampleRow(ctx context.Context, idb bun.IDB) (map[string]string, error)
}

// SampleRow is the declared Sample's row (none without one).
func (d Decl) SampleRow(ctx context.Context, idb bun.IDB) (map[string]string, error) {
	if d.Sample == nil {
		return nil, nil
	}
	return d.Sample(ctx, idb)
}

func (d Decl) Name() string       { return d.Key }
func (d Decl) Title() string      { return d.Label }
func (d Decl) Permission() string { return d.Perm }
func (d Decl) Columns() []Column  { return d.Cols }

// Declare makes a Kind of a declaration and the kind's own rules (what
// Kind.Validate and Kind.Commit do):
//
//	func (s *Service) ImportKind() imports.Kind {
//		return imports.Declare(imports.Decl{Key: "dw", Label: "单位信息", Perm: PermImport, Cols: importColumns},
//			s.validateImport, s.commitImport)
//	}
func Declare(d Decl, validate func(ctx context.Context, idb bun.IDB, p *rbac.Principal, rows []*Row) error,
	commit func(ctx context.Context, tx bun.Tx, p *rbac.Principal, b *Batch, rows []*Row) error) Kind {
	return declared{d, validate, commit}
}

type declared struct {
	Decl
	validate func(ctx context.Context, idb bun.IDB, p *rbac.Principal, rows []*Row) error
	commit   func(ctx context.Context, tx bun.Tx, p *rbac.Principal, b *Batch, rows []*Row) error
}

func (k declared) Validate(ctx context.Context, idb bun.IDB, p *rbac.Principal, rows []*Row) error {
	return k.validate(ctx, idb, p, rows)
}

func (k declared) Commit(ctx context.Context, tx bun.Tx, p *rbac.Principal, b *Batch, rows []*Row) error {
	return k.commit(ctx, tx, p, b, rows)
}
