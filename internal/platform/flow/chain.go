package flow

import (
	"context"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/uptrace/bun"

	"zhdj/internal/platform/db"
	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/uniq"
)

// chainFor is the chain configured for records of an organisation of type
// orgType: its own, else the one for AnyType; nil when neither exists.
func (wf *Workflow[R]) chainFor(ctx context.Context, idb bun.IDB, orgType string) ([]Link, error) {
	var rows []chainRow
	if err := idb.NewSelect().Model(&rows).Where("workflow = ?", wf.Key).Where("org_type IN (?)", bun.In([]string{orgType, AnyType})).
		OrderExpr("seq").Scan(ctx); err != nil {
		return nil, httpx.Internal(err)
	}
	var own, any []Link
	for _, r := range rows {
		if r.OrgType == orgType {
			own = append(own, r.link())
		} else {
			any = append(any, r.link())
		}
	}
	if len(own) > 0 {
		return own, nil
	}
	return any, nil
}

// acting is the organisation acting at link l for a record whose
// organisation's lineage (itself first) is lineage: the nearest of a type
// the link names.
func acting(l Link, lineage []Org) (Org, bool) {
	for _, o := range lineage {
		if slices.Contains(l.Acting, o.Type) {
			return o, true
		}
	}
	return Org{}, false
}

// resolve checks that every link of chain has an acting organisation above
// the record's (a chain a record cannot complete is refused at its start).
func (wf *Workflow[R]) resolve(ctx context.Context, idb bun.IDB, rec *R, chain []Link, lineage []Org) error {
	for _, l := range chain {
		if _, err := wf.actingAt(ctx, idb, rec, l, lineage); err != nil {
			return err
		}
	}
	return nil
}

// lineageAt is the lineage that resolves link l's acting organisation for
// rec: own (OrgOf's lineage), or that of OrgAt's organisation when the
// workflow names another one for l's step.
func (wf *Workflow[R]) lineageAt(ctx context.Context, idb bun.IDB, rec *R, l Link, own []Org) ([]Org, error) {
	if wf.OrgAt == nil {
		return own, nil
	}
	id := wf.OrgAt(rec, l.Step)
	if id == 0 || (len(own) > 0 && own[0].ID == id) {
		return own, nil
	}
	lineage, err := wf.Orgs.Lineage(ctx, idb, id)
	if err != nil {
		return nil, httpx.Internal(err)
	}
	return lineage, nil
}

// actingAt is the organisation acting at link l for rec, or the refusal
// naming the missing one.
func (wf *Workflow[R]) actingAt(ctx context.Context, idb bun.IDB, rec *R, l Link, own []Org) (Org, error) {
	lineage, err := wf.lineageAt(ctx, idb, rec, l, own)
	if err != nil {
		return Org{}, err
	}
	o, ok := acting(l, lineage)
	if !ok {
		return Org{}, wf.noActing(ctx, l, lineage)
	}
	return o, nil
}

