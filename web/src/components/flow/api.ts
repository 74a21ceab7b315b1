import { downloadFile } from '@/api/file'
import { get, http, post, put } from '@/api/request'
import type { AttachmentSource } from './AttachmentList'
import type { FlowActionBody, FlowChain, FlowChainsView, FlowView } from './types'

/**
 * The flow endpoints a module mounts under its own base (flow.Workflow.Routes): `base` is the module's
 * records, e.g. /api/sample.
 */
export const flowUrl = (base: string, id: number) => `${base}/${id}/flow`

export const getFlow = (base: string, id: number) => get<FlowView>(flowUrl(base, id))

/** Takes an action; answers the record's flow after it. */
export const actOnFlow = (base: string, id: number, body: FlowActionBody) => post<FlowView>(flowUrl(base, id), body)

/**
 * The files of a record's history, read through the workflow (GET base/{id}/flow/files/{fileId}): whoever
 * sees the record opens them, not only their uploader. Read-only: files are added with an action.
 */
export function flowFiles(base: string, id: number): AttachmentSource {
  const url = (fileId: number) => `${flowUrl(base, id)}/files/${fileId}`
  return {
    view: (a) => http.get<Blob>(url(a.id), { params: { inline: 1 }, responseType: 'blob' }).then((r) => r.data),
    download: (a) => downloadFile(url(a.id), undefined, a.name),
    upload: () => Promise.reject(new Error('办理附件随办理上传')),
  }
}

/** The approval chains of a workflow (flow.ChainsView), per organisation type. */
export const getChains = (base: string) => get<FlowChainsView>(`${base}/flow/chains`)

/** Replaces the chain of one organisation type; answers all chains. */
export const setChain = (base: string, chain: FlowChain) => put<FlowChainsView>(`${base}/flow/chains`, chain)
