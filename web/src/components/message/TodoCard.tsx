import { Card, Empty, List } from 'antd'
import { Link } from 'react-router'
import type { TodoItem } from '@/api/message'
import type { Page } from '@/api/request'
import RecordLink from '@/components/RecordLink'
import { formatTime } from '@/utils/time'

/** The caller's open to-dos of the message centre, newest first (首页 and 党员首页). */
export default function TodoCard({ todos, title = '待办事项' }: { todos: Page<TodoItem>; title?: string }) {
  const { content, totalElements } = todos
  return (
    <Card title={`${title}（${totalElements}）`} variant="borderless" style={{ marginBottom: 16 }} extra={<Link to="/message/msginfo?tab=todo">全部待办</Link>}>
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
