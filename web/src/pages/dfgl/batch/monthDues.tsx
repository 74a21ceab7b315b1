import { Space, Tag } from 'antd'
import { useState } from 'react'
import { getFetcher, useCrud } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { DUE_STATE_COLORS, FEE_API, yuanColumn, type Due } from './api'
import MonthSelect from './MonthSelect'

/** The dues columns the month list and the on-site page share. */
export const dueColumns = [
  { title: '姓名', dataIndex: 'memberName', key: 'memberName', width: 110, sorter: true },
  { title: '党组织', dataIndex: 'orgName', key: 'orgName', width: 200, ellipsis: true },
  { title: '类别', dataIndex: 'category', key: 'category', width: 90 },
  yuanColumn('应缴（元）', 'dueFen', { width: 100 }),
  yuanColumn('已缴（元）', 'paidFen', { width: 100 }),
  { title: '状态', dataIndex: 'stateLabel', key: 'state', width: 80, render: (l: string, d: Due) => <Tag color={DUE_STATE_COLORS[d.state]}>{l}</Tag> },
  { title: '计算依据', dataIndex: 'working', key: 'working', ellipsis: true },
]

/** The search fields of a month's dues. */
export const dueSearch = [
  { name: 'orgId', label: '党组织', render: () => <OrgTreeSelect style={{ width: 220 }} /> },
  { name: 'name', label: '姓名' },
]

/**
 * The dues of one started month, for the month list and the on-site page: `monthBar` chooses the month
 * (`initialMonth`, else the newest), `crud` lists its dues with `filters` added; no month chosen yet, nothing is
 * asked and the list is empty. `key` names the list's cache, the month appended.
 */
export function useMonthDues(key: string, filters: Record<string, string> = {}, initialMonth?: string) {
  const [month, setMonth] = useState<string | undefined>(initialMonth)
  const fetch = getFetcher<Due>(`${FEE_API}/due`)
  const crud = useCrud<Due>({
    key: `${key}-${month ?? ''}`,
    fetch: (q) => (month ? fetch({ ...q, filters: { ...q.filters, ...filters, month } }) : Promise.resolve({ content: [], totalElements: 0 })),
  })
  const monthBar = (
    <Space style={{ marginBottom: 8 }}>
      月份 <MonthSelect value={month} onChange={setMonth} />
    </Space>
  )
  return { month, crud, monthBar }
}
