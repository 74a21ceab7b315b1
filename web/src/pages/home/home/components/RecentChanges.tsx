import { Card, Empty, List, Typography } from 'antd'
import { Link } from 'react-router'
import type { HomeSummary, RecentChange } from '@/api/home'
import { memberDetailPath } from '@/components/member/service'
import { orgPath } from '@/components/org/org'
import { formatTime } from '@/utils/time'

const pathOf = (c: RecentChange) => (c.module === 'member' ? memberDetailPath(c.recordId) : orgPath(c.recordId))
const nounOf = (c: RecentChange) => (c.module === 'member' ? '党员' : '党组织')

/** The newest entries of the member and organisation change trails of the caller's scope. */
export default function RecentChanges({ s }: { s: HomeSummary }) {
  return (
    <Card title="最近变动" variant="borderless" style={{ marginBottom: 16 }}>
      {s.recent.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={s.scoped ? '暂无变动记录：您管理范围内党员和党组织的新增、修改会记入变动轨迹并显示在这里' : '您的账号尚未关联党组织，暂无变动记录'}
        />
      ) : (
        <List
          size="small"
          dataSource={s.recent}
          renderItem={(c) => (
            <List.Item key={`${c.module}-${c.recordId}-${c.createTime}`} extra={<Typography.Text type="secondary">{formatTime(c.createTime, 'MM-DD HH:mm')}</Typography.Text>}>
              <List.Item.Meta
                title={
                  <>
                    {nounOf(c)} <Link to={pathOf(c)}>{c.recordName}</Link> {c.typeLabel}
                  </>
                }
                description={[c.summary, c.operatorName && `操作人：${c.operatorName}`].filter(Boolean).join(' · ')}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}
