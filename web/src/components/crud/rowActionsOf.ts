import type { Perm } from '@/api/permissions'
import { confirmDeleteOf } from './confirm'
import type { RowAction } from './RowActions'

/** 编辑 of a row, for holders of `need`. */
export const editAction = (need: Perm | undefined, onClick: () => void, more: Partial<RowAction> = {}): RowAction => ({ key: 'edit', label: '编辑', need, onClick, ...more })

export interface DeleteActionOptions extends Partial<RowAction> {
  /** What is deleted, in the confirmation (确定删除{kind}“name”吗？). */
  kind?: string
  /** What to know before deleting, after the question. */
  note?: string
}

/**
 * 删除 of a row, for holders of `need` (none: whoever sees the row's actions): asks naming the record, deletes on 确定, then `onDone`
 * (reload the list). A refused delete keeps the dialog (the request pipeline says why).
 */
export function deleteAction(need: Perm | undefined, name: string, remove: () => Promise<unknown>, onDone: () => void, { kind, note, ...more }: DeleteActionOptions = {}): RowAction {
  return {
    key: 'del',
    label: '删除',
    need,
    danger: true,
    onClick: () => void confirmDeleteOf(name, remove, { kind, note }).then((done) => done && onDone()),
    ...more,
  }
}
