import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signIn } from '@/test/api'
import { mockListApi } from '@/test/listApi'
import { renderWithApp } from '@/test/render'
import CadrePage from './index'

const cadre = {
  id: 1,
  name: '张三',
  gender: '1',
  genderLabel: '男',
  birthOn: '1975-03-01',
  nativePlace: '湖北武汉',
  idNumber: '110105********0012',
  phone: '138****8000',
  masked: true,
  unitId: 3,
  unitName: '计算机学院',
  post: '院长',
  level: '3',
  levelLabel: '正处级',
  status: '2',
  statusLabel: '现任处级',
  updateTime: '2024-03-01T08:00:00Z',
}

let mock: MockAdapter
beforeEach(() => {
  ;({ mock } = mockListApi('/api/gbjbxx', [cadre], { dicts: { GB_XZJB: [{ label: '正处级', value: '3' }] }, pages: { '/api/common/getDwInfo': [] } }))
})
afterEach(() => mock.restore())

describe('gb/jbxx', { timeout: 30_000 }, () => {
  it('lists the cadres and switches to 简要信息, which drops the long columns', async () => {
    signIn(['gbjbxx:list'])
    renderWithApp(
      <MemoryRouter>
        <CadrePage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('张三')).toBeTruthy()
    expect(screen.getByText('湖北武汉')).toBeTruthy()
    expect(screen.queryByRole('button', { name: '变更申请审核' })).toBeNull()
    fireEvent.click(screen.getByText('简要信息'))
    await waitFor(() => expect(screen.queryByText('湖北武汉')).toBeNull())
    expect(screen.getByText('张三')).toBeTruthy()
    expect(screen.getByText('院长')).toBeTruthy()
  })

  it('opens the detail of the cadre a link names (?id=), and offers the 任免审批表 downloads to holders of gbjbxx:rmb', async () => {
    mock.onGet('/api/gbjbxx/1').reply(200, cadre)
    signIn(['gbjbxx:list', 'gbjbxx:rmb'])
    renderWithApp(
      <MemoryRouter initialEntries={['/gb/jbxx?id=1']}>
        <CadrePage />
      </MemoryRouter>,
    )
    expect(await screen.findByText('干部详情：张三')).toBeTruthy()
    expect(screen.getByRole('button', { name: /下载任免审批表/ })).toBeTruthy()
  })

  it('shows the cadre\'s 分管部门 by the units\' names, editable by holders of gbjbxx:edit', async () => {
    mock.onGet('/api/gbjbxx/1').reply(200, cadre)
    mock.onGet('/api/gbjbxx/1/fgbm').reply(200, [
      { id: 5, unitId: 4, unitName: '数学学院', kind: '联系', since: '2020-09-01', note: '', sort: 1 },
      { id: 6, unitId: 7, unitName: '组织部', kind: '分管', since: null, note: '分管干部工作', sort: 2 },
    ])
    signIn(['gbjbxx:list', 'gbjbxx:edit'])
    renderWithApp(
      <MemoryRouter initialEntries={['/gb/jbxx?id=1']}>
        <CadrePage />
      </MemoryRouter>,
    )
    fireEvent.click(await screen.findByRole('tab', { name: '分管部门' }))
    expect(await screen.findByText('数学学院')).toBeTruthy()
    expect(screen.getByText('组织部')).toBeTruthy()
    expect(screen.getByText('分管干部工作')).toBeTruthy()
    expect(screen.getByRole('button', { name: /新增/ })).toBeTruthy()
  })
})
