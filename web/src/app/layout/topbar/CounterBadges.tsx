import { AlertOutlined, BellOutlined, ScheduleOutlined } from '@ant-design/icons'
import { Badge, Empty, List, Popover, Tag, Tooltip, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { PERM } from '@/api/permissions'
import { orgPath } from '@/components/org/org'
import { useHasPermission } from '@/components/Permission'
import { useCountersStore } from '@/stores/counters'

/** The to-do and message counters and where each leads (the phone's overflow menu lists them too). */
export function useCounterLinks() {
  const { todo, remind } = useCountersStore()
  return [
    { key: 'todo', title: '待办', count: todo, to: '/message/msginfo?tab=todo', icon: <ScheduleOutlined /> },
    { key: 'remind', title: '消息', count: remind, to: '/message/msginfo?tab=message', icon: <BellOutlined /> },
  ]
}

/** To-do / message / warning badges: hidden at 0, capped at 99. */
export default function CounterBadges() {
  const items = useCounterLinks()
  return (
    <>
      {items.map((i) => (
        <Tooltip key={i.key} title={i.title}>
          <Link to={i.to} className="top-bar-item" aria-label={i.title} data-counter={i.key}>
            <Badge count={i.count} overflowCount={99} size="small">
              {i.icon}
            </Badge>
          </Link>
        </Tooltip>
      ))}
      <WarningBadge />
    </>
  )
}

/** The title of the 预警 list: organisation warnings for holders of home:view. */
export function useWarningTitle(): string {
  const orgWarning = useCountersStore((s) => s.orgWarning)
  return useHasPermission([PERM.homeView]) ? `组织预警（${orgWarning}）` : '预警'
}

/**
 * The 预警 list (under the top bar's badge, in a dialog on a phone): the organisation warnings of the
 * user's scope, then the way to all of them and to the user's own; onNavigate closes what holds it.
 */
export function WarningList({ onNavigate }: { onNavigate: () => void }) {
  const { orgWarning, orgWarnings, personalWarning } = useCountersStore()
  const orgs = useHasPermission([PERM.homeView])
  return (
    <div className="warning-list">
      {orgs &&
        (orgWarnings.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="您管理范围内的党组织暂无预警" />
        ) : (
          <List
            className="warning-list-items"
            size="small"
            dataSource={orgWarnings}
            renderItem={(w) => (
              <List.Item key={`${w.orgId}-${w.rule}`}>
                <div>
                  <Tag color={w.level === 'error' ? 'red' : 'orange'}>{w.level === 'error' ? '已到期' : '提醒'}</Tag>
                  <Link to={orgPath(w.orgId)} onClick={onNavigate}>
                    {w.orgName}
                  </Link>
                  <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
                    {w.message}
                  </Typography.Paragraph>
                </div>
              </List.Item>
            )}
          />
        ))}
      <div className="warning-list-footer">
        {orgs && orgWarning > orgWarnings.length && (
          <Link to="/home/home" onClick={onNavigate}>
            全部 {orgWarning} 条组织预警
          </Link>
        )}
        <Link to="/message/warning" onClick={onNavigate}>
          我的预警消息（{personalWarning}）
        </Link>
      </div>
    </div>
  )
}

/**
 * 预警: the organisation warnings of the user's scope (terms due or overdue, branches breaking the
 * size rules; computed by the server when asked, home:view) plus the user's own warnings. A click
 * lists them, fetched afresh; each organisation opens its detail.
 */
function WarningBadge() {
  const { warning, refreshWarning } = useCountersStore()
  const title = useWarningTitle()
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  return (
    <Popover
      trigger="click"
      // Centred under the badge: antd shifts a centred popup to stay on a phone's screen.
      placement="bottom"
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) void refreshWarning()
      }}
      title={title}
      content={<WarningList onNavigate={close} />}
    >
      <Tooltip title="预警" open={open ? false : undefined}>
        <button type="button" className="top-bar-item" aria-label="预警" data-counter="warning">
          <Badge count={warning} overflowCount={99} size="small">
            <AlertOutlined />
          </Badge>
        </button>
      </Tooltip>
    </Popover>
  )
}
