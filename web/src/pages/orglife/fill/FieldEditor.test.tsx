import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import type { Field } from '@/api/generated/fillform'
import { renderWithApp } from '@/test/render'
import FieldEditor, { fieldListProblem, newField } from './FieldEditor'

/** The editor with its value kept, shown as JSON for the test to read. */
function Harness({ start = [] }: { start?: Field[] }) {
  const [fields, setFields] = useState<Field[]>(start)
  return (
    <>
      <FieldEditor value={fields} onChange={setFields} />
      <pre data-testid="value">{JSON.stringify(fields)}</pre>
    </>
  )
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as Field[]

describe('orglife/fill FieldEditor 表单字段', { timeout: 30_000 }, () => {
  it('adds a field by its kind with the kind’s defaults, and edits its settings', async () => {
    renderWithApp(<Harness />)
    expect(screen.getByText('尚未添加字段：点击下方按钮按类型添加')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /单行文本/ }))
    fireEvent.click(screen.getByRole('button', { name: /数字/ }))
    fireEvent.click(screen.getByRole('button', { name: /多选/ }))
    expect(value().map((f) => [f.kind, f.maxLength, f.decimals, f.options])).toEqual([
      ['text', 100, undefined, undefined],
      ['number', undefined, 0, undefined],
      ['multiple', undefined, undefined, []],
    ])
    fireEvent.change(screen.getByLabelText('第1项名称'), { target: { value: '联系人' } })
    fireEvent.click(within(screen.getByTestId('field-1')).getByText('必填'))
    fireEvent.change(screen.getByLabelText('第2项名称'), { target: { value: '人数' } })
    fireEvent.change(screen.getByLabelText('第2项最小值'), { target: { value: '0' } })
    fireEvent.change(screen.getByLabelText('第3项名称'), { target: { value: '类型' } })
    fireEvent.change(screen.getByLabelText('第3项选项'), { target: { value: '学习\n实践' } })
    await waitFor(() => expect(value()[2].options).toEqual(['学习', '实践']))
    expect(value()[0]).toMatchObject({ label: '联系人', required: true })
    expect(value()[1]).toMatchObject({ label: '人数', min: 0 })
    expect(fieldListProblem(value())).toBeNull()
  })

  it('moves a field and removes one only after confirming', async () => {
    const start = [{ ...newField('text'), key: 'f1', label: '甲' }, { ...newField('date'), key: 'f2', label: '乙' }]
    renderWithApp(<Harness start={start} />)
    fireEvent.click(screen.getByRole('button', { name: '下移第1项' }))
    expect(value().map((f) => f.label)).toEqual(['乙', '甲'])
    expect((screen.getByRole('button', { name: '上移第1项' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: '删除第2项' }))
    const pop = (await screen.findByText('确定删除第2项“甲”吗？')).closest('.ant-popover') as HTMLElement
    expect(value()).toHaveLength(2)
    fireEvent.click(within(pop).getByRole('button', { name: /删\s*除/ }))
    await waitFor(() => expect(value().map((f) => f.label)).toEqual(['乙']))
  })

  it('changing a kind keeps the key, the name and whether it is required, and takes the new kind’s settings', () => {
    renderWithApp(<Harness start={[{ ...newField('text'), key: 'f4', label: '情况', required: true }]} />)
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '第1项类型' }))
    fireEvent.click(screen.getByTitle('单选'))
    expect(value()[0]).toEqual({ key: 'f4', label: '情况', kind: 'single', required: true, help: '', options: [] })
  })

  it('names the first problem of a field list as the server does', () => {
    const f = (over: Partial<Field>): Field => ({ ...newField('text'), label: '甲', ...over })
    expect(fieldListProblem([f({ label: ' ' })])).toBe('第1项：请输入字段名称')
    expect(fieldListProblem([f({}), f({})])).toBe('第2项：字段名称“甲”与第1项重复')
    expect(fieldListProblem([f({ kind: 'single', options: ['是', ' '] })])).toBe('第1项：“甲”请至少设置2个选项')
    expect(fieldListProblem([f({ kind: 'multiple', options: ['是', '是 '] })])).toBe('第1项：“甲”的选项“是”重复')
    expect(fieldListProblem([f({ kind: 'number', min: 5, max: 1 })])).toBe('第1项：“甲”的最小值不能大于最大值')
    expect(fieldListProblem(Array.from({ length: 51 }, (_, i) => f({ label: `f${i}` })))).toBe('表单字段不超过50项')
  })
})
