import { Card, Skeleton } from 'antd'

/**
 * What a list or card shows while its first data is on the way: grey placeholder rows, never an empty-state
 * text (暂无…), which would claim there is nothing before the server has answered.
 */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="list-skeleton" data-testid="list-skeleton" aria-busy="true" aria-label="加载中" style={{ padding: '8px 0', textAlign: 'start' }}>
      <Skeleton active title={false} paragraph={{ rows, width: '100%' }} />
    </div>
  )
}

/** A page of cards still loading (首页, 党员首页): the layout's shape in grey, then the real cards. */
export function PageSkeleton({ cards = 3 }: { cards?: number }) {
  return (
    <div data-testid="page-skeleton" aria-busy="true" aria-label="加载中">
      {Array.from({ length: cards }, (_, i) => (
        <Card key={i} variant="borderless" style={{ marginBottom: 16 }}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </Card>
      ))}
    </div>
  )
}
