import { recordAttachments } from '@/api/attachments'
import { post } from '@/api/request'
import type { FlowInput, Kind } from '@/api/generated/content'

/** The staff API base of each kind (internal/content kind.base). */
export const API_BASE: Record<Kind, string> = { NEWS: '/api/dwxw', ARTICLE: '/api/wzgl' }

/** The reader's routes (both kinds). */
export const READ_API = '/api/content/items'

/** One step of the flow on item id: submit, publish, reject (with the reason) or withdraw. */
export const flowStep = (kind: Kind, id: number, step: 'submit' | 'publish' | 'reject' | 'withdraw', body?: FlowInput) =>
  post(`${API_BASE[kind]}/${id}/${step}`, body)

/**
 * Stores a picture of item id's body (an attachment of kind image, refused by the server once the item is
 * submitted) and answers the address the body shows it at, for its writers and readers alike
 * (internal/content.ImagePath).
 */
export const uploadBodyImage = (kind: Kind, id: number, file: File) =>
  recordAttachments(`${API_BASE[kind]}/${id}/attachments`)
    .upload(file, 'image')
    .then((a) => `${READ_API}/${id}/images/${a.id}`)
