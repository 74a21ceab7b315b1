import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { RegisterRow } from '@/pages/develop/report/api'
import DevRegisterPrint from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn(['fzdy:report'])
})
afterEach(() => mock.restore())

const show = (query: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/print/devRegister${query}`]}>
      <DevRegisterPrint />
    </MemoryRouter>,
  )

const row: RegisterRow = {
  id: 9, name: '张三', gender: '1', genderLabel: '男', ethnicity: '01', ethnicityLabel: '汉族', birthDate: '2003-01-02',
  education: '61', educationLabel: '普通高中毕业', personCategory: '2', personCategoryLabel: '本科生', personNo: '20220001',
  orgId: 4, orgName: '计算机学生党支部', appliedOn: '2023-03-01', activistOn: '2023-04-01', targetOn: '2024-05-01',
  admittedOn: '2024-06-20', approvedOn: '2024-07-10', volunteerNo: null, sponsors: '李四、王五',
}

describe('发展党员名册（打印）', { timeout: 20_000 }, () => {
  it('prints the register of the year and organisation asked for', async () => {
    const asked: unknown[] = []
    mock.onGet('/api/fzdy/reports/register').reply((c) => {
      asked.push(c.params)
      return [200, [row]]
    })
    show('?year=2024&orgId=4')
    expect(await screen.findByRole('heading', { level: 1, name: '2024年发展党员名册' })).toBeTruthy()
    expect(asked).toEqual([{ year: 2024, orgId: 4 }])
    const cells = [...document.querySelectorAll('.dev-register tbody td')].map((td) => td.textContent)
    expect(cells).toEqual(['1', '张三', '男', '汉族', '2003-01', '普通高中毕业', '本科生', '计算机学生党支部', '2023-03-01', '2023-04-01',
      '2024-05-01', '2024-06-20', '2024-07-10', '', '李四、王五'])
    expect(screen.getByText('1人')).toBeTruthy()
  })

  it('says when the year has nobody', async () => {
    mock.onGet('/api/fzdy/reports/register').reply(200, [])
    show('?year=2023')
    expect(await screen.findByText('2023年没有经上级党委审批接收的预备党员')).toBeTruthy()
  })

  it('wants a year', () => {
    show('')
    expect(screen.getByText('缺少年度参数')).toBeTruthy()
  })
})
