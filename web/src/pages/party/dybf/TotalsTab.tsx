import { Space, Table } from 'antd'
import dayjs from 'dayjs'
import { useEffect, useState } from 'react'
import type { Total } from '@/api/generated/aid'
import type { Page } from '@/api/request'
import YearSelect from '@/components/YearSelect'
import { fetchTotals } from './api'

const PAGE_SIZE = 20

/** 年度统计: a year's records per 二级党委 and kind (money approved only), summed on the server. */
export default function TotalsTab() {
  const [year, setYear] = useState(dayjs().year())
  const [page, setPage] = useState(0)
  const [data, setData] = useState<Page<Total>>()
  useEffect(() => {
    void fetchTotals({ year, page, size: PAGE_SIZE }).then(setData)
  }, [year, page])
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <YearSelect value={year} past={5} onChange={(y) => { setPage(0); setYear(y) }} />
      </Space>
      <Table<Total>
        rowKey={(r) => `${r.committeeId ?? 0}-${r.kind}`}
        dataSource={data?.content ?? []}
        pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: data?.totalElements ?? 0, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: '二级党委', dataIndex: 'committeeName', render: (v: string) => v || '校党委直属' },
          { title: '帮扶方式', dataIndex: 'kindName' },
          { title: '记录数', dataIndex: 'records', align: 'right' },
          { title: '帮扶人数', dataIndex: 'members', align: 'right' },
          { title: '金额（元）', dataIndex: 'amount', align: 'right', render: (v: string, r) => (r.kind === 'money' ? v : '—') },
        ]}
      />
    </>
  )
}
