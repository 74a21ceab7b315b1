import { screen } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ServerStatus } from '@/api/generated/serverMon'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import ServerMonitorPage, { duration } from './index'

const status = (over: Partial<ServerStatus> = {}): ServerStatus => ({
  instance: { hostname: 'web-1', pid: 4321, version: 'schema 2026121401', goVersion: 'go1.26.8', os: 'linux/amd64', startTime: '2026-12-04T01:00:00Z', uptimeSeconds: 93784 },
  process: { goroutines: 42, rss: 70 * 1024 * 1024, heapAlloc: 20 * 1024 * 1024, heapSys: 30 * 1024 * 1024, gcCount: 12, cpuPercent: 3.5 },
  host: { cpus: 2, cpuPercent: 95.2, load1: 1.5, load5: 1.25, load15: 1, memTotal: 8 * 1024 ** 3, memUsed: 4 * 1024 ** 3, memPercent: 50, sampledOverSeconds: 10 },
  disk: { path: '/srv/zhdj/data', total: 100 * 1024 ** 3, free: 60 * 1024 ** 3, percent: 40 },
  database: { driver: 'PostgreSQL', size: 512 * 1024 * 1024, maxOpen: 20, open: 5, inUse: 1, idle: 4, waitCount: 0, waitMs: 0 },
  jobs: { jobs: 30, since: '2026-12-03T05:00:00Z', runs: 200, failed: 1, running: 0, lastFailure: { jobName: 'system.purgeLogs', startTime: '2026-12-04T03:30:00Z', error: '磁盘已满' } },
  fieldKeys: { activeKey: 0, scheme: 'aes', retiring: 0, left: 0 },
  unread: [],
  ...over,
})

let mock: MockAdapter
beforeEach(() => {
  mock = mockApi()
})
afterEach(() => mock.restore())

describe('monitor/server', { timeout: 20_000 }, () => {
  it('shows the instance, the machine, the database and the last failed job', async () => {
    mock.onGet('/api/monitor/server').reply(200, status())
    signIn(['admin'])
    renderWithApp(<ServerMonitorPage />)
    expect(await screen.findByText('web-1')).toBeTruthy()
    expect(screen.getByText('1 天 2 小时')).toBeTruthy()
    expect(screen.getByText('数据库（PostgreSQL）')).toBeTruthy()
    expect(screen.getByText('512 MB')).toBeTruthy()
    expect(screen.getByText(/最近一次失败：system\.purgeLogs/)).toBeTruthy()
    expect(screen.getByText('磁盘已满')).toBeTruthy()
    expect(screen.getByText('/srv/zhdj/data')).toBeTruthy()
  })

  it('shows the 国密 option and a rotation under way', async () => {
    mock.onGet('/api/monitor/server').reply(200, status({ fieldKeys: { activeKey: 2, scheme: 'sm', retiring: 1, left: 1234 } }))
    signIn(['admin'])
    renderWithApp(<ServerMonitorPage />)
    expect(await screen.findByText('个人信息字段加密')).toBeTruthy()
    expect(screen.getByText('国密（SM4 / SM3）')).toBeTruthy()
    expect(screen.getByText('#2')).toBeTruthy()
    expect(screen.getByText('密钥轮换进行中')).toBeTruthy()
    expect(screen.getByText(/还有 1234 个值/)).toBeTruthy()
  })

  it('names what this system could not read', async () => {
    mock.onGet('/api/monitor/server').reply(200, status({ unread: ['系统负载：not implemented'] }))
    signIn(['admin'])
    renderWithApp(<ServerMonitorPage />)
    expect(await screen.findByText('部分指标无法在本系统上读取')).toBeTruthy()
    expect(screen.getByText('系统负载：not implemented')).toBeTruthy()
  })

  it('says so when the status cannot be read', async () => {
    mock.onGet('/api/monitor/server').reply(500, { status: 500, message: '服务器内部错误' })
    signIn(['admin'])
    renderWithApp(<ServerMonitorPage />)
    expect(await screen.findByText('读取服务状态失败，请稍后刷新')).toBeTruthy()
  })

  it('writes durations in the two largest units', () => {
    expect(duration(0)).toBe('0 秒')
    expect(duration(59)).toBe('59 秒')
    expect(duration(3600)).toBe('1 小时 0 分')
    expect(duration(93784)).toBe('1 天 2 小时')
  })
})
