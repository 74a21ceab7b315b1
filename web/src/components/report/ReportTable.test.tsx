import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import ReportTable, { tableColumns, type ReportColumn } from './ReportTable'

interface Line {
  id: number
  name: string
  due: number
  paid: number
}

const columns: ReportColumn<Line>[] = [
  { key: 'n', title: '序号', lead: true, cell: (_l, i) => i + 1 },
  { key: 'name', title: '姓名', lead: true, cell: (l) => l.name },
  { key: 'due', title: '应缴', group: '1月', align: 'right', cell: (l) => l.due, total: (t) => t.due },
  { key: 'paid', title: '实缴', group: '1月', align: 'right', cell: (l) => l.paid, total: (t) => t.paid },
  { key: 'rest', title: '欠缴', align: 'right', cell: (l) => l.due - l.paid },
]

describe('ReportTable', () => {
  it('groups consecutive columns of one group under one header', () => {
    const cols = tableColumns(columns) as { title: unknown; children?: { title: unknown }[] }[]
    expect(cols.map((c) => c.title)).toEqual(['序号', '姓名', '1月', '欠缴'])
    expect(cols[2].children!.map((c) => c.title)).toEqual(['应缴', '实缴'])
  })

  it('shows the grouped header, the rows and the totals row across the leads', () => {
    renderWithApp(
      <ReportTable<Line>
        rowKey="id"
        pagination={false}
        columns={columns}
        rows={[
          { id: 1, name: '甲', due: 10, paid: 4 },
          { id: 2, name: '乙', due: 5, paid: 5 },
        ]}
        total={{ id: 0, name: '', due: 15, paid: 9 }}
      />,
    )
    expect(screen.getByRole('columnheader', { name: '1月' }).getAttribute('colspan')).toBe('2')
    const line = screen.getByText('甲').closest('tr')!
    expect(within(line).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '甲', '10', '4', '6'])
    const total = screen.getByText('合计').closest('td')!
    expect(total.getAttribute('colspan')).toBe('2')
    expect([...total.closest('tr')!.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['合计', '15', '9', ''])
  })

  it('says why it is empty, and has no totals row without totals', () => {
    renderWithApp(<ReportTable<Line> rowKey="id" columns={columns} rows={[]} empty="2026年没有办结的组织关系转接" />)
    expect(screen.getByText('2026年没有办结的组织关系转接')).toBeTruthy()
    expect(screen.queryByText('合计')).toBeNull()
  })
})
