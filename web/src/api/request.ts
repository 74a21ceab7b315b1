import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No error notification and no 401 dialog for this request; the caller handles failures. */
    silent?: boolean
  }
}

export const DEFAULT_TIMEOUT = 60_000
/** Tree builds and uploads (spec §9). */
export const LONG_TIMEOUT = 600_000

export const MSG_TIMEOUT = '网络请求超时'
export const MSG_FAILED = '接口调用失败'
export const MSG_BACKEND_DOWN = '后端服务未启动'
export const MSG_EXPIRED = '登录状态已过期，您可以继续留在该页面，或者重新登录'

/** What the request pipeline does to the UI; the app wires real ones, tests pass fakes. */
export interface RequestHandlers {
  /** title names what failed (the route's action, "党员信息 · 新增失败"), message says why. */
  notifyError: (message: string, title: string) => void
  /** Resolves true when the user chooses 重新登录. */
  confirmRelogin: () => Promise<boolean>
  relogin: () => void
  forbidden: () => void
  /** The server refuses everything until the password is changed: open the forced dialog. */
  passwordChangeRequired: () => void
  /** A scoped endpoint refused because the account belongs to no party organisation (403 NO_ANCHOR). */
  noAnchor: (message: string) => void
}

export interface HttpOptions {
  handlers: () => RequestHandlers
  /** Production servers sit behind proxies that drop PUT/DELETE: send POST + override header. */
  methodOverride: boolean
}

/** The `code` of the server's 403 for a user who must change the password first. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED'

/** The `code` of the server's 403 for an account whose role needs a party organisation it lacks. */
export const NO_ANCHOR = 'NO_ANCHOR'

/** The `code` of a 403 answer, if any. */
function refusalCode(error: unknown): unknown {
  if (!axios.isAxiosError(error) || error.response?.status !== 403) return undefined
  const data: unknown = error.response.data
  return data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined
}

/** Whether a failed request was refused because the password must be changed first. */
export function isPasswordChangeRequired(error: unknown): boolean {
  return refusalCode(error) === PASSWORD_CHANGE_REQUIRED
}

/** Whether a failed request was refused because the account belongs to no party organisation. */
export function isNoAnchor(error: unknown): boolean {
  return refusalCode(error) === NO_ANCHOR
}

/** Shared cancellation: every request without its own signal can be aborted at once (logout). */
const pending = new Set<AbortController>()

export function cancelAllRequests(): void {
  for (const c of pending) c.abort()
  pending.clear()
}

/** The body of an error response: a failed download arrives as a Blob holding the JSON error. */
async function errorData(error: AxiosError): Promise<unknown> {
  const data: unknown = error.response?.data
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return data
  const text = await data.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** What a request without a declared action does, by its method (the override header in production). */
const METHOD_ACTIONS: Record<string, string> = { GET: '加载', POST: '提交', PUT: '保存', DELETE: '删除', PATCH: '保存' }

/**
 * The title of a failed request's notification: the route's module and action the server names
 * (`module`, `action` of the error body: "党员信息 · 新增失败"), else what the method does ("保存失败"),
 * never a path or a status code.
 */
export async function errorTitle(error: AxiosError): Promise<string> {
  const data = await errorData(error)
  if (data && typeof data === 'object') {
    const { module, action } = data as { module?: unknown; action?: unknown }
    if (typeof action === 'string' && action) return `${typeof module === 'string' && module ? `${module} · ` : ''}${action}失败`
  }
  const override = error.config?.headers?.['X-HTTP-Method-Override']
  const method = (typeof override === 'string' ? override : (error.config?.method ?? 'get')).toUpperCase()
  return `${METHOD_ACTIONS[method] ?? '操作'}失败`
}

/** Turns an error response into the user-facing text, or null when nothing should be shown. */
export async function errorMessage(error: AxiosError): Promise<string | null> {
  if (axios.isCancel(error)) return null
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message)) return MSG_TIMEOUT
  const res = error.response
  if (!res) return MSG_FAILED
  const data = await errorData(error)
  if (data && typeof data === 'object' && typeof (data as { message?: unknown }).message === 'string') {
    return (data as { message: string }).message
  }
  const text = typeof data === 'string' ? data : ''
  // The dev proxy answers 5xx with an empty or "proxy error" body when the Go server is not running.
  if (/proxy/i.test(text) || (!text && [502, 503, 504].includes(res.status))) return MSG_BACKEND_DOWN
  return text && text.length < 200 && !/^\s*</.test(text) ? text : MSG_FAILED
}

/** What a page that handles its own failures (a silent request) shows: errorMessage's text for any failure. */
export async function failureText(error: unknown): Promise<string> {
  return (axios.isAxiosError(error) && (await errorMessage(error))) || MSG_FAILED
}

/** One input field's problem, as the server's error body names it. */
export interface FieldError {
  field: string
  message: string
}

/**
 * Something that can show server validation errors on their fields (a form being submitted): it
 * gets every field error of the answer and returns those it could not show (a field it lacks).
 */
export type FieldErrorClaimer = (errors: FieldError[]) => FieldError[]

/** The `field` of an error about no field of the form (the whole submit): see claimFieldErrorsOf. */
export const FORM_ERROR = ''

const claimers: FieldErrorClaimer[] = []

/** Registers a claimer until the returned function is called; the latest one is asked first. */
export function claimFieldErrors(claimer: FieldErrorClaimer): () => void {
  claimers.push(claimer)
  return () => {
    const i = claimers.lastIndexOf(claimer)
    if (i >= 0) claimers.splice(i, 1)
  }
}

/**
 * The field errors of an error body: `fields` (every bad field at once), else the single `field`
 * with the `message` (servers and endpoints that name one).
 */
