import { AlertOutlined, BellOutlined, ScheduleOutlined } from '@ant-design/icons'
import { Badge, Tooltip } from 'antd'
import { Link } from 'react-router'
import { useCountersStore } from '@/stores/counters'

/** The counters of the top bar and where each leads (the phone's overflow menu lists them too). */
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
    </>
  )
}
