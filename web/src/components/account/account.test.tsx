import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi, page, signIn } from '@/test/api'
import { ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import BatchAccountsButton from './BatchAccountsButton'
import MemberAccountActions from './MemberAccountActions'

const BATCH = {
  created: [
    { memberId: 1, name: '张三', username: 'T1001', initialPassword: 'Pw1#aaaaBBBB', created: true },
    { memberId: 2, name: '李四', username: 'T1002', initialPassword: 'Pw2#ccccDDDD', created: true },
  ],
  linked: [{ memberId: 4, name: '赵六', username: 'S2001', created: false }],
  skipped: [{ memberId: 3, name: '王五', staffOrStudentNo: '', reason: '没有学号/工号，不能作为用户名' }],
}

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/common/dzz').reply(200, page([{ id: 3, pid: null, name: '计算机教工党支部', shortName: '', type: '5', typeLabel: '党支部', parentName: '' }]))
})
afterEach(() => mock.restore())

describe('members\' accounts', { timeout: 30_000 }, () => {
  it('批量创建账号: asks for the organisation, then lists new accounts with their passwords, links and skips, printable', async () => {
    signIn(['dy:list', 'dy:account'])
    const sent: unknown[] = []
    mock.onPost('/api/dyjbxx/accounts').reply((c) => {
      sent.push(JSON.parse(c.data as string))
      return [200, BATCH]
    })
    const done = vi.fn()
    renderWithApp(<BatchAccountsButton onDone={done} />)
    fireEvent.click(screen.getByRole('button', { name: /批量创建账号/ }))
    const dialog = (await screen.findByText('批量创建党员账号')).closest('.ant-modal') as HTMLElement
    expect(within(dialog).getByText(/用户名为党员的学号\/工号，角色为“党员”/)).toBeTruthy()
    fireEvent.mouseDown(within(dialog).getByRole('combobox'))
    fireEvent.click(await screen.findByText('计算机教工党支部', { selector: '.ant-select-tree-title' }))
    ok()
    await waitFor(() => expect(sent).toEqual([{ orgId: 3 }]))
    expect(done).toHaveBeenCalled()

    expect((await screen.findByTestId('issued-summary')).textContent).toBe('新建账号 2 个，关联已有账号 1 个，跳过 1 人')
    expect(screen.getByText('Pw1#aaaaBBBB')).toBeTruthy()
    expect(screen.getByText('Pw2#ccccDDDD')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: /跳过/ }))
    expect(await screen.findByText('没有学号/工号，不能作为用户名')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /打印清单/ }))
    const sheet = (await screen.findByText('党员账号初始密码清单')).closest('.print-layout') as HTMLElement
    const rows = [...sheet.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent))
    expect(rows).toEqual([
      ['1', '张三', 'T1001', 'Pw1#aaaaBBBB'],
      ['2', '李四', 'T1002', 'Pw2#ccccDDDD'],
    ])
  })

  it('says when a batch stopped early, and is hidden without dy:account', async () => {
    signIn(['dy:list', 'dy:account'])
    mock.onPost('/api/dyjbxx/accounts').reply(200, { created: [], linked: [], skipped: [], stopped: '处理党员“甲”起的 200 人时出错' })
    const { unmount } = renderWithApp(<BatchAccountsButton onDone={() => undefined} />)
    fireEvent.click(screen.getByRole('button', { name: /批量创建账号/ }))
    await screen.findByText('批量创建党员账号')
    ok()
    expect(await screen.findByText('处理党员“甲”起的 200 人时出错')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /打印清单/ })).toBeNull()
    unmount()
    signIn(['dy:list'])
    renderWithApp(<BatchAccountsButton onDone={() => undefined} />)
    expect(screen.queryByRole('button', { name: /批量创建账号/ })).toBeNull()
  })

  it('a member\'s account: made by number and shown once, or unlinked', async () => {
    signIn(['dy:list', 'dy:account'])
    const linked: unknown[] = []
    mock.onPost('/api/dyjbxx/5/account').reply((c) => {
      linked.push(JSON.parse(c.data as string))
      return [200, { memberId: 5, name: '孙八', username: 'T5005', initialPassword: 'Pw5#eeeeFFFF', created: true }]
    })
    const changed = vi.fn()
    const { unmount } = renderWithApp(<MemberAccountActions member={{ id: 5, name: '孙八', staffOrStudentNo: 'T5005', account: '' }} onChanged={changed} />)
    fireEvent.click(screen.getByRole('button', { name: /创建\/关联账号/ }))
    expect(await screen.findByText(/按学号\/工号“T5005”为“孙八”创建账号/)).toBeTruthy()
    ok()
    await waitFor(() => expect(linked).toEqual([{}]))
    expect(await screen.findByText('Pw5#eeeeFFFF')).toBeTruthy()
    expect(changed).toHaveBeenCalled()
    unmount()

    let unlinked = false
    mock.onDelete('/api/dyjbxx/5/account').reply(() => {
      unlinked = true
      return [200, {}]
    })
    renderWithApp(<MemberAccountActions member={{ id: 5, name: '孙八', staffOrStudentNo: 'T5005', account: 'T5005' }} onChanged={changed} />)
    expect(screen.queryByRole('button', { name: /创建\/关联账号/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: /解除账号关联/ }))
    expect(await screen.findByText(/确定解除“孙八”与账号 T5005 的关联吗/)).toBeTruthy()
    ok()
    await waitFor(() => expect(unlinked).toBe(true))
  })
})
