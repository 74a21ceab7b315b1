import { useQuery } from '@tanstack/react-query'
import { Spin } from 'antd'
import { useMemo } from 'react'
import { recordAttachments } from '@/api/attachments'
import { PERM } from '@/api/permissions'
import AttachmentList from '@/components/flow/AttachmentList'
import RecordAttachments from '@/components/flow/RecordAttachments'
import { attachmentsApi } from './api'

/** A report's materials: its secretary adds and removes them while the report may be written; everyone else reads them. */
export default function ReportFiles({ id, editable }: { id: number; editable: boolean }) {
  const api = attachmentsApi(id)
  const files = useMemo(() => recordAttachments(api), [api])
  const list = useQuery({ queryKey: ['attachments', api, ''], queryFn: () => files.list(''), enabled: !editable })
  if (editable) return <RecordAttachments api={api} editPerm={PERM.szpySubmit} emptyText="暂无述职材料，可上传述职报告附件、佐证材料" />
  if (list.isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />
  return (
    <AttachmentList readOnly value={list.data} emptyText="书记未上传述职材料"
      source={{ view: (a) => files.view(a.id), download: files.download, upload: () => Promise.reject(new Error('read only')) }} />
  )
}
