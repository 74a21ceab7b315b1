import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bodiesOf, mockApi, page, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import { proposal } from './fixtures'
import PointsPage from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/jf/entries').reply(200, page([]))
  mock.onGet('/api/jf/manual').reply(200, page([
    proposal(),
    proposal({ id: 12, memberName: '李四', state: 'rejected', stateName: '已驳回', decidedBy: '学院党委', remark: '材料不全' }),
  ]))
  mock.onGet(/\/api\/jf\/manual\/\d+\/attachments/).reply(200, [])
})
afterEach(() => mock.restore())

const openProposals = async () => {
  renderWithApp(<PointsPage />)
  fireEvent.click(await screen.findByRole('tab', { name: '积分申报' }))
  await screen.findByText('李四')
}

describe('党员积分 积分申报', { timeout: 30_000 }, () => {
  it('shows the states and the remarks; a reader gets neither proposing nor deciding', async () => {
    signIn(['jf:list'])
    await openProposals()
    expect(screen.getByText('待审核')).toBeTruthy()
    expect(screen.getByText('材料不全（学院党委）')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '申报积分' })).toBeNull()
    expect(screen.queryByRole('button', { name: '审核' })).toBeNull()
  })

  it('lets a branch propose', async () => {
    signIn(['jf:list', 'jf:propose'])
    await openProposals()
    fireEvent.click(screen.getByRole('button', { name: '申报积分' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('发生日期')).toBeTruthy()
    expect(dialog.queryByLabelText('积分')).toBeNull() // the rules give a 志愿服务's points
    expect(screen.queryByRole('button', { name: '审核' })).toBeNull()
  })

  it('lets the 二级党委 approve a pending proposal, and asks a remark of a rejection', async () => {
    signIn(['jf:list', 'jf:approve'])
    const sent = bodiesOf(mock.onPost('/api/jf/manual/11/decide'))
    await openProposals()
    expect(screen.getAllByRole('button', { name: '审核' })).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: '审核' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(await dialog.findByText('未上传证明材料')).toBeTruthy()
    fireEvent.click(dialog.getByLabelText('驳回'))
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }))
    expect(await dialog.findByText('驳回时请填写审核意见')).toBeTruthy()
    expect(sent).toHaveLength(0)
    fireEvent.click(dialog.getByLabelText('通过'))
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }))
    await waitFor(() => expect(sent).toEqual([{ approve: true, remark: '' }]))
  })
})
