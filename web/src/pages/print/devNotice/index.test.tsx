import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { captureDownloads, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { DevRecord, NoticeDetail } from '@/api/develop'
import DevNoticePrint from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
  signIn(['fzdy:list'])
})
afterEach(() => mock.restore())

const show = (query: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/print/devNotice${query}`]}>
      <DevNoticePrint />
    </MemoryRouter>,
  )

// The records carry only what the print view reads (the API gives more).
const rec = (r: Partial<DevRecord>) => r as DevRecord
const notice = (over: Partial<NoticeDetail> = {}): NoticeDetail => ({
  id: 7, createTime: '2026-03-01T00:00:00Z', updateTime: '2026-03-01T00:00:00Z', kind: 'admit', kindName: '接收预备党员', orgId: 4, recordCount: 2, workdays: 5, orgName: '计算机学生党支部', title: '拟接收预备党员公示', startOn: '2026-03-02', endOn: '2026-03-06',
  contact: '党支部书记 王老师，电话 027-1234', content: '', records: [
    rec({ id: 1, name: '张三', gender: '1', birthDate: '2003-01-02', appliedOn: '2024-03-01', activistOn: '2024-04-01', targetOn: '2025-05-06' }),
    rec({ id: 2, name: '李四', genderLabel: '女', birthDate: '2002-11-30', orgName: '数学学生党支部', appliedOn: '2024-03-05', targetOn: '2025-05-07' }),
  ], ...over,
})

describe('发展党员公示（打印）', { timeout: 20_000 }, () => {
  it('prints the notice: its purpose by kind, the people with the date that matters, the period and the contact', async () => {
    mock.onGet('/api/fzdy/notices/7').reply(200, notice())
    show('?id=7')
    expect(await screen.findByRole('heading', { level: 1, name: '拟接收预备党员公示' })).toBeTruthy()
    expect(screen.getByText('经计算机学生党支部研究，拟将下列同志接收为中共预备党员，现予以公示：')).toBeTruthy()
    const rows = [...document.querySelectorAll('.dev-notice-table tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
    expect(rows).toEqual([
      ['1', '张三', '男', '2003-01', '计算机学生党支部', '2024年3月1日', '2025年5月6日'],
      ['2', '李四', '女', '2002-11', '数学学生党支部', '2024年3月5日', '2025年5月7日'],
    ])
    expect(screen.getByText('确定为发展对象时间')).toBeTruthy()
    expect(screen.getByText('公示时间：2026年3月2日至2026年3月6日。')).toBeTruthy()
    expect(screen.getByText(/联系方式：党支部书记 王老师，电话 027-1234。/)).toBeTruthy()
    const signatures = [...document.querySelectorAll('.print-signatures > div')].map((d) => d.textContent)
    expect(signatures).toEqual(['发布单位：计算机学生党支部', '日期：2026年3月2日'])
  })

  it('names the purpose of a target and of a full notice, with a title of its own when none was given', async () => {
    mock.onGet('/api/fzdy/notices/8').reply(200, notice({ id: 8, kind: 'full', title: '' }))
    show('?id=8')
    expect(await screen.findByRole('heading', { level: 1, name: '关于按期转为中共正式党员的公示' })).toBeTruthy()
    expect(screen.getByText('接收为预备党员时间')).toBeTruthy()
  })

  it('downloads the Word version of the notice', async () => {
    mock.onGet('/api/fzdy/notices/7').reply(200, notice())
    mock.onGet('/api/fzdy/notices/7/docx').reply(200, new Blob(['docx']))
    const downloads = captureDownloads()
    try {
      show('?id=7')
      fireEvent.click(await screen.findByRole('button', { name: /下载Word/ }))
      await waitFor(() => expect(downloads.saved).toEqual(['拟接收预备党员公示.docx']))
    } finally {
      downloads.restore()
    }
  })

  it('says so for a notice that is not there or out of scope, and for a missing id', async () => {
    mock.onGet('/api/fzdy/notices/9').reply(404, { message: '公示不存在' })
    show('?id=9')
    expect(await screen.findByText('公示不存在或无权查看')).toBeTruthy()
  })

  it('wants an id', () => {
    show('')
    expect(screen.getByText('缺少公示编号')).toBeTruthy()
  })
})
