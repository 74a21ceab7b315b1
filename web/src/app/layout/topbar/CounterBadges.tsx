import { AlertOutlined, BellOutlined, ScheduleOutlined } from '@ant-design/icons'
import { Badge, Empty, List, Popover, Tag, Tooltip, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { PERM } from '@/api/permissions'
import { orgPath } from '@/components/org/org'
import { useHasPermission } from '@/components/Permission'
import { useCountersStore } from '@/stores/counters'

/**
 * The counters of the top bar and where each leads (the phone's overflow menu lists them all; the
 * desktop bar opens 预警 as a list of its own).
 */
export function useCounterLinks() {
  const { todo, remind, warning } = useCountersStore()
  return [
    { key: 'todo', title: '待办', count: todo, to: '/message/msginfo?tab=todo', icon: <ScheduleOutlined /> },
    { key: 'remind', title: '消息', count: remind, to: '/message/msginfo?tab=message', icon: <BellOutlined /> },
    { key: 'warning', title: '预警', count: warning, to: '/message/warning', icon: <AlertOutlined /> },
  ]
}

/** To-do / message / warning badges: hidden at 0, capped at 99. */
export default function CounterBadges() {
  const items = useCounterLinks().filter((i) => i.key !== 'warning')
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

/**
 * 预警: the organisation warnings of the user's scope (terms due or overdue, branches breaking the
 * size rules; computed by the server when asked, home:view) plus the user's own warnings. A click
 * lists them, fetched afresh; each organisation opens its detail.
 */
function WarningBadge() {
  const { warning, orgWarning, orgWarnings, personalWarning, refreshWarning } = useCountersStore()
  const orgs = useHasPermission([PERM.homeView])
  const [open, setOpen] = useState(false)
  const close = () => setOpen(false)
  const content = (
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
                  <Link to={orgPath(w.orgId)} onClick={close}>
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
          <Link to="/home/home" onClick={close}>
            全部 {orgWarning} 条组织预警
          </Link>
        )}
        <Link to="/message/warning" onClick={close}>
          我的预警消息（{personalWarning}）
        </Link>
      </div>
    </div>
  )
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) void refreshWarning()
      }}
      title={orgs ? `组织预警（${orgWarning}）` : '预警'}
      content={content}
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
