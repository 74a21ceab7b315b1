import { UserOutlined } from '@ant-design/icons'
import { Avatar, Dropdown } from 'antd'
import { useNavigate } from 'react-router'
import { useConfigStore } from '@/stores/config'
import { useSessionStore } from '@/stores/session'
import { useSettingsStore } from '@/stores/settings'
import { DIALOG_DEFAULTS, ui } from '../../bridge'

export const LOGOUT_CONFIRM = '确定注销并退出系统吗？'

/**
 * Where the browser goes after logout: the SSO logout address when configured (a `{redirect}`
 * placeholder in it receives the app's URL), else the login page.
 */
export function afterLogoutUrl(ssoLogoutUrl: string | undefined, appUrl: string): string | null {
  if (!ssoLogoutUrl) return null
  return ssoLogoutUrl.replace('{redirect}', encodeURIComponent(appUrl))
}

/** The user's own entries. */
export const AVATAR_ITEMS = [
  { key: 'settings', label: '布局设置' },
  { key: 'center', label: '个人中心' },
  { type: 'divider' as const },
  { key: 'logout', label: '退出登录' },
]

/** The user's own entries on a phone: no layout settings (the phone's layout is fixed). */
export const PHONE_AVATAR_ITEMS = AVATAR_ITEMS.filter((i) => !('key' in i) || i.key !== 'settings')

/** Runs one of AVATAR_ITEMS. */
export function useAvatarAction(): (key: string) => void {
  const navigate = useNavigate()
  const sso = useConfigStore((s) => s.config.ssoLogoutUrl)

  const logout = () =>
    ui.modal.confirm({
      ...DIALOG_DEFAULTS,
      title: '提示',
      content: LOGOUT_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await useSessionStore.getState().logout()
        const target = afterLogoutUrl(sso, `${window.location.origin}${import.meta.env.BASE_URL}`)
        if (target) window.location.assign(target)
        else navigate('/login', { replace: true })
      },
    })

  return (key) => {
    if (key === 'settings') useSettingsStore.getState().setDrawerOpen(true)
    if (key === 'center') navigate('/user/center')
    if (key === 'logout') logout()
  }
}

export default function AvatarMenu() {
  const user = useSessionStore((s) => s.user)
  const act = useAvatarAction()
  return (
    <Dropdown trigger={['click']} menu={{ items: AVATAR_ITEMS, onClick: ({ key }) => act(key) }}>
      <span className="top-bar-item avatar" role="button" aria-label="用户菜单">
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span className="user-name">{user?.nickName || user?.username}</span>
      </span>
    </Dropdown>
  )
}