// noActing is the refusal for a link whose acting organisation is missing.
func (wf *Workflow[R]) noActing(ctx context.Context, l Link, lineage []Org) error {
	labels, err := wf.Orgs.TypeLabels(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	names := make([]string, len(l.Acting))
	for i, t := range l.Acting {
		names[i] = typeLabel(labels, t)
	}
	org := ""
	if len(lineage) > 0 {
		org = lineage[0].Name
	}
	return httpx.BadRequest("「%s」及其上级中没有%s，无法办理「%s」环节，请检查组织关系或%s的审批链配置",
		org, strings.Join(names, "或"), wf.stepName(l.Step), wf.Noun)
}

func typeLabel(labels map[string]string, t string) string {
	if t == AnyType {
		return "其他类型"
	}
	if l, ok := labels[t]; ok {
		return l
	}
	return t
}

// ChainsView is what the chain editor needs: the workflow's steps, the
// organisation types and the chains configured.
type ChainsView struct {
	Steps    []StepView  `json:"steps"`
	OrgTypes []TypeLabel `json:"orgTypes"`
	Chains   []Chain     `json:"chains"`
}

// TypeLabel is an organisation type and its name.
type TypeLabel struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Chains lists the chains configured, by organisation type.
func (wf *Workflow[R]) Chains(ctx context.Context) (ChainsView, error) {
	wf.index()
	var rows []chainRow
	if err := wf.DB.NewSelect().Model(&rows).Where("workflow = ?", wf.Key).OrderExpr("org_type, seq").Scan(ctx); err != nil {
		return ChainsView{}, httpx.Internal(err)
	}
	out := ChainsView{Steps: make([]StepView, len(wf.Steps)), Chains: []Chain{}}
	for i, st := range wf.Steps {
		out.Steps[i] = StepView{Key: st.Key, Title: st.Name}
	}
	for _, r := range rows {
		if n := len(out.Chains); n == 0 || out.Chains[n-1].OrgType != r.OrgType {
			out.Chains = append(out.Chains, Chain{OrgType: r.OrgType})
		}
		c := &out.Chains[len(out.Chains)-1]
		c.Links = append(c.Links, r.link())
	}
	labels, err := wf.Orgs.TypeLabels(ctx)
	if err != nil {
		return ChainsView{}, httpx.Internal(err)
	}
	for v, l := range labels {
		out.OrgTypes = append(out.OrgTypes, TypeLabel{Value: v, Label: l})
	}
	sort.Slice(out.OrgTypes, func(i, j int) bool { return out.OrgTypes[i].Value < out.OrgTypes[j].Value })
	out.OrgTypes = append(out.OrgTypes, TypeLabel{Value: AnyType, Label: typeLabel(labels, AnyType)})
	return out, nil
}

// SetChain replaces the chain of one organisation type (no links: the type
// falls back to the chain of AnyType). Records already started keep the
// chain they started with.
func (wf *Workflow[R]) SetChain(ctx context.Context, c Chain) (ChainsView, error) {
	if err := wf.checkChain(ctx, &c); err != nil {
		return ChainsView{}, err
	}
	err := db.InTx(ctx, wf.DB, func(ctx context.Context, tx bun.Tx) error {
		return writeChain(ctx, tx, wf.Key, c, wf.now())
	})
	if err != nil {
		return ChainsView{}, httpx.AsError(err)
	}
	return wf.Chains(ctx)
}

// maxLinks bounds a chain (the longest workflow has 25 steps).
const maxLinks = 50

// checkChain validates a chain from the editor (roles trimmed in place).
func (wf *Workflow[R]) checkChain(ctx context.Context, c *Chain) error {
	labels, err := wf.Orgs.TypeLabels(ctx)
	if err != nil {
		return httpx.Internal(err)
	}
	if _, ok := labels[c.OrgType]; !ok && c.OrgType != AnyType {
		return httpx.Invalid("orgType", "请选择党组织类型")
	}
	if len(c.Links) > maxLinks {
		return httpx.Invalid("links", "审批链最多 %d 个环节", maxLinks)
	}
	seen := map[string]bool{}
	for i := range c.Links {
		l := &c.Links[i]
		l.Role, l.Acting = strings.TrimSpace(l.Role), uniq.Of(l.Acting)
		switch {
		case wf.step(l.Step) == nil:
			return httpx.Invalid("links", "第 %d 个环节不是%s流程的环节", i+1, wf.Noun)
		case seen[l.Step]:
			return httpx.Invalid("links", "环节「%s」重复", wf.stepName(l.Step))
		case len(l.Acting) == 0:
			return httpx.Invalid("links", "请选择办理「%s」的党组织类型", wf.stepName(l.Step))
		case l.Role == "" || utf8.RuneCountInString(l.Role) > 32:
			return httpx.Invalid("links", "请填写「%s」的办理角色（不超过 32 个字）", wf.stepName(l.Step))
		}
		seen[l.Step] = true
		for _, t := range l.Acting {
			if _, ok := labels[t]; !ok {
				return httpx.Invalid("links", "「%s」的办理党组织类型无效", wf.stepName(l.Step))
			}
		}
	}
	return nil
}
