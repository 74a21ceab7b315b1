import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi } from '@/test/api'
import { renderWithApp } from '@/test/render'
import type { PickedUser } from '@/components/UserPicker'
import PeopleFinder, { FINDER_TEXTS } from './PeopleFinder'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

describe('指定人员 of a share: people found by their whole name', () => {
  it('asks the server for the trimmed name, tells two of one name apart by department, and picks one', async () => {
    const asked: unknown[] = []
    mock.onGet('/api/archives/shares/people').reply((config) => {
      asked.push(config.params)
      return [200, [{ id: 7, name: '张伟', dept: '数学学院' }, { id: 9, name: '张伟', dept: '物理学院' }]]
    })
    const picked: PickedUser[][] = []
    renderWithApp(<PeopleFinder onChange={(v) => picked.push(v)} />)
    const box = screen.getByRole('combobox')
    fireEvent.mouseDown(box)
    expect(await screen.findByText(FINDER_TEXTS.idle)).toBeTruthy()
    fireEvent.change(box, { target: { value: ' 张伟 ' } })
    fireEvent.click(await screen.findByText('张伟（物理学院）', { selector: '.ant-select-item-option-content' }))
    expect(screen.getByText('张伟（数学学院）', { selector: '.ant-select-item-option-content' })).toBeTruthy()
    expect(asked).toEqual([{ q: '张伟' }])
    expect(picked.at(-1)?.map((p) => p.value)).toEqual([9])
  })

  it('says why nobody was found, and asks nothing for an empty box', async () => {
    let calls = 0
    mock.onGet('/api/archives/shares/people').reply(() => {
      calls++
      return [200, []]
    })
    renderWithApp(<PeopleFinder />)
    const box = screen.getByRole('combobox')
    fireEvent.mouseDown(box)
    fireEvent.change(box, { target: { value: '张' } })
    expect(await screen.findByText(FINDER_TEXTS.none)).toBeTruthy()
    fireEvent.change(box, { target: { value: '  ' } })
    expect(await screen.findByText(FINDER_TEXTS.idle)).toBeTruthy()
    await waitFor(() => expect(calls).toBe(1))
  })
})
