import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Paper } from '@/api/generated/ballot'
import BallotPaper from './BallotPaper'

const paper: Paper = {
  title: '2026年度民主评议党员',
  questions: ['张三', '李四'].map((name, i) => ({
    key: `m${i + 1}`,
    kind: 'single' as const,
    title: name,
    required: true,
    options: [{ key: 'A', label: '优秀' }, { key: 'B', label: '合格' }],
  })),
}

describe('BallotPaper', () => {
  it('refuses an unanswered required question in the server’s words and sends nothing', () => {
    const onSubmit = vi.fn()
    render(<BallotPaper paper={paper} onSubmit={onSubmit} submitText="提交选票" />)
    fireEvent.click(screen.getAllByLabelText('优秀')[0])
    fireEvent.click(screen.getByRole('button', { name: '提交选票' }))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getAllByText('请回答第2题').length).toBeGreaterThan(0)
  })

  it('hands over one mark per member once every question is answered', () => {
    const onSubmit = vi.fn()
    render(<BallotPaper paper={paper} onSubmit={onSubmit} submitText="提交选票" />)
    fireEvent.click(screen.getAllByLabelText('优秀')[0])
    fireEvent.click(screen.getAllByLabelText('合格')[1])
    fireEvent.click(screen.getByRole('button', { name: '提交选票' }))
    expect(onSubmit).toHaveBeenCalledWith([
      { i: 'm1', c: 'A' },
      { i: 'm2', c: 'B' },
    ])
  })
})
