import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { body, mockApi, page, signIn } from '@/test/api'
import { ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { definition } from './fixtures'
import SchemePage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const renderPage = () =>
  renderWithApp(
    <MemoryRouter initialEntries={['/gb/khfa']}>
      <SchemePage />
    </MemoryRouter>,
  )

/** Opens 新增方案 (from the server's defaults) and fills the scheme's own fields. */
async function newScheme() {
  fireEvent.click(await screen.findByRole('button', { name: '新增方案' }))
  // The drawer shows a spinner until the defaults arrive, then the form.
  const name = await screen.findByPlaceholderText('如 2026 年度中层领导班子考核方案')
  const form = name.closest('.ant-drawer') as HTMLElement
  fireEvent.change(name, { target: { value: '中层考核方案' } })
  const group = within(form).getByText('干部类别', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
  fireEvent.mouseDown(within(group).getByRole('combobox'))
  fireEvent.click(await screen.findByText('中层领导班子', { selector: '.ant-select-item-option-content' }))
  return form
}

const weights = (form: HTMLElement, label: string) => within(form).getAllByRole('textbox', { name: label }) as HTMLInputElement[]

describe('gb/khfa', { timeout: 30_000 }, () => {
  it('starts a new scheme from the defaults and shows each level\'s exact weight sum as it is typed', async () => {
    signIn(['gbkh:list', 'gbkh:scheme'])
    mock.onGet('/api/gbkh/schemes').reply(200, page([]))
    mock.onGet('/api/gbkh/schemes/defaults').reply(200, definition())
    renderPage()
    expect(await screen.findByText('暂无考核方案，点击「新增方案」从默认的德、能、勤、绩、廉指标开始')).toBeTruthy()
    const form = await newScheme()
    expect(within(form).getByLabelText('一级指标权重合计').textContent).toBe('一级指标权重合计 1')
    expect(within(form).getByLabelText('二级指标权重合计').textContent).toBe('二级指标权重合计 1')
    expect(within(form).getByLabelText('评价主体权重合计').textContent).toBe('评价主体权重合计 1')
    // 0.1 + 0.2 is 0.3 here, not 0.30000000000000004.
    fireEvent.change(weights(form, '二级指标权重')[0], { target: { value: '0.1' } })
    fireEvent.change(weights(form, '二级指标权重')[1], { target: { value: '0.2' } })
    await waitFor(() => expect(within(form).getByLabelText('二级指标权重合计').textContent).toBe('二级指标权重合计 0.3'))
    expect(within(form).getByLabelText('优秀比例上限')).toHaveProperty('value', '20.00')
  })

  it('refuses to save a level whose weights do not sum to 1, saying so beside it until they do; then sends the definition exactly', async () => {
    signIn(['gbkh:list', 'gbkh:scheme'])
    mock.onGet('/api/gbkh/schemes').reply(200, page([]))
    mock.onGet('/api/gbkh/schemes/defaults').reply(200, definition())
    const sent: Record<string, unknown>[] = []
    mock.onPost('/api/gbkh/schemes').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return [200, { id: 1 }]
    })
    renderPage()
    const form = await newScheme()
    fireEvent.change(weights(form, '评价主体权重')[0], { target: { value: '0.5' } })
    ok(form)
    expect(await within(form).findByText('评价主体权重合计应为 1，当前为 1.1')).toBeTruthy()
    expect(sent).toEqual([])
    fireEvent.change(weights(form, '评价主体权重')[1], { target: { value: '0.5' } })
    // The refusal goes as soon as the sum is 1 again, before the next save.
    await waitFor(() => expect(within(form).queryByText(/评价主体权重合计应为 1/)).toBeNull())
    ok(form)
    await waitFor(() => expect(sent).toHaveLength(1))
    const d = sent[0].definition as Record<string, unknown>
    expect(sent[0]).toMatchObject({ name: '中层考核方案', cadreGroup: '中层领导班子' })
    expect(d.groups).toEqual([{ key: 'xld', name: '校领导', weight: '0.5' }, { key: 'jzg', name: '教职工代表', weight: '0.5' }])
    expect(d.excellentShare).toBe('0.2')
    expect((d.indicators as Record<string, unknown>[])[1]).not.toHaveProperty('judge')
  })

  it('shows the server\'s refusal of a nested field at that field', async () => {
    signIn(['gbkh:list', 'gbkh:scheme'])
    mock.onGet('/api/gbkh/schemes').reply(200, page([]))
    mock.onGet('/api/gbkh/schemes/defaults').reply(200, definition())
    mock.onPost('/api/gbkh/schemes').reply(400, { status: 400, message: '二级指标名称重复', field: 'indicators[1].children[1].name' })
    renderPage()
    const form = await newScheme()
    ok(form)
    const msg = await within(form).findByText('二级指标名称重复')
    const item = msg.closest('.ant-form-item') as HTMLElement
    expect((within(item).getByRole('textbox') as HTMLInputElement).value).toBe('创新能力')
  })

  it('adds a sub-indicator with a new short key and takes the judge off its parent', async () => {
    signIn(['gbkh:list', 'gbkh:scheme'])
    mock.onGet('/api/gbkh/schemes').reply(200, page([]))
    mock.onGet('/api/gbkh/schemes/defaults').reply(200, definition())
    const sent: Record<string, unknown>[] = []
    mock.onPost('/api/gbkh/schemes').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return [200, { id: 1 }]
    })
    renderPage()
    const form = await newScheme()
    expect(within(form).getAllByRole('combobox', { name: '一级指标评价方式' })).toHaveLength(1)
    fireEvent.click(within(form).getAllByRole('button', { name: /添加二级指标/ })[0])
    await waitFor(() => expect(within(form).queryAllByRole('combobox', { name: '一级指标评价方式' })).toHaveLength(0))
    fireEvent.change(within(form).getAllByRole('textbox', { name: '二级指标名称' })[0], { target: { value: '政治素质' } })
    fireEvent.change(weights(form, '二级指标权重')[0], { target: { value: '1' } })
    ok(form)
    await waitFor(() => expect(sent).toHaveLength(1))
    const de = ((sent[0].definition as Record<string, unknown>).indicators as Record<string, unknown>[])[0]
    expect(de).not.toHaveProperty('judge')
    expect(de.children).toEqual([{ key: expect.stringMatching(/^[a-z][a-z0-9]{1,7}$/) as unknown, name: '政治素质', weight: '1', note: '', judge: 'level' }])
  })
})
