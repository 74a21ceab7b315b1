import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Spin } from 'antd'
import { useMemo } from 'react'
import { recordAttachments } from '@/api/attachments'
import type { Perm } from '@/api/permissions'
import AttachmentList, { type AttachmentSource } from './AttachmentList'

interface Props {
  /** The record's attachment API, e.g. `/api/dyjbxx/5/attachments` (system.AttachRoutes). */
  api: string
  /** The kind shown and uploaded ('' the general attachments). */
  kind?: string
  /** Who may add and remove files: the record's edit permission. */
  editPerm: Perm
  /** The file chooser's filter; the server's limits of the kind apply whatever it says. */
  accept?: string
  emptyText?: string
  /** Listed, previewed and downloaded only (the record's state fixes its files: a submitted self-assessment). */
  readOnly?: boolean
  /** After an upload or a removal (a count shown elsewhere reads again). */
  onChanged?: () => void
}

/**
 * The attachments of a saved record, kept by the record's attachment routes: each upload and removal
 * is stored at once; listing, preview and download go through the record, so only those who see it
 * reach its files. A workflow step passes its step as the kind.
 */
export default function RecordAttachments({ api, kind = '', editPerm, accept, emptyText, readOnly, onChanged }: Props) {
  const client = useQueryClient()
  const files = useMemo(() => recordAttachments(api), [api])
  const queryKey = ['attachments', api, kind]
  const list = useQuery({ queryKey, queryFn: () => files.list(kind) })
  const source: AttachmentSource = {
    view: (a) => files.view(a.id),
    download: files.download,
    upload: (file, onProgress) => files.upload(file, kind, onProgress),
    remove: (a) => files.remove(a.id),
  }
  if (list.isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />
  if (readOnly) return <AttachmentList value={list.data} source={source} readOnly emptyText={emptyText} />
  return (
    <AttachmentList
      value={list.data}
      source={source}
      onChange={(next) => {
        client.setQueryData(queryKey, next)
        onChanged?.()
      }}
      uploadPerm={editPerm}
      removePerm={editPerm}
      accept={accept}
      emptyText={emptyText}
    />
  )
}
