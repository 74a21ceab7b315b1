import { Card, Empty, List } from 'antd'
import { Link } from 'react-router'
import type { HomeSummary } from '@/api/home'
import RecordLink from '@/components/RecordLink'
import { formatTime } from '@/utils/time'

/** The caller's open to-dos of the message centre, newest first. */
export default function TodoList({ s }: { s: HomeSummary }) {
  const { content, totalElements } = s.todos
  return (
    <Card title={`待办事项（${totalElements}）`} variant="borderless" style={{ marginBottom: 16 }} extra={<Link to="/message/msginfo?tab=todo">全部待办</Link>}>
      {content.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办事项：需要您办理的事项会显示在这里" />
      ) : (
        <List
          size="small"
          dataSource={content}
          renderItem={(t) => (
            <List.Item key={t.id} actions={[<RecordLink key="open" link={t.link} text="办理" />]}>
              <List.Item.Meta title={t.title} description={formatTime(t.createTime, 'YYYY-MM-DD HH:mm')} />
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}
