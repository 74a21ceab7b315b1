const CHARS = 'ABCDEFGHJKMNPQRSTWXYZabcdefhijkmnprstwxyz2345678'

/** Random string, 10 characters by default (ids for temporary keys, not for secrets). */
export function randomString(length = 10): string {
  let out = ''
  for (let i = 0; i < length; i++) out += CHARS.charAt(Math.floor(Math.random() * CHARS.length))
  return out
}

/** Phone or tablet, judged from the user agent. */
export function isMobileDevice(userAgent: string = navigator.userAgent): boolean {
  return ['Android', 'iPhone', 'SymbianOS', 'Windows Phone', 'iPad', 'iPod'].some((k) => userAgent.includes(k))
}

export const IMAGE_BASE_URL = '/api/file/view?id='
export const DEFAULT_IMAGE = `${import.meta.env.BASE_URL}default-image.svg`

/** Image URL for a stored file id with a cache-buster; a default image when there is no id. */
export function imageUrl(id: string | number | null | undefined, base = IMAGE_BASE_URL): string {
  if (id === null || id === undefined || id === '') return DEFAULT_IMAGE
  return `${base}${encodeURIComponent(String(id))}&_r=${randomString(6)}`
}
