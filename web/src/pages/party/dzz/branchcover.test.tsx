import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, page, signIn } from '@/test/api'
import { findDialog, ok } from '@/test/page'
import { renderWithApp } from '@/test/render'
import OrgPage from './index'

const COMMITTEE = { id: 2, pid: null, code: 'C2', name: '计算机学院党委', shortName: '', type: '2', typeLabel: '二级党委', category: '', status: '1', sort: 1, memberCount: 0, fullCount: 0, totalCount: 3 }
const BRANCH = { id: 3, pid: 2, code: 'C3', name: '计算机本科生第一党支部', shortName: '', type: '5', typeLabel: '党支部', category: '', status: '1', sort: 1, memberCount: 3, fullCount: 3, totalCount: 3 }
const C1 = { id: 7, name: '计科2401', code: 'B1', grade: '2024', unitName: '计算机学院' }
const C2 = { id: 8, name: '计科2402', code: 'B2', grade: '2024', unitName: '计算机学院' }
const COVERAGE = { dzzId: 3, dzzName: BRANCH.name, collegeId: 20, collegeName: '计算机学院', editable: true, classes: [C1], units: [] }

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  mock.onGet('/api/dzzxx/buildtree').reply(200, [{ ...COMMITTEE, children: [BRANCH] }])
  mock.onGet('/api/dictDetail/map').reply(200, { DZZ_LX: [], DZZ_LB: [] })
  mock.onGet('/api/ry/coverage/3/classes').reply(200, page([C1, C2]))
  mock.onGet('/api/ry/coverage/3/units').reply(200, [{ id: 20, name: '计算机学院', code: 'U20', grade: '', unitName: '' }])
})
afterEach(() => mock.restore())

/** Opens 更多 → 覆盖范围 on the branch's row. */
async function openCoverage() {
  renderWithApp(
    <MemoryRouter>
      <OrgPage />
    </MemoryRouter>,
  )
  const tr = (await screen.findByText(BRANCH.name)).closest('tr')!
  fireEvent.mouseEnter(within(tr).getByRole('button', { name: /更多/ }))
  fireEvent.click(await screen.findByText('覆盖范围', { selector: '.ant-dropdown-menu-title-content' }))
  // Loaded: the current classes show (as chosen values, or read-only).
  await screen.findByText(/计科2401（2024级） B1/)
  return findDialog(`覆盖范围：${BRANCH.name}`)
}

describe('party/dzz 覆盖范围', { timeout: 30_000 }, () => {
  it('is offered on branches only, to holders of dzz:edit', async () => {
    signIn(['dzz:list'])
    renderWithApp(
      <MemoryRouter>
        <OrgPage />
      </MemoryRouter>,
    )
    const tr = (await screen.findByText(BRANCH.name)).closest('tr')!
    expect(within(tr).queryByRole('button', { name: /更多/ })).toBeNull()
  })

  it('is not offered on a committee', async () => {
    signIn(['dzz:list', 'dzz:edit'])
    renderWithApp(
      <MemoryRouter>
        <OrgPage />
      </MemoryRouter>,
    )
    const tr = (await screen.findByText(COMMITTEE.name)).closest('tr')!
    fireEvent.mouseEnter(within(tr).getByRole('button', { name: /更多/ }))
    expect(await screen.findByText('更名', { selector: '.ant-dropdown-menu-title-content' })).toBeTruthy()
    expect(screen.queryByText('覆盖范围', { selector: '.ant-dropdown-menu-title-content' })).toBeNull()
  })

  it('shows the current classes, adds one of the college and sends the whole coverage', async () => {
    signIn(['dzz:list', 'dzz:edit'])
    mock.onGet('/api/ry/coverage/3').reply(200, COVERAGE)
    const sent: unknown[] = []
    mock.onPut('/api/ry/coverage').reply((c) => {
      sent.push(JSON.parse(c.data as string))
      return [204]
    })
    const dialog = await openCoverage()
    expect(within(dialog).getByText(/只能从计算机学院（含下属单位）中选择/)).toBeTruthy()
    expect(within(dialog).getByText('计科2401（2024级） B1')).toBeTruthy()
    const item = within(dialog).getByText('覆盖班级', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    const box = within(item).getByRole('combobox')
    fireEvent.mouseDown(box)
    fireEvent.focus(box)
    const list = await waitFor(() => document.getElementById(box.getAttribute('aria-controls')!)!.closest<HTMLElement>('.ant-select-dropdown')!)
    fireEvent.click(await within(list).findByText('计科2402（2024级） B2', { selector: '.ant-select-item-option-content' }))
    fireEvent.blur(box)
    ok(dialog)
    await waitFor(() => expect(sent).toEqual([{ dzzId: 3, classIds: [7, 8], unitIds: [] }]))
  })

  it('shows the server\'s refusal next to the field and stays open', async () => {
    signIn(['dzz:list', 'dzz:edit'])
    mock.onGet('/api/ry/coverage/3').reply(200, COVERAGE)
    const msg = '班级“数学2401”不属于计算机学院，不能作为“计算机本科生第一党支部”的覆盖范围'
    mock.onPut('/api/ry/coverage').reply(400, { status: 400, message: msg, field: 'classIds', fields: [{ field: 'classIds', message: msg }] })
    const dialog = await openCoverage()
    ok(dialog)
    const item = within(dialog).getByText('覆盖班级', { selector: 'label' }).closest('.ant-form-item') as HTMLElement
    expect(await within(item).findByText(msg)).toBeTruthy()
    expect(screen.getByText(`覆盖范围：${BRANCH.name}`)).toBeTruthy()
  })

  it('shows a branch\'s own secretary the coverage read-only, saying who sets it', async () => {
    signIn(['dzz:list', 'dzz:edit'])
    mock.onGet('/api/ry/coverage/3').reply(200, { ...COVERAGE, editable: false })
    const dialog = await openCoverage()
    expect(within(dialog).getByText('本支部的覆盖范围由上级党委或组织部设置，不能自行修改。')).toBeTruthy()
    expect(within(dialog).getByText('覆盖班级：计科2401（2024级） B1')).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: /确\s*定/ })).toBeNull()
  })
})
