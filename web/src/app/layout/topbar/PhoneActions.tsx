import { FullscreenExitOutlined, FullscreenOutlined, MoreOutlined, QuestionCircleOutlined, SearchOutlined } from '@ant-design/icons'
import { Badge, Dropdown, Input, Modal, type MenuProps } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { LAYOUT_SIZES, useAppStore, type LayoutSize } from '@/stores/app'
import { useConfigStore } from '@/stores/config'
import { DIALOG_DEFAULTS } from '../../bridge'
import { AVATAR_ITEMS, useAvatarAction } from './AvatarMenu'
import { useCounterLinks } from './CounterBadges'
import { useFullscreen } from './FullscreenToggle'
import { MenuSearchSelect } from './MenuSearch'
import { useModeItems } from './ModeSwitch'
import { qaUrl } from './QaSearch'
import { useChooseSize } from './SizeSelect'

type Dialog = 'search' | 'qa' | null

/** Menu keys carry their action: "go:<path>", "size:<size>", or a plain action name. */
const GO = 'go:'
const SIZE = 'size:'

/**
 * On a phone the header has no room for its actions: search, counters, mode switch, size, full
 * screen and the user's own entries all sit in one overflow menu (a dot on it when something waits).
 * The searches open in a dialog, where the keyboard has the whole width.
 */
export default function PhoneActions() {
  const navigate = useNavigate()
  const counters = useCounterLinks()
  const modes = useModeItems()
  const size = useAppStore((s) => s.size)
  const chooseSize = useChooseSize()
  const fullscreen = useFullscreen()
  const avatarAction = useAvatarAction()
  const qaBase = useConfigStore((s) => s.config.qaSearchUrl)
  const [dialog, setDialog] = useState<Dialog>(null)
  const close = () => setDialog(null)

  const items: MenuProps['items'] = [
    { key: 'search', icon: <SearchOutlined />, label: '菜单搜索' },
    ...(qaBase ? [{ key: 'qa', icon: <QuestionCircleOutlined />, label: '党务问答' }] : []),
    ...counters.map((c) => ({
      key: GO + c.to,
      icon: c.icon,
      label: (
        <span className="phone-action-count" data-counter={c.key}>
          {c.title}
          <Badge count={c.count} overflowCount={99} size="small" />
        </span>
      ),
    })),
    ...(modes.length > 0 ? [{ type: 'group' as const, label: '切换模式', children: modes.map((m) => ({ key: GO + m.path, label: m.title })) }] : []),
    {
      type: 'group',
      label: '布局大小',
      children: LAYOUT_SIZES.map((s) => ({ key: SIZE + s.value, label: s.label, disabled: s.value === size })),
    },
    {
      key: 'fullscreen',
      icon: fullscreen.full ? <FullscreenExitOutlined /> : <FullscreenOutlined />,
      label: fullscreen.full ? '退出全屏' : '全屏',
    },
    { type: 'divider' },
    ...AVATAR_ITEMS,
  ]

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith(GO)) navigate(key.slice(GO.length))
    else if (key.startsWith(SIZE)) chooseSize(key.slice(SIZE.length) as LayoutSize)
    else if (key === 'search' || key === 'qa') setDialog(key)
    else if (key === 'fullscreen') fullscreen.toggle()
    else avatarAction(key)
  }

  return (
    <>
      <Dropdown trigger={['click']} placement="bottomRight" classNames={{ root: 'phone-actions-menu' }} menu={{ items, onClick }}>
        <span className="top-bar-item" role="button" aria-label="更多操作">
          <Badge dot={counters.some((c) => c.count > 0)}>
            <MoreOutlined />
          </Badge>
        </span>
      </Dropdown>
      <Modal {...DIALOG_DEFAULTS} open={dialog === 'search'} title="菜单搜索" footer={null} onCancel={close} destroyOnHidden>
        <MenuSearchSelect className="phone-search" onChosen={close} />
      </Modal>
      <Modal {...DIALOG_DEFAULTS} open={dialog === 'qa'} title="党务问答" footer={null} onCancel={close} destroyOnHidden>
        <Input.Search
          autoFocus
          placeholder="请输入党务相关问题"
          enterButton="搜索"
          onSearch={(question) => {
            if (qaBase && question.trim()) window.open(qaUrl(qaBase, question.trim()), '_blank', 'noopener')
          }}
        />
      </Modal>
    </>
  )
}
