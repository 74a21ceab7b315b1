import { DIALOG_DEFAULTS, ui } from '@/app/bridge'

/**
 * Asks with a confirmation dialog, runs the action on 确定 and shows `success`. Resolves true when
 * it ran; a failed action keeps the dialog open (the request pipeline shows why) and resolves false.
 * Like confirmDelete, for actions other than delete.
 */
export function confirmAction(content: string, action: () => Promise<unknown>, success: string, danger = false): Promise<boolean> {
  return new Promise((resolve) => {
    ui.modal.confirm({
      ...DIALOG_DEFAULTS,
      title: '提示',
      content,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await action()
          ui.message.success(success)
          resolve(true)
        } catch (e) {
          resolve(false)
          throw e
        }
      },
      onCancel: () => resolve(false),
    })
  })
}

/** How many names a delete confirmation lists before "等 N 条". */
export const NAMES_LISTED = 5

/**
 * The question of a delete, naming what goes: 确定删除{kind}“张三”吗？ for one record,
 * 确定删除{kind}“张三”、“李四”（共 2 条）吗？ for several, the first few and 等 N 条 for many.
 * `count` is how many go when not every one's name is at hand (a selection across pages); a record
 * without a name (blank) is counted but not listed.
 */
export function deleteQuestion(names: string[], kind = '', count = names.length): string {
  const named = names.map((n) => n.trim()).filter(Boolean)
  const listed = named.slice(0, NAMES_LISTED).map((n) => `“${n}”`).join('、')
  if (count === 1 && listed) return `确定删除${kind}${listed}吗？`
  if (!listed) return `确定删除选中的 ${count} 条${kind || '数据'}吗？`
  const more = named.length > NAMES_LISTED || named.length < count ? ` 等 ${count} 条` : `（共 ${count} 条）`
  return `确定删除${kind}${listed}${more}吗？`
}

/**
 * Asks "确定删除{kind}“name”吗？{note}" and deletes on 确定; resolves true when deleted. `kind`
 * names what is deleted when the page holds several things (领导班子); `note` says what to know.
 * Several names (a batch delete) are listed as deleteQuestion says.
 */
export function confirmDeleteOf(
  name: string | string[],
  action: () => Promise<unknown>,
  { kind = '', note = '', count }: { kind?: string; note?: string; count?: number } = {},
): Promise<boolean> {
  return confirmAction(`${deleteQuestion(typeof name === 'string' ? [name] : name, kind, count)}${note}`, action, '删除成功', true)
}
