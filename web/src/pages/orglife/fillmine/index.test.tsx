import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { EntryDetail, EntryView, Field } from '@/api/generated/fillform'
import { body, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import MyFormsPage from './index'

const FIELDS: Field[] = [
  { key: 'f1', label: '支部党员人数', kind: 'number', required: true, help: '含预备党员', min: 0, max: 500, decimals: 0 },
  { key: 'f2', label: '服务时长', kind: 'number', required: false, help: '', min: 0.5, max: 100, decimals: 1 },
  { key: 'f3', label: '联系人', kind: 'text', required: true, help: '', maxLength: 5 },
  { key: 'f4', label: '开展情况', kind: 'single', required: true, help: '', options: ['按时开展', '未按时开展'] },
  { key: 'f5', label: '活动类型', kind: 'multiple', required: false, help: '', options: ['学习', '服务'] },
  { key: 'f6', label: '工作总结', kind: 'file', required: false, help: '' },
]

const VIEW: EntryView = {
  id: 7,
  createTime: '2026-11-01T08:00:00Z',
  updateTime: '2026-11-01T08:00:00Z',
  formId: 3,
  targetId: 21,
  orgId: 21,
  name: '计算机教工党支部',
  state: 1,
  answers: {},
  savedAt: null,
  submittedAt: null,
  submitter: '',
  reviewer: '',
  reviewedAt: null,
  comment: '',
  remindedOn: null,
  orgName: '计算机教工党支部',
  formTitle: '2026年党支部工作情况统计',
  deadline: '2026-12-20T09:00:00Z',
  formStatus: 'published',
  audience: 'orgs',
  stateName: '未填报',
  writable: true,
}

const DETAIL: EntryDetail = { ...VIEW, description: '请如实填报。', fields: FIELDS, files: {} }

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/txbd/my').reply(200, page([VIEW]))
  mock.onGet('/api/txbd/my/7').reply(200, DETAIL)
  mock.onGet('/api/txbd/my/7/attachments').reply(200, [])
  mock.onGet('/api/txbd/my/7/trail').reply(200, page([]))
})
afterEach(() => mock.restore())

const renderPage = (url = '/list-home/myForms') =>
  renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <MyFormsPage />
    </MemoryRouter>,
  )

const input = (label: string) => screen.getByLabelText(label)

describe('orglife/fillmine 我的填报', { timeout: 30_000 }, () => {
  it('lists what is still to fill, and says why the list is empty', async () => {
    signIn(['txbd:fill'])
    renderPage()
    const item = (await screen.findByText('2026年党支部工作情况统计')).closest('li') as HTMLElement
    expect(within(item).getByText('未填报')).toBeTruthy()
    expect(within(item).getByText(/代表计算机教工党支部/)).toBeTruthy()
    expect(mock.history.get.find((r) => r.url === '/api/txbd/my')?.params).toMatchObject({ page: 0, todo: true })
    mock.onGet('/api/txbd/my').reply(200, page([]))
    fireEvent.click(screen.getByRole('tab', { name: '全部' }))
    expect(await screen.findByText('暂无发给您或您所在党支部的填报表单')).toBeTruthy()
  })

  it('checks a submission field by field as the server does, in its words', async () => {
    signIn(['txbd:fill'])
    renderPage('/list-home/myForms?entry=7')
    await screen.findByText('请如实填报。')
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))
    expect(await screen.findByText('请填写“支部党员人数”')).toBeTruthy()
    expect(screen.getByText('请填写“联系人”')).toBeTruthy()
    expect(screen.getByText('请选择“开展情况”')).toBeTruthy()
    fireEvent.change(input('支部党员人数'), { target: { value: '3.5' } })
    expect(await screen.findByText('“支部党员人数”应为整数')).toBeTruthy()
    fireEvent.change(input('服务时长'), { target: { value: '1.25' } })
    expect(await screen.findByText('“服务时长”最多保留1位小数')).toBeTruthy()
    fireEvent.change(input('服务时长'), { target: { value: '0.4' } })
    expect(await screen.findByText('“服务时长”不能小于0.5')).toBeTruthy()
    fireEvent.change(input('联系人'), { target: { value: '一二三四五六' } })
    expect(await screen.findByText('“联系人”不超过5个字（现6字）')).toBeTruthy()
    expect(mock.history.post).toHaveLength(0)
  })

  it('saves a draft as typed, submits after confirming, and shows the server’s refusal on its field', async () => {
    signIn(['txbd:fill'])
    const sent: { how: string; body: unknown }[] = []
    mock.onPut('/api/txbd/my/7').reply((c) => {
      sent.push({ how: 'save', body: body(c) })
      return [200, DETAIL]
    })
    mock.onPost('/api/txbd/my/7/submit').reply((c) => {
      sent.push({ how: 'submit', body: body(c) })
      return [400, { status: 400, message: '“支部党员人数”不能大于500', field: 'f1' }]
    })
    renderPage('/list-home/myForms?entry=7')
    await screen.findByText('请如实填报。')
    fireEvent.change(input('支部党员人数'), { target: { value: '25' } })
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }))
    await waitFor(() => expect(sent[0]).toEqual({ how: 'save', body: { answers: { f1: '25' }, updateTime: DETAIL.updateTime } }))
    fireEvent.change(input('联系人'), { target: { value: ' 王老师 ' } })
    fireEvent.click(screen.getByLabelText('按时开展'))
    fireEvent.click(screen.getByLabelText('服务'))
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }))
    const dialog = (await screen.findByText('提交后不能再修改，除非被退回。确定提交吗？')).closest('.ant-modal') as HTMLElement
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }))
    await waitFor(() => expect(sent[1]).toEqual({ how: 'submit', body: { answers: { f1: '25', f3: ' 王老师 ', f4: '按时开展', f5: ['服务'] }, updateTime: DETAIL.updateTime } }))
    expect(await screen.findByText('“支部党员人数”不能大于500')).toBeTruthy()
  })

  it('shows a returned entry with its reason, and a closed one read only', async () => {
    signIn(['txbd:fill'])
    mock.onGet('/api/txbd/my/7').reply(200, { ...DETAIL, state: 4, comment: '人数有误', answers: { f1: '30' } })
    const first = renderPage('/list-home/myForms?entry=7')
    expect(await screen.findByText('填报被退回：人数有误')).toBeTruthy()
    expect((input('支部党员人数') as HTMLInputElement).value).toBe('30')
    first.unmount()
    mock.onGet('/api/txbd/my/7').reply(200, { ...DETAIL, writable: false, formStatus: 'closed' })
    renderPage('/list-home/myForms?entry=7')
    expect(await screen.findByText('填报已截止，不能再填写或提交')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /提\s*交/ })).toBeNull()
  })
})
