import { useQuery } from '@tanstack/react-query'
import { Card, Empty, List, Spin } from 'antd'
import { Link } from 'react-router'
import { workSummary } from '@/api/message'

/** The query key of the caller's work summary (the 待办 page and this card share it). */
export const WORK_SUMMARY_KEY = ['worklist', 'summary']

/**
 * What waits for the caller, by module with its count, each opening its list in the message centre: 首页's
 * 待办事项 and 党员首页's 我的待办 (a form to fill in, a vote, a fee: the modules' lists as well as the stored to-dos).
 */
export default function WorkCard({ title = '待办事项' }: { title?: string }) {
  const q = useQuery({ queryKey: WORK_SUMMARY_KEY, queryFn: () => workSummary(true) })
  const waiting = (q.data?.groups ?? []).filter((g) => g.count > 0)
  return (
    <Card
      title={`${title}${q.data ? `（${q.data.total}）` : ''}`}
      variant="borderless"
      style={{ marginBottom: 16 }}
      extra={<Link to="/message/msginfo?tab=todo">全部待办</Link>}
    >
      {q.isLoading ? (
        <Spin />
      ) : q.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="待办事项加载失败，请稍后刷新" />
      ) : waiting.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无待办事项：需要您办理的事项会显示在这里" />
      ) : (
        <List
          size="small"
          dataSource={waiting}
          renderItem={(g) => (
            <List.Item key={g.key} actions={[<Link key="open" to={`/message/msginfo?tab=todo&list=${g.key}`}>查看</Link>]}>
              <List.Item.Meta title={g.title} description={`${g.count} 项待办理`} />
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}
