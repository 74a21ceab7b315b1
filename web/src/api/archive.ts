import { failureText, http, upload } from './request'
import type { Channel, LinkCheck, LinkState, NewLink } from './generated/archive'

/** 手机上传: the desktop makes a link for the caller's own archive and polls it. */
export const createUploadLink = () => http.post<NewLink>('/api/archives/mobileUpload', {}).then((r) => r.data)
export const uploadLinkState = (id: number) => http.get<LinkState>(`/api/archives/mobileUpload/${id}`).then((r) => r.data)

/** The phone (no session): whether its link is still good, and its one upload through it. */
export const checkUploadLink = (token: string) =>
  http.get<LinkCheck>('/api/mobileUpload', { params: { t: token }, silent: true }).then(
    (r) => r.data,
    // The page shows the server's reason (spent, expired or forged) itself, instead of a toast.
    async (e: unknown) => Promise.reject(new Error(await failureText(e))),
  )

export function uploadThroughLink(token: string, channel: Channel, file: File, onProgress?: (p: number) => void) {
  const form = new FormData()
  form.append('file', file)
  const query = new URLSearchParams({ t: token, channel })
  return upload<{ name: string; size: number }>(`/api/mobileUpload?${query.toString()}`, form, onProgress)
}
