import { Card, Empty, List, Tag } from 'antd'
import { Link } from 'react-router'
import type { HomeSummary } from '@/api/home'
import { PERM } from '@/api/permissions'
import { orgPath } from '@/components/org/org'
import Permission from '@/components/Permission'

/** The organisation rules of RULES.md §4 broken now in the caller's scope, each opening its organisation. */
export default function WarningList({ s }: { s: HomeSummary }) {
  const { items, total, termReminderMonths } = s.warnings
  const empty = s.scoped
    ? `暂无预警：没有任期在${termReminderMonths}个月内届满或已到期的党组织，也没有正式党员不足3名、党员超过50名等不符合规模规定的支部`
    : '您的账号尚未关联党组织，无法计算组织预警'
  return (
    <Card
      title={`组织预警（${total}）`}
      variant="borderless"
      style={{ marginBottom: 16 }}
      extra={
        <Permission need={[PERM.dzzList]}>
          <Link to="/party/dzz">组织关系与预警</Link>
        </Permission>
      }
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <List
          size="small"
          dataSource={items}
          pagination={items.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
          renderItem={(w) => (
            <List.Item key={`${w.orgId}-${w.rule}`}>
              <List.Item.Meta
                title={
                  <>
                    <Tag color={w.level === 'error' ? 'red' : 'orange'}>{w.level === 'error' ? '已到期' : '提醒'}</Tag>
                    <Link to={orgPath(w.orgId)}>{w.orgName}</Link>
                  </>
                }
                description={w.message}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}
