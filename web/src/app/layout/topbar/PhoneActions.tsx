import { AlertOutlined, MoreOutlined, QuestionCircleOutlined, SearchOutlined, SwapOutlined } from '@ant-design/icons'
import { Badge, Dropdown, Input, Modal, type MenuProps } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useConfigStore } from '@/stores/config'
import { useCountersStore } from '@/stores/counters'
import { usePermissionStore } from '@/stores/permission'
import { useSessionStore } from '@/stores/session'
import { DIALOG_DEFAULTS } from '../../bridge'
import { useChooseMode, useModes } from '../useModes'
import { avatarItems, useAvatarAction } from './AvatarMenu'
import { useCounterLinks, useWarningTitle, WarningList } from './CounterBadges'
import { MenuSearchSelect } from './MenuSearch'
import { qaUrl } from './QaSearch'

type Dialog = 'search' | 'qa' | 'warning' | null

/** Menu keys carry their action: "go:<path>", "mode:<mode>", or a plain action name. */
const GO = 'go:'
const MODE = 'mode:'

/**
 * On a phone the header has no room for its actions: search, counters, mode switch and the user's
 * own entries sit in one overflow menu (a dot on it when something waits). Only what works on a
 * phone: no layout size, full screen or layout settings; the menu search only for users with menus.
 * The searches open in a dialog, where the keyboard has the whole width.
 */
export default function PhoneActions() {
  const navigate = useNavigate()
  const counters = useCounterLinks()
  const warning = useCountersStore((s) => s.warning)
  const warningTitle = useWarningTitle()
  const hasMenus = usePermissionStore((s) => s.model.top.length > 0)
  const { modes, current, showSwitch } = useModes()
  const chooseMode = useChooseMode(modes)
  const avatarAction = useAvatarAction()
  const user = useSessionStore((s) => s.user)
  const qaBase = useConfigStore((s) => s.config.qaSearchUrl)
  const [dialog, setDialog] = useState<Dialog>(null)
  const close = () => setDialog(null)

  const items: MenuProps['items'] = [
    ...(hasMenus ? [{ key: 'search', icon: <SearchOutlined />, label: '菜单搜索' }] : []),
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
    {
      key: 'warning',
      icon: <AlertOutlined />,
      label: (
        <span className="phone-action-count" data-counter="warning">
          预警
          <Badge count={warning} overflowCount={99} size="small" />
        </span>
      ),
    },
    ...(showSwitch
      ? [
          {
            type: 'group' as const,
            label: '切换模式',
            children: modes.map((m) => ({ key: MODE + m.key, icon: <SwapOutlined />, label: m.title, disabled: m.key === current?.key })),
          },
        ]
      : []),
    { type: 'divider' },
    ...avatarItems(user, true),
  ]

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key.startsWith(GO)) navigate(key.slice(GO.length))
    else if (key.startsWith(MODE)) chooseMode(key.slice(MODE.length))
    else if (key === 'search' || key === 'qa') setDialog(key)
    else if (key === 'warning') {
      // Listed afresh, as under the desktop badge.
      void useCountersStore.getState().refreshWarning()
      setDialog('warning')
    }
    else avatarAction(key)
  }

  return (
    <>
      <Dropdown trigger={['click']} placement="bottomRight" classNames={{ root: 'phone-actions-menu' }} menu={{ items, onClick }}>
        <span className="top-bar-item" role="button" aria-label="更多操作">
          <Badge dot={warning > 0 || counters.some((c) => c.count > 0)}>
            <MoreOutlined />
          </Badge>
        </span>
      </Dropdown>
      <Modal {...DIALOG_DEFAULTS} open={dialog === 'search'} title="菜单搜索" footer={null} onCancel={close} destroyOnHidden>
        <MenuSearchSelect className="phone-search" onChosen={close} />
      </Modal>
      <Modal {...DIALOG_DEFAULTS} open={dialog === 'warning'} title={warningTitle} footer={null} onCancel={close} destroyOnHidden>
        <WarningList onNavigate={close} />
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
