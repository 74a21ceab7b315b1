import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { My } from '@/api/generated/hours'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import MyHours, { percentOf } from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const year = new Date().getFullYear()
const my = (over: Partial<My> = {}): My => ({
  year, target: 32, online: 20, offline: 8, total: 28, met: false, learner: false, leader: false, name: '李明',
  nodes: [{ nodeId: 1, nodeTitle: '第一讲 党章总纲', courseId: 2, courseTitle: '学习党章', hours: 20, creditedOn: `${year}-03-01` }],
  records: [{
    id: 5, createTime: '', updateTime: '', memberId: 3, orgId: 4, studiedOn: `${year}-04-01`, year, title: '主题党日学习', form: 3, hours: 8,
    note: '', state: 1, reason: '', auditedOn: `${year}-04-02`, memberName: '李明', orgName: '计算机教工党支部', formName: '主题党日', stateName: '已通过',
  }],
  ...over,
})

describe('我的学时', { timeout: 30_000 }, () => {
  it('shows the year against the target with the nodes and the approved offline study', async () => {
    signIn(['dx:learn'])
    mock.onGet('/api/xssb/my').reply(200, my())
    renderWithApp(<MemoryRouter><MyHours /></MemoryRouter>)
    expect(await screen.findByText(`${year}年度学时要求：32学时`)).toBeTruthy()
    expect(screen.getByText('未达标，尚差 4 学时')).toBeTruthy()
    expect(screen.getByText('第一讲 党章总纲')).toBeTruthy()
    expect(screen.getByText('主题党日学习')).toBeTruthy()
  })

  it('holds a learner to no target and still lists their credits', async () => {
    signIn(['dx:learn'])
    mock.onGet('/api/xssb/my').reply(200, my({ learner: true, target: 0, met: true, offline: 0, total: 20, records: [] }))
    renderWithApp(<MemoryRouter><MyHours /></MemoryRouter>)
    expect(await screen.findByText('入党申请人、积极分子等学员不计年度学时要求')).toBeTruthy()
    expect(screen.getByText('第一讲 党章总纲')).toBeTruthy()
    expect(screen.queryByText(/年度学时要求：/)).toBeNull()
  })

  it('computes the share of the target done', () => {
    expect(percentOf({ target: 32, total: 16 })).toBe(50)
    expect(percentOf({ target: 32, total: 40 })).toBe(100)
    expect(percentOf({ target: 0, total: 3 })).toBe(100)
  })
})
