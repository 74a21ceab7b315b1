import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { nameColumn } from './nameColumn'

type Row = { id: number; name: string; other: boolean }

const cell = (col: ReturnType<typeof nameColumn<Row>>, r: Row) => render(<div>{col.render!(r.name, r, 0) as ReactNode}</div>)

describe('nameColumn', () => {
  it('is the sortable 姓名 column fixed left; the name opens its record', () => {
    const open = vi.fn()
    const col = nameColumn<Row>(open)
    expect(col).toMatchObject({ title: '姓名', dataIndex: 'name', key: 'name', fixed: 'left', sorter: true })
    cell(col, { id: 7, name: '李明', other: false })
    fireEvent.click(screen.getByText('李明'))
    expect(open).toHaveBeenCalledWith({ id: 7, name: '李明', other: false })
  })

  it('shows the extra after the name when the record has one', () => {
    const col = nameColumn<Row>(vi.fn(), (r) => r.other && <span>其他环节</span>)
    cell(col, { id: 1, name: '张三', other: true })
    expect(screen.getByText('其他环节')).toBeTruthy()
  })
})
