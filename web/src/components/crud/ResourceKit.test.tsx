import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { PERM } from '@/api/permissions'
import type MockAdapter from 'axios-mock-adapter'
import dayjs from 'dayjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { post } from '@/api/request'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { confirmDeleteOf } from './confirm'
import { formToFilters } from './query'
import { defineResource, toBody, toFormValues, type Field } from './resource'
import ResourceForm from './ResourceForm'
import RowActions from './RowActions'
import { useResourceColumns } from './resourceColumns'
import type { TableColumnType } from 'antd'
import { ok } from '@/test/page'

interface Thing {
  id: number
  name: string
  code: string
  madeOn: string | null
}

const things = defineResource<Thing>({
  key: 'things',
  noun: '物品',
  api: { fetch: () => Promise.resolve({ content: [], totalElements: 0 }), create: (b) => post('/api/things', b) },
  form: { dialog: true },
  fields: [
    { name: 'name', label: '名称', required: true, max: 10 },
    { name: 'code', label: '编码' },
    { name: 'madeOn', label: '日期', type: 'date' },
  ],
})

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const openForm = () => {
  renderWithApp(<ResourceForm resource={things} record={null} onClose={() => undefined} onDone={() => undefined} />)
  const dialog = screen.getByText('新增物品').closest('.ant-modal') as HTMLElement
  fireEvent.change(within(dialog).getByPlaceholderText('请输入名称'), { target: { value: ' 螺丝 ' } })
  ok(dialog)
  return dialog
}

