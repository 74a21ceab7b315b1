import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Empty, Pagination, Space, Spin, Table, Tag, Timeline, Typography } from 'antd'
import { useState } from 'react'
import type { Page } from '@/api/request'
import { confirmAction } from '@/components/crud/confirm'
import { ListSkeleton } from '@/components/LoadingSkeleton'
import { totalText } from '@/components/pagerTotal'
import { useDicts } from '@/components/dict/useDicts'
import { dictLabel } from '@/utils/dict'
import { formatTime } from '@/utils/time'
import { entrySentences } from './sentences'

/** One change of a trail entry. */
export interface TrailChange {
  field: string
  label: string
  old: string
  new: string
}

/** A change-trail entry as the domains answer it (platform/audit Entry, with labels where the API adds them). */
export interface TrailEntry {
  id: number
  recordId: number
  type: number
  origin: number
  summary: string
  changes: TrailChange[]
  operatorName: string
  restoredFrom: number | null
  createTime: string
  typeLabel?: string
  originLabel?: string
}

const emptyCell = (v: string) => v || <Typography.Text type="secondary">（空）</Typography.Text>

/** The field changes of one trail entry: field, old value, new value. */
export function ChangesTable({ changes }: { changes: TrailChange[] }) {
  return (
    <Table<TrailChange>
      size="small"
      rowKey={(c) => `${c.field}-${c.label}`}
      pagination={false}
      dataSource={changes}
      columns={[
        { title: '字段', dataIndex: 'label', width: 140 },
        { title: '原值', dataIndex: 'old', render: emptyCell },
        { title: '新值', dataIndex: 'new', render: emptyCell },
      ]}
      style={{ maxWidth: 760 }}
    />
  )
}

/** Dictionaries of the labels: TYPE in PARTY_MEMBER_UPLOAD, ORIGIN in PARTY_MEMBER_UPDATE. */
export const TRAIL_TYPE_DICT = 'PARTY_MEMBER_UPLOAD'
export const TRAIL_ORIGIN_DICT = 'PARTY_MEMBER_UPDATE'

/** Built-in labels when neither the API nor the dictionaries name a value. */
/** The type of the entry a deleted record leaves: its last state, from each value to nothing. */
export const TRAIL_DELETE = 3

/** The colour of an entry's type tag: 新增 green, 删除 red, 修改 blue. */
export const trailTypeColor = (type: number) => (type === 1 ? 'green' : type === TRAIL_DELETE ? 'red' : 'blue')

const TYPE_FALLBACK: Record<number, string> = { 1: '新增', 2: '修改', [TRAIL_DELETE]: '删除' }
const ORIGIN_FALLBACK: Record<number, string> = { 1: '系统导入', 2: '用户新增', 3: '用户修改', 4: '系统导入更新', 5: '用户还原', 6: '用户删除' }

const PAGE_SIZE = 10

interface Props {
  /** Cache key of this record's trail, e.g. ['trail', 'dyjbxx', id]. */
  queryKey: readonly unknown[]
  fetch: (page: number, size: number) => Promise<Page<TrailEntry>>
  /** Restores the record to the state an entry left it in; without it no restore is offered. */
  restore?: (trailId: number) => Promise<unknown>
  /** The caller's permission to restore (the button is hidden otherwise). */
  canRestore?: boolean
  /** After a restore (reload the record). */
  onRestored?: () => void
  /** Sentences instead of audit rows (the member's own trail): "2026-03-01 所在党组织由…调整为…". */
  sentences?: boolean
}

/**
 * The change trail (变动轨迹) of one record: newest first, who changed what when, each field's
 * old → new value, and a restore of any earlier state (itself recorded as a new entry).
 */
export default function ChangeTrail({ queryKey, fetch, restore, canRestore = false, onRestored, sentences = false }: Props) {
  const [page, setPage] = useState(0)
  const client = useQueryClient()
  const dicts = useDicts(TRAIL_TYPE_DICT, TRAIL_ORIGIN_DICT)
  const q = useQuery({ queryKey: [...queryKey, page], queryFn: () => fetch(page, PAGE_SIZE), placeholderData: (prev) => prev })

  const typeLabel = (e: TrailEntry) => e.typeLabel || labelOr(dicts[TRAIL_TYPE_DICT], e.type, TYPE_FALLBACK)
  const originLabel = (e: TrailEntry) => e.originLabel || labelOr(dicts[TRAIL_ORIGIN_DICT], e.origin, ORIGIN_FALLBACK)

  const doRestore = async (e: TrailEntry) => {
    if (!restore) return
    const ok = await confirmAction(
      `确定把记录还原到 ${formatTime(e.createTime)} 这次变动之后的状态吗？还原本身也会记为一条新的变动，可再次还原。`,
      () => restore(e.id),
      '还原成功',
    )
    if (ok) {
      setPage(0)
      await client.invalidateQueries({ queryKey: [...queryKey] })
      onRestored?.()
    }
  }

  if (q.isLoading) return <ListSkeleton rows={4} />
  if (q.isError) return <Empty description="变动轨迹加载失败" />
  const list = q.data?.content ?? []
  if (list.length === 0) return <Empty description="暂无变动记录" />
  const latest = page === 0 ? list[0]?.id : undefined
  const pager = (
    <Pagination
      size="small"
      align="end"
      current={page + 1}
      pageSize={PAGE_SIZE}
      total={q.data?.totalElements ?? 0}
      onChange={(p) => setPage(p - 1)}
      showTotal={(t) => totalText(t, q.data?.totalElementsCapped)}
      hideOnSinglePage
    />
  )
  if (sentences)
    return (
      <Spin spinning={q.isFetching}>
        <ul className="trail-sentences" style={{ paddingInlineStart: 18, margin: 0 }}>
          {list.flatMap((e) => entrySentences({ ...e, originLabel: originLabel(e) }).map((text, i) => <li key={`${e.id}-${i}`}>{text}</li>))}
        </ul>
        {pager}
      </Spin>
    )

  return (
    <Spin spinning={q.isFetching}>
      <Timeline
        items={list.map((e) => ({
          key: e.id,
          color: e.type === 1 ? 'green' : e.origin === 5 ? 'orange' : 'blue',
          content: (
            <div className="trail-entry" data-trail-id={e.id}>
              <Space wrap size={4}>
                <Typography.Text strong>{formatTime(e.createTime)}</Typography.Text>
                <Tag color={trailTypeColor(e.type)}>{typeLabel(e)}</Tag>
                <Tag>{originLabel(e)}</Tag>
                <Typography.Text type="secondary">操作人：{e.operatorName || '系统'}</Typography.Text>
              </Space>
              {e.summary && <Typography.Paragraph type="secondary" style={{ margin: '4px 0' }}>{e.summary}</Typography.Paragraph>}
              {e.changes.length > 0 && (
<ChangesTable changes={e.changes} />
              )}
              {restore && canRestore && e.id !== latest && (
                <Button size="small" style={{ marginTop: 6 }} onClick={() => void doRestore(e)}>
                  还原到此版本
                </Button>
              )}
            </div>
          ),
        }))}
      />
      {pager}
    </Spin>
  )
}

function labelOr(options: { label: string; value: string }[] | undefined, value: number, fallback: Record<number, string>): string {
  const label = dictLabel(options, value)
  return label && label !== String(value) ? label : (fallback[value] ?? String(value))
}
