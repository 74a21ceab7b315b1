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

  describe('a score question', () => {
    const scores: Paper = {
      title: '干部考核',
      questions: [
        { key: 'c1', kind: 'score', title: '张三', required: true, rows: [{ key: 'de', label: '德' }, { key: 'neng', label: '能' }] },
        { key: 'all', kind: 'score', title: '总体评分' },
      ],
    }

    it('has a number box per row and one for a row-less score, for the phone’s number pad', () => {
      render(<BallotPaper paper={scores} />)
      for (const label of ['德', '能', '总体评分']) {
        const box = screen.getByLabelText(label)
        expect(box.getAttribute('inputmode')).toBe('numeric')
        expect(box.getAttribute('placeholder')).toBe('0–100')
      }
    })

    it('hands over the rows’ numbers and reports every change', () => {
      const onSubmit = vi.fn()
      const onChange = vi.fn()
      render(<BallotPaper paper={scores} onSubmit={onSubmit} onChange={onChange} submitText="提交选票" />)
      fireEvent.change(screen.getByLabelText('德'), { target: { value: '90' } })
      expect(onChange).toHaveBeenLastCalledWith({ c1: { rows: { de: '90' } } })
      fireEvent.click(screen.getByRole('button', { name: '提交选票' }))
      expect(onSubmit).not.toHaveBeenCalled()
      expect(screen.getAllByText('请回答第1题').length).toBeGreaterThan(0)
      fireEvent.change(screen.getByLabelText('能'), { target: { value: '85' } })
      fireEvent.click(screen.getByRole('button', { name: '提交选票' }))
      expect(onSubmit).toHaveBeenCalledWith([
        { i: 'c1.de', c: '90' },
        { i: 'c1.neng', c: '85' },
      ])
    })

    it('starts from the answers it is given (a draft)', () => {
      render(<BallotPaper paper={scores} initial={{ c1: { rows: { de: '70' } }, all: { choice: '88' } }} />)
      expect(screen.getByLabelText<HTMLInputElement>('德').value).toBe('70')
      expect(screen.getByLabelText<HTMLInputElement>('总体评分').value).toBe('88')
      expect(screen.getByText('2/2')).toBeTruthy() // a score counts once any of its rows is answered, as a matrix
    })
  })
})
