import { UserOutlined } from '@ant-design/icons'
import { Avatar, Dropdown } from 'antd'
import { useNavigate } from 'react-router'
import type { User } from '@/api/types'
import { isTrue, useConfigStore } from '@/stores/config'
import { useSessionStore } from '@/stores/session'
import { useSettingsStore } from '@/stores/settings'
import { DIALOG_DEFAULTS, ui } from '../../bridge'

export const LOGOUT_CONFIRM = '确定注销并退出系统吗？'

/**
 * Where the browser goes after logout: the SSO logout address when configured (a `{redirect}`
 * placeholder in it receives the app's URL), else the CAS logout when the central sign-on is on
 * (the server knows its address and the way back), else the login page (null).
 */
export function afterLogoutUrl(ssoLogoutUrl: string | undefined, appUrl: string, casEnabled = false): string | null {
  if (ssoLogoutUrl) return ssoLogoutUrl.replace('{redirect}', encodeURIComponent(appUrl))
  return casEnabled ? '/auth/cas/logout' : null
}

/** The user's own entries. */
export const AVATAR_ITEMS = [
  { key: 'settings', label: '布局设置' },
  { key: 'center', label: '个人中心' },
  { type: 'divider' as const },
  { key: 'logout', label: '退出登录' },
]

/** The entry of a cadre's own record, for an account a cadre's record names. */
export const CADRE_ITEM = { key: 'gbMy', label: '我的干部信息' }

/** The user's own entries: 我的干部信息 after 个人中心 when the account is a cadre's (the session says so). */
export function avatarItems(user: Pick<User, 'cadreLinked'> | null, phone = false) {
  const items = phone ? AVATAR_ITEMS.filter((i) => !('key' in i) || i.key !== 'settings') : AVATAR_ITEMS
  if (!user?.cadreLinked) return items
  const at = items.findIndex((i) => 'key' in i && i.key === 'center') + 1
  return [...items.slice(0, at), CADRE_ITEM, ...items.slice(at)]
}

/** Runs one of AVATAR_ITEMS. */
export function useAvatarAction(): (key: string) => void {
  const navigate = useNavigate()
  const sso = useConfigStore((s) => s.config.ssoLogoutUrl)
  const cas = useConfigStore((s) => isTrue(s.config.casEnabled))

  const logout = () =>
    ui.modal.confirm({
      ...DIALOG_DEFAULTS,
      title: '提示',
      content: LOGOUT_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await useSessionStore.getState().logout()
        const target = afterLogoutUrl(sso, `${window.location.origin}${import.meta.env.BASE_URL}`, cas)
        if (target) window.location.assign(target)
        else navigate('/login', { replace: true })
      },
    })

  return (key) => {
    if (key === 'settings') useSettingsStore.getState().setDrawerOpen(true)
    if (key === 'center') navigate('/user/center')
    if (key === CADRE_ITEM.key) navigate('/gb/my')
    if (key === 'logout') logout()
  }
}

export default function AvatarMenu() {
  const user = useSessionStore((s) => s.user)
  const act = useAvatarAction()
  return (
    <Dropdown trigger={['click']} menu={{ items: avatarItems(user), onClick: ({ key }) => act(key) }}>
      <span className="top-bar-item avatar" role="button" aria-label="用户菜单">
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span className="user-name">{user?.nickName || user?.username}</span>
      </span>
    </Dropdown>
  )
}