describe('resource kit', { timeout: 20_000 }, () => {
  it('builds the body from the fields: trimmed texts, empty values as ""', async () => {
    let sent: unknown
    mock.onPost('/api/things').reply((c) => {
      sent = body(c)
      return [201, {}]
    })
    openForm()
    await waitFor(() => expect(sent).toEqual({ name: '螺丝', code: '', madeOn: '' }))
    expect(toBody(things.fields, { madeOn: dayjs('2026-03-04'), code: null, ownerId: undefined }, 5)).toEqual({ madeOn: '2026-03-04', code: '', ownerId: null, id: 5 })
  })

  it('gives a custom submit the edited record id and updateTime, so a concurrent edit gets the server 409', async () => {
    const sent: Record<string, unknown>[] = []
    const record = { id: 3, name: '螺母', code: 'M3', madeOn: null, updateTime: '2026-03-01T08:00:00Z' } as Thing
    const submit = (b: Record<string, unknown>) => {
      sent.push(b)
      return Promise.resolve()
    }
    renderWithApp(<ResourceForm resource={things} record={record} submit={submit} onClose={() => undefined} onDone={() => undefined} />)
    const dialog = (await screen.findByText(/编辑物品/)).closest('.ant-modal') as HTMLElement
    ok(dialog)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({ id: 3, name: '螺母', updateTime: '2026-03-01T08:00:00Z' })
    // A new record has no version to send.
    renderWithApp(<ResourceForm resource={things} record={null} submit={submit} onClose={() => undefined} onDone={() => undefined} />)
    const fresh = screen.getByText('新增物品').closest('.ant-modal') as HTMLElement
    fireEvent.change(within(fresh).getByPlaceholderText('请输入名称'), { target: { value: '垫片' } })
    ok(fresh)
    await waitFor(() => expect(sent).toHaveLength(2))
    expect(sent[1]).not.toHaveProperty('updateTime')
    expect(sent[1]).not.toHaveProperty('id')
  })

  it('reads and sends a split date range as its two dates', () => {
    const fields: Field<{ startOn: string; endOn: string }>[] = [{ name: 'dates', label: '起止日期', type: 'dateRange', form: { split: ['startOn', 'endOn'] } }]
    const values = toFormValues(fields, { startOn: '2026-03-01', endOn: '2026-03-04' })
    expect((values.dates as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-03-01', '2026-03-04'])
    expect(toBody(fields, { dates: values.dates })).toEqual({ startOn: '2026-03-01', endOn: '2026-03-04' })
    expect(toBody(fields, { dates: undefined })).toEqual({ startOn: '', endOn: '' })
  })

  it('shows a server error naming a field on that field, without the toast', async () => {
    const toast = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    mock.onPost('/api/things').reply(400, { message: '编码已被使用', field: 'code' })
    const dialog = openForm()
    expect(await within(dialog).findByText('编码已被使用', { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    const item = within(dialog).getByText('编码', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    expect(within(item).getByText('编码已被使用')).toBeTruthy()
    expect(toast).not.toHaveBeenCalledWith('编码已被使用')
    toast.mockRestore()
  })

  it('shows every field error of one answer at once, each under its field; one the form lacks shows beside the buttons', async () => {
    const toast = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    mock.onPost('/api/things').reply(400, {
      message: '名称已被使用',
      field: 'name',
      fields: [
        { field: 'name', message: '名称已被使用' },
        { field: 'code', message: '编码格式错误' },
        { field: 'pid', message: '上级不存在' },
      ],
    })
    const dialog = openForm()
    const errorOf = (label: string) => within(within(dialog).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement)
    expect(await errorOf('名称').findByText('名称已被使用')).toBeTruthy()
    expect(errorOf('编码').getByText('编码格式错误')).toBeTruthy()
    expect(dialog.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(2)
    expect(within(dialog).getByRole('alert').textContent).toContain('上级不存在')
    expect(toast).not.toHaveBeenCalledWith('上级不存在')
    toast.mockRestore()
  })

  it('shows beside the buttons, not in a toast, an error whose field is not in the form, or absent', async () => {
    const toast = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    mock.onPost('/api/things').replyOnce(400, { message: '上级不存在', field: 'pid' }).onPost('/api/things').replyOnce(400, { message: '保存失败' })
    const dialog = openForm()
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('上级不存在'))
    ok(dialog)
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('保存失败'))
    expect(dialog.querySelector('.ant-form-item-explain-error')).toBeNull()
    expect(toast).not.toHaveBeenCalledWith('上级不存在')
    expect(toast).not.toHaveBeenCalledWith('保存失败')
    toast.mockRestore()
  })

  it('gates each row action by its permission and hides actions marked hidden', async () => {
    signIn([PERM.dwEdit])
    renderWithApp(
      <RowActions
        actions={[
          { key: 'edit', label: '编辑', need: PERM.dwEdit, onClick: () => undefined },
          { key: 'child', label: '新增下级', need: PERM.dwAdd, onClick: () => undefined },
          { key: 'detail', label: '详情', hidden: true, onClick: () => undefined },
        ]}
        more={[{ key: 'del', label: '删除', need: PERM.dwDel, onClick: () => undefined }]}
      />,
    )
    expect(screen.getByRole('button', { name: '编辑' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: '新增下级' })).toBeNull()
    expect(screen.queryByRole('button', { name: '详情' })).toBeNull()
    // Nothing behind 更多 is allowed: no 更多.
    expect(screen.queryByRole('button', { name: /更多/ })).toBeNull()
  })

  it('names what it deletes and deletes only on 确定', async () => {
    const action = vi.fn(() => Promise.resolve())
    renderWithApp(<div />)
    const done = confirmDeleteOf('螺丝', action, { kind: '物品' })
    expect(await screen.findByText('确定删除物品“螺丝”吗？')).toBeTruthy()
    expect(action).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
    expect(await done).toBe(true)
    expect(action).toHaveBeenCalledOnce()
  })

  it('gives columns the kit defaults: widths by type, the name fixed left, long texts cut with a tooltip', async () => {
    const wide = defineResource<Thing & { note: string; kind: string }>({
      key: 'wide',
      noun: '物品',
      api: { fetch: () => Promise.resolve({ content: [], totalElements: 0 }) },
      fields: [
        { name: 'code', label: '编码', width: 90 },
        { name: 'name', label: '名称' },
        { name: 'kind', label: '类别', type: 'dict', dict: 'X' },
        { name: 'madeOn', label: '日期', type: 'date' },
        { name: 'note', label: '说明', type: 'textarea', column: { ellipsis: true } },
      ],
    })
    let cols: TableColumnType<unknown>[] = []
    function Probe() {
      cols = useResourceColumns(wide) as TableColumnType<unknown>[]
      return null
    }
    renderWithApp(<Probe />)
    const byTitle = Object.fromEntries(cols.map((c) => [String(c.title), c]))
    expect(byTitle['名称']).toMatchObject({ fixed: 'left', width: 140 })
    expect(byTitle['名称'].ellipsis).toBeUndefined()
    expect(byTitle['编码']).toMatchObject({ width: 90, ellipsis: { showTitle: false } })
    expect(byTitle['类别']).toMatchObject({ width: 100 })
    expect(byTitle['类别'].ellipsis).toBeUndefined()
    expect(byTitle['日期']).toMatchObject({ width: 110 })
    expect(byTitle['说明']).toMatchObject({ width: 220, ellipsis: { showTitle: false } })
    // The cut text shows whole in a tooltip on hover.
    const long = '很长的说明'.repeat(20)
    renderWithApp(<>{(byTitle['说明'].render as (v: unknown, r: unknown) => React.ReactNode)(long, { note: long })}</>)
    fireEvent.mouseEnter(screen.getByText(long))
    expect(await screen.findByRole('tooltip')).toBeTruthy()
    expect(screen.getAllByText(long)).toHaveLength(2)
  })

  it('a dictionary select offers disabled values only to the record holding one', async () => {
    mock.onGet('/api/dictDetail/map').reply(200, {
      MZ: [
        { label: '汉族', value: '01' },
        { label: '蒙古族', value: '02', disabled: true },
      ],
    })
    const people = defineResource<{ id: number; name: string; ethnicity: string }>({
      key: 'mz',
      noun: '人员',
      api: { fetch: () => Promise.resolve({ content: [], totalElements: 0 }), create: (b) => post('/api/mz', b), update: (b) => post('/api/mz', b) },
      form: { dialog: true },
      fields: [
        { name: 'name', label: '姓名' },
        { name: 'ethnicity', label: '民族', type: 'dict', dict: 'MZ' },
      ],
    })
    const options = async () => {
      fireEvent.mouseDown(screen.getByRole('combobox'))
      await screen.findByText('汉族', { selector: '.ant-select-item-option-content' })
      return [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent)
    }
    const fresh = renderWithApp(<ResourceForm resource={people} record={null} onClose={() => undefined} onDone={() => undefined} />)
    expect(await options()).toEqual(['汉族'])
    fresh.unmount()
    renderWithApp(<ResourceForm resource={people} record={{ id: 1, name: '甲', ethnicity: '02' }} onClose={() => undefined} onDone={() => undefined} />)
    expect(await screen.findByTitle('蒙古族（已停用）')).toBeTruthy()
    expect(await options()).toEqual(['汉族', '蒙古族（已停用）'])
  })

  it('sends a date range filter as From and To', () => {
    expect(formToFilters({ joined: [dayjs('2026-01-01'), dayjs('2026-01-31')], name: 'x' })).toEqual({ joinedFrom: '2026-01-01', joinedTo: '2026-01-31', name: 'x' })
  })
})
