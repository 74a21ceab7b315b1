import type { Grant } from '@/api/generated/bigscreen'

/** The signature's fields as the hash route carries them. */
export interface Signed {
  timestamp: string
  platformCode: string
  sign: string
}

/** A hash route: the screen's path and its signature (absent fields are ''). */
export interface Route {
  path: string
  signed: Signed
}

/** Reads `#/dv1?timestamp=…&platformCode=…&sign=…`. */
export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#/, '')
  const at = raw.indexOf('?')
  const path = (at < 0 ? raw : raw.slice(0, at)) || '/'
  const q = new URLSearchParams(at < 0 ? '' : raw.slice(at + 1))
  return { path, signed: { timestamp: q.get('timestamp') ?? '', platformCode: q.get('platformCode') ?? '', sign: q.get('sign') ?? '' } }
}

/** A refusal of the server with its message (a wrong or expired signature). */
export class ScreenError extends Error {}

/** GETs a screen route with the signature as its query; a refusal throws its message. */
export async function fetchSigned<T>(url: string, signed: Signed): Promise<T> {
  const q = new URLSearchParams({ timestamp: signed.timestamp, platformCode: signed.platformCode, sign: signed.sign })
  let res: Response
  try {
    res = await fetch(`${url}?${q.toString()}`, { headers: { Accept: 'application/json' }, credentials: 'omit' })
  } catch {
    throw new ScreenError('无法连接服务器，请检查网络后刷新')
  }
  const body: unknown = await res.json().catch(() => null)
  if (!res.ok) {
    const msg = body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : ''
    throw new ScreenError(msg || `加载失败（${res.status}）`)
  }
  return body as T
}

/** Checks the signature before any data is asked for. */
export const verify = (signed: Signed) => fetchSigned<Grant>('/api/report/aj/verification', signed)
