import { Result } from 'antd'
import { useEffect, type ReactNode } from 'react'
import { useNoAnchorStore } from '@/stores/noAnchor'

export const NO_ANCHOR_TITLE = '您的账号尚未关联党组织，请联系管理员'

interface Props {
  /** The open page's pathname. */
  path: string
  children: ReactNode
}

/**
 * Forgets a refusal once another page is open (call with the open page's pathname): coming back mounts
 * the page again, and its own requests decide.
 */
export function useNoAnchorReset(openPath: string) {
  useEffect(() => {
    const { path, clear } = useNoAnchorStore.getState()
    if (path !== null && path !== openPath) clear()
  }, [openPath])
}

/**
 * A page, or, once one of its requests was refused with NO_ANCHOR, the reason it cannot show
 * anything: every scoped page says it the same way, from the request pipeline (no page handles it).
 */
export default function NoAnchorNotice({ path, children }: Props) {
  const refusedAt = useNoAnchorStore((s) => s.path)
  const message = useNoAnchorStore((s) => s.message)
  if (refusedAt !== path) return children
  return (
    <Result
      status="warning"
      title={message || NO_ANCHOR_TITLE}
      subTitle="您的角色按所在党组织确定可以查看的数据，而您的账号还没有所在党组织。请管理员在“用户管理”中为您的账号选择所在党组织，或在党组织的“设置书记/委员”中关联您的账号。"
    />
  )
}
