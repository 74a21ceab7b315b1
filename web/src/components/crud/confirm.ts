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

/**
 * Asks "确定删除{kind}“name”吗？{note}" and deletes on 确定; resolves true when deleted. `kind`
 * names what is deleted when the page holds several things (领导班子); `note` says what to know.
 */
export function confirmDeleteOf(name: string, action: () => Promise<unknown>, { kind = '', note = '' }: { kind?: string; note?: string } = {}): Promise<boolean> {
  return confirmAction(`确定删除${kind}“${name}”吗？${note}`, action, '删除成功', true)
}
