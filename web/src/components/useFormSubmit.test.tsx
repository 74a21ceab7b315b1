import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Form, Input, type FormInstance } from 'antd'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureRequestHandlers, post } from '@/api/request'
import { mockApi } from '@/test/api'
import { renderWithApp } from '@/test/render'
import FormDialog from './FormDialog'
import FormDrawer from './FormDrawer'

type V = { name?: string; phone?: string; remark?: string }

let mock: MockAdapter
const scrollIntoView = HTMLElement.prototype.scrollIntoView
const toasts: string[] = []
beforeEach(() => {
  mock = mockApi()
  toasts.length = 0
  configureRequestHandlers({
    notifyError: (m) => toasts.push(m),
    confirmRelogin: () => Promise.resolve(false),
    relogin: () => undefined,
    forbidden: () => undefined,
    passwordChangeRequired: () => undefined,
    noAnchor: () => undefined,
  })
})
afterEach(() => {
  mock.restore()
  vi.restoreAllMocks()
  HTMLElement.prototype.scrollIntoView = scrollIntoView
})

/** A long form in the kit's dialog (or drawer); its form is the test's, so scrollToField can be watched. */
function LongForm({ shell, onForm }: { shell: 'dialog' | 'drawer'; onForm: (f: FormInstance<V>) => void }) {
  const [form] = Form.useForm<V>()
  onForm(form)
  const Shell = shell === 'dialog' ? FormDialog<V> : FormDrawer<V>
  return (
    <Shell title="登记" form={form} onClose={() => undefined} onSubmit={(v) => post('/api/thing', v)}>
      <Form.Item label="姓名" name="name">
        <Input />
      </Form.Item>
      {Array.from({ length: 12 }, (_, i) => (
        <Form.Item key={i} label={`其他${i}`} name={`other${i}`}>
          <Input />
        </Form.Item>
      ))}
      <Form.Item label="手机号码" name="phone" rules={[{ required: true, message: '请输入手机号码' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="备注" name="remark">
        <Input />
      </Form.Item>
    </Shell>
  )
}

function renderForm(shell: 'dialog' | 'drawer') {
  let form!: FormInstance<V>
  renderWithApp(<LongForm shell={shell} onForm={(f) => (form = f)} />)
  const scrolled = vi.spyOn(form, 'scrollToField')
  const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))
  return { form, scrolled, ok }
}

describe('the kit scrolls a failed submit to its first error', { timeout: 20_000 }, () => {
  it.each(['dialog', 'drawer'] as const)('%s: a field the browser checks shows its message and is scrolled to and focused', async (shell) => {
    const { scrolled, ok } = renderForm(shell)
    ok()
    expect(await screen.findByText('请输入手机号码')).toBeTruthy()
    expect(scrolled).toHaveBeenCalledWith(['phone'], expect.objectContaining({ block: 'center', focus: true }))
  })

  it('a server error naming a field is shown on that field and scrolled to, not in a toast', async () => {
    mock.onPost('/api/thing').reply(400, { status: 400, message: '不符合「手机号码」：号码已被使用', field: 'phone', code: 'FLOW_RULE' })
    const { form, scrolled, ok } = renderForm('dialog')
    form.setFieldsValue({ phone: '13800000000' })
    ok()
    expect(await screen.findByText('不符合「手机号码」：号码已被使用')).toBeTruthy()
    expect(form.getFieldError('phone')).toEqual(['不符合「手机号码」：号码已被使用'])
    expect(scrolled).toHaveBeenCalledWith('phone', expect.objectContaining({ block: 'center' }))
    expect(toasts).toEqual([])
  })

  it('several fields at once: each shows its message, the first is scrolled to', async () => {
    mock.onPost('/api/thing').reply(400, {
      status: 400,
      message: '姓名不能为空',
      field: 'name',
      fields: [
        { field: 'name', message: '姓名不能为空' },
        { field: 'remark', message: '备注过长' },
      ],
    })
    const { form, scrolled, ok } = renderForm('drawer')
    form.setFieldsValue({ phone: '13800000000' })
    ok()
    expect(await screen.findByText('备注过长')).toBeTruthy()
    expect(screen.getByText('姓名不能为空')).toBeTruthy()
    expect(scrolled).toHaveBeenCalledTimes(1)
    expect(scrolled).toHaveBeenCalledWith('name', expect.anything())
  })

  it.each(['dialog', 'drawer'] as const)('%s: a server error naming no field is shown beside the buttons and scrolled into view', async (shell) => {
    const into = vi.fn()
    HTMLElement.prototype.scrollIntoView = into
    mock.onPost('/api/thing').reply(409, { status: 409, message: '该批次当前为“缴费中”，不能删除' })
    const { form, ok } = renderForm(shell)
    form.setFieldsValue({ phone: '13800000000' })
    ok()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('该批次当前为“缴费中”，不能删除')
    await waitFor(() => expect(into).toHaveBeenCalled())
    expect((into.mock.contexts[0] as HTMLElement).contains(alert)).toBe(true)
    expect(toasts).toEqual([])
    // The form stays open with what was typed.
    expect(form.getFieldValue('phone')).toBe('13800000000')
  })

  it('a field the form lacks is not lost: it is shown beside the buttons', async () => {
    mock.onPost('/api/thing').reply(400, { status: 400, message: '所选党组织不存在', field: 'orgId' })
    const { form, ok } = renderForm('dialog')
    form.setFieldsValue({ phone: '13800000000' })
    ok()
    expect((await screen.findByRole('alert')).textContent).toContain('所选党组织不存在')
  })
})
