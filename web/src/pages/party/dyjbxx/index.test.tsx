import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { body, page, signIn } from '@/test/api'
import { dictOptions, mockListApi, type ListApi } from '@/test/listApi'
import { MASKED_PERSON } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'
import MemberDetailPage from '@/pages/dyjbxx/detail'
import MemberPage from './index'
import type { Member } from '@/components/member/types'
import { ok } from '@/test/page'

const member = (over: Partial<Member> = {}): Member =>
  ({
    ...MASKED_PERSON,
    partyStatus: '1',
    partyStatusLabel: '正式党员',
    memberStatusLabel: '正常',
    orgId: 3,
    orgName: '计算机教工党支部',
    unitName: '',
    birthDate: '1990-03-07',
    joinedOn: '2015-07-01',
    createTime: '2026-01-01T00:00:00Z',
    updateTime: '2026-01-01T00:00:00Z',
    remark: '',
    ...over,
  }) as Member

let api: ListApi
beforeEach(() => {
  api = mockListApi('/api/dyjbxx', [member()], {
    dicts: { DJ_COMM_XB: dictOptions('男', '女'), DJ_DY_DJZTXX: dictOptions('正式党员', '预备党员'), DJ_DY_RYLBXX: dictOptions('教职工', '学生') },
    pages: { '/api/common/dzz': [{ id: 3, pid: null, name: '计算机教工党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '' }], '/api/dept/ByNoAuth': [] },
  })
})
afterEach(() => api.mock.restore())

describe('party/dyjbxx', { timeout: 30_000 }, () => {
  it('lists members, searches across fields and unmasks for holders of dy:unmask', async () => {
    signIn(['dy:list', 'dy:unmask'])
    api.mock.onGet('/api/dyjbxx/1').reply((c) => [200, member({ idNumber: '110105199003071234', phone: '13800000000', masked: !(c.params as { unmask?: boolean })?.unmask })])
    renderWithApp(
      <MemoryRouter>
        <MemberPage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('张三')).toBeTruthy()
    expect(screen.getByText('110105********1234')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /导出花名册/ })).toBeNull()

    fireEvent.change(screen.getByPlaceholderText('姓名、学号/工号、身份证号或手机号'), { target: { value: '1380000' } })
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(api.queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], blurry: '1380000' }))

    fireEvent.click(screen.getByRole('button', { name: '查看张三的完整身份证号码' }))
    expect(await screen.findByText('110105199003071234')).toBeTruthy()
    expect(screen.getByText('13800000000')).toBeTruthy()
  })

  it('asks before deleting, naming the chosen members', async () => {
    signIn(['dy:list', 'dy:del'])
    let deleted: unknown
    api.mock.onDelete('/api/dyjbxx').reply((c) => {
      deleted = body(c)
      return [204]
    })
    renderWithApp(
      <MemoryRouter>
        <MemberPage />
      </MemoryRouter>,
    )
    const row = (await screen.findByText('张三')).closest('tr') as HTMLElement
    fireEvent.click(within(row).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除党员“张三”吗？')).toBeTruthy()
    expect(deleted).toBeUndefined()
    ok(screen.getByText('确定删除党员“张三”吗？').closest('.ant-modal') as HTMLElement)
    await waitFor(() => expect(deleted).toEqual([1]))
  })

  /** Opens 新增党员 and answers POST /api/dyjbxx, keeping the body. */
  const openAdd = async () => {
    signIn(['admin'])
    const posted: Record<string, unknown>[] = []
    api.mock.onPost('/api/dyjbxx').reply((c) => {
      posted.push(body(c) as Record<string, unknown>)
      return [201, member()]
    })
    renderWithApp(
      <MemoryRouter>
        <MemberPage />
      </MemoryRouter>,
    )
    await screen.findByText('张三')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }))
    const drawer = (await screen.findByText('新增党员')).closest('.ant-drawer') as HTMLElement
    const item = (label: string) => within(within(drawer).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement)
    const choose = async (label: string, option: string, selector = '.ant-select-item-option-content') => {
      fireEvent.mouseDown(item(label).getByRole('combobox'))
      fireEvent.click(await screen.findByText(option, { selector }))
    }
    const submit = () => ok(drawer)
    return { drawer, item, choose, submit, posted }
  }

  it('checks the ID number and phone as the server does, showing both messages under their fields at once', async () => {
    const { drawer, item, submit, posted } = await openAdd()
    fireEvent.change(within(drawer).getByPlaceholderText('15位或18位身份证号码'), { target: { value: '110105194912310021' } })
    fireEvent.change(within(drawer).getByPlaceholderText('请输入手机号码'), { target: { value: '12345678901' } })
    submit()
    expect(await item('身份证号码').findByText('身份证号码校验位错误')).toBeTruthy()
    expect(item('手机号码').getByText('请输入正确的手机号码')).toBeTruthy()
    // The required marks are the server's: every field it requires says so at once.
    for (const [label, message] of [['姓名', '请输入姓名'], ['性别', '请选择性别'], ['人员类别', '请选择人员类别'], ['入党日期', '请选择入党日期']])
      expect(item(label).getByText(message, { selector: '.ant-form-item-explain-error' })).toBeTruthy()
    expect(posted).toHaveLength(0)
  })

  it('derives the birth date and gender from the ID number when adding a member', async () => {
    const { drawer, item, choose, submit, posted } = await openAdd()
    fireEvent.change(within(drawer).getByPlaceholderText('15位或18位身份证号码'), { target: { value: '110105199003071247' } })
    await waitFor(() => expect(within(drawer).getByText('由身份证号码得出')).toBeTruthy())
    fireEvent.change(within(drawer).getByPlaceholderText('请输入姓名'), { target: { value: '李四' } })
    await choose('党籍状态', '正式党员')
    await choose('人员类别', '教职工')
    await choose('所在党组织', '计算机教工党支部', '.ant-select-tree-title')
    const joined = item('入党日期').getByPlaceholderText('请选择入党日期')
    fireEvent.mouseDown(joined)
    fireEvent.change(joined, { target: { value: '2015-07-01' } })
    fireEvent.keyDown(joined, { key: 'Enter', code: 'Enter', keyCode: 13 })
    submit()
    await waitFor(() => expect(posted).toHaveLength(1))
    expect(posted[0]).toMatchObject({ name: '李四', idNumber: '110105199003071247', birthDate: '1990-03-07', gender: '2', partyStatus: '1', personCategory: '1', joinedOn: '2015-07-01', orgId: 3 })
  })

  it('detail shows only the tabs that exist and the trail of the member', async () => {
    signIn(['dy:list'])
    api.mock.onGet('/api/dyjbxx/1').reply(200, member())
    api.mock.onGet('/api/dyjbxx/1/trail').reply(200, page([{ id: 9, recordId: 1, type: 2, origin: 3, summary: '', changes: [{ field: 'remark', label: '备注', old: '', new: '优秀' }], operatorName: 'admin', restoredFrom: null, createTime: '2026-02-01T00:00:00Z' }]))
    renderWithApp(
      <MemoryRouter initialEntries={['/dyjbxx/detail?id=1']}>
        <Routes>
          <Route path="/dyjbxx/detail" element={<MemberDetailPage />} />
        </Routes>
      </MemoryRouter>,
    )
    expect(await screen.findByText('党员详情：张三')).toBeTruthy()
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['基本信息', '附件', '变动轨迹'])
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: '变动轨迹' }))
    expect(await screen.findByText('优秀')).toBeTruthy()
  })

  it('detail: 返回 leads to the list; the photo shows and an editor replaces it; the attachments tab lists the files', async () => {
    signIn(['dy:list', 'dy:edit'])
    URL.createObjectURL = vi.fn(() => 'blob:photo')
    URL.revokeObjectURL = vi.fn()
    api.mock.onGet('/api/dyjbxx/1').reply(200, member())
    const file = (id: number, name: string, kind: string) => ({ id, recordId: 1, kind, fileId: id + 100, name, size: 2048, contentType: 'image/png', uploaderName: '管理员', createTime: '2026-02-01T00:00:00Z' })
    let photos = [file(7, '证件照.png', 'photo')]
    api.mock.onGet('/api/dyjbxx/1/attachments').reply((c) => [200, (c.params as { kind?: string }).kind === 'photo' ? photos : [file(8, '入党申请书.pdf', '')]])
    api.mock.onGet('/api/dyjbxx/1/attachments/7/view').reply(200, new Blob(['png']))
    api.mock.onGet('/api/dyjbxx/1/attachments/9/view').reply(200, new Blob(['png2']))
    const uploads: string[] = []
    api.mock.onPost('/api/dyjbxx/1/attachments?kind=photo').reply((c) => {
      uploads.push(((c.data as FormData).get('file') as File).name)
      photos = [file(9, '新证件照.png', 'photo')]
      return [201, photos[0]]
    })
    renderWithApp(
      <MemoryRouter initialEntries={['/dyjbxx/detail?id=1']}>
        <Routes>
          <Route path="/dyjbxx/detail" element={<MemberDetailPage />} />
          <Route path="/party/dyjbxx" element={<div>党员信息列表</div>} />
        </Routes>
      </MemoryRouter>,
    )
    expect(await screen.findByText('党员详情：张三')).toBeTruthy()
    expect((await screen.findByAltText('证件照')).getAttribute('src')).toBe('blob:photo')

    // A file that is not a jpg or png is refused before it is sent.
    // (the chooser is a new input after each choice)
    const choose = (f: File) => fireEvent.change(document.querySelector<HTMLInputElement>('.member-photo input[type=file]')!, { target: { files: [f] } })
    choose(new File(['x'], '简历.pdf', { type: 'application/pdf' }))
    expect(await screen.findByText('证件照须为 jpg 或 png 图片')).toBeTruthy()
    choose(new File(['x'], '新证件照.png', { type: 'image/png' }))
    await waitFor(() => expect(uploads).toEqual(['新证件照.png']))
    await waitFor(() => expect(api.mock.history.get.some((c) => c.url === '/api/dyjbxx/1/attachments/9/view')).toBe(true))

    fireEvent.click(screen.getByRole('tab', { name: '附件' }))
    expect(await screen.findByText('入党申请书.pdf')).toBeTruthy()
    expect(api.mock.history.get.find((c) => c.url === '/api/dyjbxx/1/attachments' && (c.params as { kind?: string }).kind === '')).toBeTruthy()
    expect(screen.getByRole('button', { name: /上传附件/ })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: /返\s*回/ }))
    expect(await screen.findByText('党员信息列表')).toBeTruthy()
  })
})