export function errorFields(error: AxiosError, message: string): FieldError[] {
  const data: unknown = error.response?.data
  if (!data || typeof data !== 'object') return []
  const { field, fields } = data as { field?: unknown; fields?: unknown }
  if (Array.isArray(fields)) {
    const list = fields.filter(
      (f): f is FieldError => !!f && typeof f === 'object' && typeof (f as FieldError).field === 'string' && typeof (f as FieldError).message === 'string',
    )
    if (list.length) return list
  }
  return typeof field === 'string' && field !== '' ? [{ field, message }] : []
}

/**
 * Shows the answer's field errors on a submitting form's fields; returns the message for those left over (null: none).
 * An answer naming no field is offered as one error of field '' (FORM_ERROR): a submitting form may show it beside
 * its buttons, where the user is looking, instead of the toast at the top of the page.
 */
function claimFieldErrorsOf(error: AxiosError, message: string): string | null {
  const named = errorFields(error, message)
  let left = named.length ? named : [{ field: FORM_ERROR, message }]
  for (let i = claimers.length - 1; i >= 0 && left.length; i--) left = claimers[i](left)
  return left.length ? left.map((f) => f.message).join('；') : null
}

/**
 * Sent with every request. The session cookie authenticates changes only together with it (or our
 * Origin): a form on another site cannot add a header, so it cannot forge a change (CSRF).
 */
export const CSRF_HEADER = 'X-Requested-With'

export function createHttp(options: HttpOptions): AxiosInstance {
  const instance = axios.create({
    timeout: DEFAULT_TIMEOUT,
    // The session is an HttpOnly cookie the browser sends by itself.
    withCredentials: true,
    headers: { 'Content-Type': 'application/json', [CSRF_HEADER]: 'XMLHttpRequest' },
    // ids=1&ids=2, never ids[0]=1
    paramsSerializer: { indexes: null },
  })
  let reloginOpen = false

  instance.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase()
    if (options.methodOverride && (method === 'PUT' || method === 'DELETE')) {
      config.headers.set('X-HTTP-Method-Override', method)
      config.method = 'post'
    }
    if (!config.signal) {
      const controller = new AbortController()
      pending.add(controller)
      config.signal = controller.signal
      ;(config as { _controller?: AbortController })._controller = controller
    }
    return config
  })

  const release = (config?: InternalAxiosRequestConfig) => {
    const c = (config as { _controller?: AbortController } | undefined)?._controller
    if (c) pending.delete(c)
  }

  instance.interceptors.response.use(
    (response) => {
      release(response.config)
      return response
    },
    async (error: AxiosError) => {
      release(error.config)
      const h = options.handlers()
      const silent = error.config?.silent === true
      const status = error.response?.status
      if (axios.isCancel(error) || silent) return Promise.reject(error)
      if (status === 401) {
        // One expiry dialog at a time, however many requests fail together.
        if (!reloginOpen) {
          reloginOpen = true
          h.confirmRelogin()
            .then((ok) => ok && h.relogin())
            .finally(() => {
              reloginOpen = false
            })
        }
        return Promise.reject(error)
      }
      if (status === 403) {
        // Not a missing permission: the page stays and the forced password dialog opens.
        if (isPasswordChangeRequired(error)) h.passwordChangeRequired()
        // Nor here: the page stays and says why it cannot show anything.
        else if (isNoAnchor(error)) h.noAnchor((await errorMessage(error)) ?? '')
        else h.forbidden()
        return Promise.reject(error)
      }
      const message = await errorMessage(error)
      // Validation errors naming fields show on those fields when a submitting form has them; the rest in a toast.
      const left = message && claimFieldErrorsOf(error, message)
      if (left) h.notifyError(left, await errorTitle(error))
      return Promise.reject(error)
    },
  )
  return instance
}

const fallbackHandlers: RequestHandlers = {
  notifyError: (m) => console.error(m),
  confirmRelogin: () => Promise.resolve(false),
  relogin: () => undefined,
  forbidden: () => undefined,
  passwordChangeRequired: () => undefined,
  noAnchor: () => undefined,
}
let handlers: RequestHandlers = fallbackHandlers

/** Called once by the app shell with handlers that show antd dialogs and navigate. */
export function configureRequestHandlers(h: RequestHandlers): void {
  handlers = h
}

export const http = createHttp({
  handlers: () => handlers,
  methodOverride: import.meta.env.PROD,
})

const data = <T>(p: Promise<AxiosResponse<T>>) => p.then((r) => r.data)

export const get = <T>(url: string, params?: object, config?: AxiosRequestConfig) => data(http.get<T>(url, { ...config, params }))
export const post = <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => data(http.post<T>(url, body, config))
export const put = <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => data(http.put<T>(url, body, config))
export const del = <T>(url: string, body?: unknown, config?: AxiosRequestConfig) => data(http.delete<T>(url, { ...config, data: body }))

/** Multipart upload with the long timeout; onProgress gets whole percents. */
export function upload<T>(url: string, form: FormData, onProgress?: (percent: number) => void): Promise<T> {
  return data(
    http.post<T>(url, form, {
      timeout: LONG_TIMEOUT,
      headers: { 'Content-Type': 'multipart/form-data' },
      onUploadProgress: (e) => {
        if (onProgress && e.total) onProgress(Math.round((e.loaded * 100) / e.total))
      },
    }),
  )
}

/** A page of rows as every list endpoint answers. */
export interface Page<T> {
  content: T[]
  totalElements: number
  /** More rows match than the server counts (its cap): totalElements is that cap, shown as "≥ N". */
  totalElementsCapped?: boolean
}
