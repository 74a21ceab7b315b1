/** Helpers for the id/children trees the server answers (departments, menus). */

export interface TreeNode {
  id: number
  children?: TreeNode[] | null
}

/** Every node, depth first (parents before children). */
export function flatten<T extends TreeNode>(nodes: readonly T[] | undefined | null): T[] {
  const out: T[] = []
  const walk = (list: readonly T[] | undefined | null) => {
    for (const n of list ?? []) {
      out.push(n)
      walk(n.children as T[] | undefined)
    }
  }
  walk(nodes)
  return out
}

export function countNodes(nodes: readonly TreeNode[] | undefined | null): number {
  return flatten(nodes).length
}

/** Ids of nodes without children. */
export function leafIds(nodes: readonly TreeNode[] | undefined | null): Set<number> {
  return new Set(
    flatten(nodes)
      .filter((n) => !n.children || n.children.length === 0)
      .map((n) => n.id),
  )
}

/** Ids of a node and everything below it. */
export function subtreeIds(node: TreeNode): number[] {
  return flatten([node]).map((n) => n.id)
}

/** antd Table treats `children: []` as expandable; drop empty lists so leaves show no arrow. */
export function pruneEmptyChildren<T extends TreeNode>(nodes: readonly T[]): T[] {
  return nodes.map((n) => {
    const kids = n.children && n.children.length > 0 ? pruneEmptyChildren(n.children as T[]) : undefined
    const copy = { ...n }
    if (kids) (copy as TreeNode).children = kids
    else delete (copy as TreeNode).children
    return copy
  })
}

/**
 * Options for antd Tree / TreeSelect. `disabled` marks nodes (and their subtrees) that cannot be
 * picked, e.g. a department itself when choosing its new parent.
 */
export interface TreeOption {
  title: string
  value: number
  key: number
  disabled?: boolean
  children?: TreeOption[]
}

export function toTreeOptions<T extends TreeNode>(
  nodes: readonly T[] | undefined | null,
  title: (n: T) => string,
  opts: { disabledIds?: ReadonlySet<number>; include?: (n: T) => boolean; selectable?: (n: T) => boolean } = {},
): TreeOption[] {
  const build = (list: readonly T[] | undefined | null, parentDisabled: boolean): TreeOption[] =>
    (list ?? [])
      .filter((n) => !opts.include || opts.include(n))
      .map((n) => {
        const disabled = parentDisabled || !!opts.disabledIds?.has(n.id)
        const kids = build(n.children as T[] | undefined, disabled)
        const o: TreeOption = { title: title(n), value: n.id, key: n.id }
        // A node that cannot be chosen itself (a committee above the branches) stays, to find those below it by.
        if (disabled || (opts.selectable && !opts.selectable(n))) o.disabled = true
        if (kids.length > 0) o.children = kids
        return o
      })
  return build(nodes, false)
}

/** Keeps nodes whose text matches, with their ancestors (for a client-side tree filter). */
export function filterTree<T extends TreeNode>(nodes: readonly T[], match: (n: T) => boolean): T[] {
  const out: T[] = []
  for (const n of nodes) {
    const kids = filterTree((n.children ?? []) as T[], match)
    if (match(n) || kids.length > 0) out.push({ ...n, children: kids.length > 0 ? kids : match(n) ? n.children : [] })
  }
  return out
}

/**
 * The ids plus every ancestor of them: what a checkable tree in conduct mode means by
 * "checked + half-checked", computed from the data so it holds before the first click too.
 */
export function withAncestors(nodes: readonly TreeNode[], ids: Iterable<number>): number[] {
  const parent = new Map<number, number>()
  const walk = (list: readonly TreeNode[] | null | undefined, pid: number | null) => {
    for (const n of list ?? []) {
      if (pid !== null) parent.set(n.id, pid)
      walk(n.children, n.id)
    }
  }
  walk(nodes, null)
  const out = new Set<number>()
  for (const id of ids) {
    let cur: number | undefined = id
    while (cur !== undefined && !out.has(cur)) {
      out.add(cur)
      cur = parent.get(cur)
    }
  }
  return [...out]
}

/**
 * Flat rows with `pid` as a tree, in the rows' order: a row whose parent is not among the rows
 * (outside the caller's scope, or filtered out) becomes a root. Leaves get no `children`.
 */
export function forestOf<T extends { id: number; pid: number | null }>(rows: readonly T[]): (T & { children?: T[] })[] {
  type N = T & { children?: N[] }
  const byId = new Map<number, N>(rows.map((r) => [r.id, { ...r }]))
  const roots: N[] = []
  for (const n of byId.values()) {
    const parent = n.pid !== null ? byId.get(n.pid) : undefined
    if (parent && parent !== n) (parent.children ??= []).push(n)
    else roots.push(n)
  }
  return roots
}
