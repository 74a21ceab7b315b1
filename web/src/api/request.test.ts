import axios from 'axios'
import MockAdapter from 'axios-mock-adapter'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  cancelAllRequests,
  createHttp,
  isNoAnchor,
  isPasswordChangeRequired,
  MSG_BACKEND_DOWN,
  MSG_FAILED,
  MSG_TIMEOUT,
  NO_ANCHOR,
  PASSWORD_CHANGE_REQUIRED,
  type RequestHandlers,
} from './request'

function setup({ methodOverride = false } = {}) {
  let relogin: (ok: boolean) => void = () => undefined
  const handlers = {
    notifyError: vi.fn(),
    confirmRelogin: vi.fn(() => new Promise<boolean>((r) => (relogin = r))),
    relogin: vi.fn(),
    forbidden: vi.fn(),
    passwordChangeRequired: vi.fn(),
    noAnchor: vi.fn(),
  } satisfies RequestHandlers
  const http = createHttp({ handlers: () => handlers, methodOverride })
  const mock = new MockAdapter(http)
  return { http, mock, handlers, answerRelogin: (ok: boolean) => relogin(ok) }
}

describe('request pipeline', () => {
  let ctx: ReturnType<typeof setup>
  beforeEach(() => {
    ctx = setup()
  })

  it('sends the CSRF header, JSON, credentials (the session cookie) and the 60 s timeout', async () => {
    ctx.mock.onGet('/api/x').reply((config) => {
      expect(config.headers?.['X-Requested-With']).toBe('XMLHttpRequest')
      expect(config.headers?.['Content-Type']).toBe('application/json')
      expect(config.withCredentials).toBe(true)
      expect(config.timeout).toBe(60_000)
      return [200, { ok: true }]
    })
    await expect(ctx.http.get('/api/x').then((r) => r.data)).resolves.toEqual({ ok: true })
  })

  it('never sends a bearer token: the session is the HttpOnly cookie', async () => {
    ctx.mock.onPost('/api/x').reply((config) => [200, { auth: config.headers?.Authorization ?? null, csrf: config.headers?.['X-Requested-With'] }])
    expect((await ctx.http.post('/api/x', {})).data).toEqual({ auth: null, csrf: 'XMLHttpRequest' })
  })

  it('serialises arrays without indices', () => {
    const url = ctx.http.getUri({ url: '/api/x', params: { ids: [1, 2], sort: ['a,asc', 'b,desc'] } })
    expect(url).toBe('/api/x?ids=1&ids=2&sort=a,asc&sort=b,desc')
  })

  it('sends PUT/DELETE as POST + override header when asked (production)', async () => {
    const { http, mock } = setup({ methodOverride: true })
    mock.onPost('/api/users').reply((config) => [200, { override: config.headers?.['X-HTTP-Method-Override'] }])
    expect((await http.put('/api/users', {})).data).toEqual({ override: 'PUT' })
    expect((await http.delete('/api/users', { data: [1] })).data).toEqual({ override: 'DELETE' })
  })

  it('keeps PUT as PUT in development', async () => {
    ctx.mock.onPut('/api/users').reply(204)
    await expect(ctx.http.put('/api/users', {})).resolves.toMatchObject({ status: 204 })
  })

  it('shows the server message of an error', async () => {
    ctx.mock.onPost('/auth/login').reply(400, { status: 400, message: '验证码错误' })
    await expect(ctx.http.post('/auth/login', {})).rejects.toBeTruthy()
    expect(ctx.handlers.notifyError).toHaveBeenCalledWith('验证码错误', '提交失败')
  })

  it('titles the notification with the action the server names, never a path', async () => {
    ctx.mock.onPost('/api/dyjbxx').reply(409, { status: 409, message: '身份证号码已存在', module: '党员信息', action: '新增' })
    await expect(ctx.http.post('/api/dyjbxx', {})).rejects.toBeTruthy()
    expect(ctx.handlers.notifyError).toHaveBeenLastCalledWith('身份证号码已存在', '党员信息 · 新增失败')
  })

  it('without a named action the title says what the method does', async () => {
    const { http, mock, handlers } = setup({ methodOverride: true })
    mock.onPost('/api/x').reply(500, { status: 500, message: '服务器内部错误，请稍后重试' })
    await expect(http.put('/api/x', {})).rejects.toBeTruthy()
    expect(handlers.notifyError).toHaveBeenLastCalledWith('服务器内部错误，请稍后重试', '保存失败')
    await expect(http.delete('/api/x')).rejects.toBeTruthy()
    expect(handlers.notifyError).toHaveBeenLastCalledWith('服务器内部错误，请稍后重试', '删除失败')
    ctx.mock.onGet('/api/y').reply(404, { status: 404, message: '接口不存在' })
    await expect(ctx.http.get('/api/y')).rejects.toBeTruthy()
    expect(ctx.handlers.notifyError).toHaveBeenLastCalledWith('接口不存在', '加载失败')
  })

  it('reads the message of a failed blob download', async () => {
    ctx.mock.onGet('/api/file/download').reply(400, new Blob([JSON.stringify({ message: '文件不存在' })], { type: 'application/json' }))
    await expect(ctx.http.get('/api/file/download', { responseType: 'blob' })).rejects.toBeTruthy()
    expect(ctx.handlers.notifyError).toHaveBeenCalledWith('文件不存在', '加载失败')
  })

  it('silent requests show nothing', async () => {
    ctx.mock.onGet('/auth/info').reply(401, { message: 'x' })
    await expect(ctx.http.get('/auth/info', { silent: true })).rejects.toBeTruthy()
    expect(ctx.handlers.notifyError).not.toHaveBeenCalled()
    expect(ctx.handlers.confirmRelogin).not.toHaveBeenCalled()
  })

  it('401 opens one expiry dialog however many requests fail, and 重新登录 logs out', async () => {
    ctx.mock.onGet(/\/api\/.*/).reply(401, { status: 401, message: '未登录' })
    await Promise.allSettled([ctx.http.get('/api/a'), ctx.http.get('/api/b'), ctx.http.get('/api/c')])
    expect(ctx.handlers.confirmRelogin).toHaveBeenCalledTimes(1)
    expect(ctx.handlers.notifyError).not.toHaveBeenCalled()
    ctx.answerRelogin(true)
    await vi.waitFor(() => expect(ctx.handlers.relogin).toHaveBeenCalledTimes(1))
    // After the dialog closed, a new 401 may open it again.
    await Promise.allSettled([ctx.http.get('/api/d')])
    expect(ctx.handlers.confirmRelogin).toHaveBeenCalledTimes(2)
  })

  it('cancel in the expiry dialog does not log out', async () => {
    ctx.mock.onGet('/api/a').reply(401, {})
    await Promise.allSettled([ctx.http.get('/api/a')])
    ctx.answerRelogin(false)
    // The answer has been handled once the dialog may open again for the next 401.
    await vi.waitFor(async () => {
      await Promise.allSettled([ctx.http.get('/api/a')])
      expect(ctx.handlers.confirmRelogin).toHaveBeenCalledTimes(2)
    })
    expect(ctx.handlers.relogin).not.toHaveBeenCalled()
  })

  it('403 goes to the forbidden page', async () => {
    ctx.mock.onGet('/api/roles').reply(403, { status: 403, message: '没有权限' })
    await expect(ctx.http.get('/api/roles')).rejects.toBeTruthy()
    expect(ctx.handlers.forbidden).toHaveBeenCalledTimes(1)
    expect(ctx.handlers.notifyError).not.toHaveBeenCalled()
  })

  it('403 PASSWORD_CHANGE_REQUIRED opens the password dialog instead of the forbidden page', async () => {
    ctx.mock.onGet('/api/menus/build').reply(403, { status: 403, message: '请先修改密码后再使用系统', code: PASSWORD_CHANGE_REQUIRED })
    const error = await ctx.http.get('/api/menus/build').catch((e: unknown) => e)
    expect(isPasswordChangeRequired(error)).toBe(true)
    expect(ctx.handlers.passwordChangeRequired).toHaveBeenCalledTimes(1)
    expect(ctx.handlers.forbidden).not.toHaveBeenCalled()
    expect(ctx.handlers.notifyError).not.toHaveBeenCalled()
    // A plain 403 is not mistaken for it.
    ctx.mock.onGet('/api/roles').reply(403, { status: 403, message: '没有权限' })
    expect(isPasswordChangeRequired(await ctx.http.get('/api/roles').catch((e: unknown) => e))).toBe(false)
  })

  it('403 NO_ANCHOR tells the page why instead of going to the forbidden page', async () => {
    const message = '您的账号尚未关联党组织，请联系管理员'
    ctx.mock.onGet('/api/dyjbxx').reply(403, { status: 403, message, code: NO_ANCHOR })
    const error = await ctx.http.get('/api/dyjbxx').catch((e: unknown) => e)
    expect(isNoAnchor(error)).toBe(true)
    expect(ctx.handlers.noAnchor).toHaveBeenCalledWith(message)
    expect(ctx.handlers.forbidden).not.toHaveBeenCalled()
    expect(ctx.handlers.notifyError).not.toHaveBeenCalled()
    ctx.mock.onGet('/api/roles').reply(403, { status: 403, message: '没有权限' })
    expect(isNoAnchor(await ctx.http.get('/api/roles').catch((e: unknown) => e))).toBe(false)
    expect(ctx.handlers.forbidden).toHaveBeenCalledTimes(1)
  })

  it('timeout → 网络请求超时', async () => {
    ctx.mock.onGet('/api/slow').timeout()
    await expect(ctx.http.get('/api/slow')).rejects.toBeTruthy()
    expect(ctx.handlers.notifyError).toHaveBeenCalledWith(MSG_TIMEOUT, '加载失败')
  })

  it('no response → 接口调用失败', async () => {
    ctx.mock.onGet('/api/x').networkError()
    await expect(ctx.http.get('/api/x')).rejects.toBeTruthy()
    expect(ctx.handlers.notifyError).toHaveBeenCalledWith(MSG_FAILED, '加载失败')
  })

  it('proxy error text → 后端服务未启动', async () => {
    ctx.mock.onGet('/api/x').reply(500, 'Error occurred while trying to proxy: localhost:5173/api/x')
    await expect(ctx.http.get('/api/x')).rejects.toBeTruthy()
    expect(ctx.handlers.notifyError).toHaveBeenCalledWith(MSG_BACKEND_DOWN, '加载失败')
  })

  it('cancelAllRequests aborts pending requests silently', async () => {
    ctx.mock.restore()
    // A custom adapter that, like the real XHR one, rejects when its signal aborts.
    let sent = false
    ctx.http.defaults.adapter = (config) =>
      new Promise((_, reject) => {
        sent = true
        const signal = config.signal as AbortSignal
        signal.addEventListener('abort', () => reject(new axios.CanceledError(undefined, undefined, config)))
      })
    const p = ctx.http.get('/api/x')
    await vi.waitFor(() => expect(sent).toBe(true))
    cancelAllRequests()
    const err = await p.catch((e: unknown) => e)
    expect(axios.isCancel(err)).toBe(true)
    expect(ctx.handlers.notifyError).not.toHaveBeenCalled()
  })
})

describe('upload helper', () => {
  it('posts multipart with the 600 s timeout and reports whole percents', async () => {
    const { http, upload, LONG_TIMEOUT } = await import('./request')
    const mock = new MockAdapter(http)
    mock.onPost('/api/file/upload').reply((config) => {
      expect(config.timeout).toBe(LONG_TIMEOUT)
      expect(config.timeout).toBe(600_000)
      expect(config.data).toBeInstanceOf(FormData)
      config.onUploadProgress?.({ loaded: 1, total: 3, bytes: 1, lengthComputable: true })
      return [201, { id: 9 }]
    })
    const progress: number[] = []
    const form = new FormData()
    form.append('file', new Blob(['x']), 'a.txt')
    await expect(upload('/api/file/upload', form, (p) => progress.push(p))).resolves.toEqual({ id: 9 })
    expect(progress).toEqual([33])
    mock.restore()
  })
})
