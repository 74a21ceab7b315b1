import { fireEvent, screen, waitFor } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BeatResult, NodeStudy, Started } from '@/api/generated/course'
import { body, mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import VideoStudy from './index'

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

const node: NodeStudy = {
  id: 5, title: '第一讲', nodeType: 1, nodeTypeName: '视频', fileName: '第一讲.mp4', duration: 600, hours: 1, watched: 120, done: false,
  courseId: 1, courseTitle: '党的二十大精神', position: 150, inline: false, fileExt: 'mp4', recordTime: 30,
}
const started: Started = { session: 'b'.repeat(32), position: 150, watched: 120, duration: 600, done: false, recordTime: 30 }
const result = (over: Partial<BeatResult> = {}): BeatResult => ({
  credited: 0, watched: 120, duration: 600, position: 150, done: false, completed: false, hours: 1, behind: false, ...over,
})

describe('视频学习', { timeout: 30_000 }, () => {
  it('plays the range URL from the resume position, reports on pause, and points back after a seek ahead', async () => {
    signIn(['dx:learn'])
    mock.onGet('/api/pschool/node/5').reply(200, node)
    mock.onPost('/api/pschool/node/5/start').reply(200, started)
    const beats: unknown[] = []
    mock.onPost('/api/pschool/node/5/beat').reply((c) => {
      beats.push(body(c))
      return [200, result({ position: 400, behind: true })]
    })
    renderWithApp(<MemoryRouter initialEntries={['/pschool/video/view?node=5']}><VideoStudy /></MemoryRouter>)
    const video = (await screen.findByLabelText('第一讲')) as HTMLVideoElement
    expect(video.getAttribute('src')).toBe('/api/pschool/node/5/file')
    expect(screen.getByText('已学 2:00 / 10:00')).toBeTruthy()
    Object.defineProperty(video, 'duration', { configurable: true, value: 600 })
    fireEvent.loadedMetadata(video)
    expect(video.currentTime).toBe(150)
    video.currentTime = 400
    fireEvent.pause(video)
    await waitFor(() => expect(beats).toHaveLength(1))
    expect(beats[0]).toMatchObject({ session: started.session, position: 400, visible: true })
    expect(await screen.findByText('快进的部分不计入学习时长，请从 2:00 处继续观看')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: '回到该处' }))
    expect(video.currentTime).toBe(120)
  })
})
