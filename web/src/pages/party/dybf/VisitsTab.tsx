import { Button, Radio, Select, Space, Table, Tag } from 'antd'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import { OCCASION_NAMES, OLD_STANDING_YEARS, type Occasion, type VisitRow } from '@/api/generated/aid'
import type { Page } from '@/api/request'
import YearSelect from '@/components/YearSelect'
import { fetchVisits } from './api'

const PAGE_SIZE = 50
const OCCASION_OPTIONS = Object.entries(OCCASION_NAMES).map(([value, label]) => ({ value, label }))

/**
 * 七一 / 春节走访名单: for a year, the members in difficulty and the 老党员 (party standing of
 * OLD_STANDING_YEARS years or more) of the caller's scope, with who has been visited; printable.
 */
export default function VisitsTab() {
  const [year, setYear] = useState(dayjs().year())
  const [occasion, setOccasion] = useState<Occasion>('qiyi')
  const [visited, setVisited] = useState<number>()
  const [page, setPage] = useState(0)
  const [data, setData] = useState<Page<VisitRow>>()
  useEffect(() => {
    void fetchVisits({ year, occasion, visited, page, size: PAGE_SIZE }).then(setData)
  }, [year, occasion, visited, page])
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }} className="no-print">
        <YearSelect value={year} past={5} onChange={(y) => { setPage(0); setYear(y) }} />
        <Radio.Group optionType="button" value={occasion} options={OCCASION_OPTIONS} onChange={(e) => { setPage(0); setOccasion(e.target.value as Occasion) }} />
        <Select aria-label="走访情况" allowClear placeholder="走访情况" style={{ width: 120 }} value={visited}
          options={[{ value: 0, label: '未走访' }, { value: 1, label: '已走访' }]} onChange={(v?: number) => { setPage(0); setVisited(v) }} />
        <Button onClick={() => window.print()}>打印</Button>
      </Space>
      <h3 style={{ textAlign: 'center' }}>{year} 年{OCCASION_NAMES[occasion]}走访慰问名单</h3>
      <Table<VisitRow>
        rowKey="memberId"
        size="small"
        dataSource={data?.content ?? []}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: data?.totalElements ?? 0, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: '序号', key: 'n', render: (_, __, i) => page * PAGE_SIZE + i + 1 },
          { title: '党员', dataIndex: 'memberName' },
          { title: '党组织', dataIndex: 'orgName' },
          { title: '入党日期', dataIndex: 'joinedOn', render: (v: string | null) => v ?? '—' },
          {
            title: '走访原因',
            key: 'why',
            render: (_, r) => [r.inCase ? '困难党员' : '', r.old ? `党龄${OLD_STANDING_YEARS}年以上老党员` : ''].filter(Boolean).join('、'),
          },
          { title: '走访情况', dataIndex: 'visited', render: (v: number) => (v ? <Tag color="green">已走访</Tag> : <Tag>未走访</Tag>) },
        ]}
      />
    </>
  )
}
