import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Card, Result, Tabs } from 'antd'
import { useMemo } from 'react'
import { recordAttachments } from '@/api/attachments'
import { PERM } from '@/api/permissions'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import { PrintLayout, RecordAttachments } from '@/components/flow'
import { PageSkeleton } from '@/components/LoadingSkeleton'
import { useHasPermission } from '@/components/Permission'
import { useSessionStore } from '@/stores/session'
import MobileUpload from './MobileUpload'
import RecordSections from './RecordSections'
import { archiveFilesApi, myArchive } from './service'
import Shares from './Shares'

/** 个人档案: the record across the modules, read-only and printable. */
function RecordTab() {
  const q = useQuery({ queryKey: ['archives', 'mine'], queryFn: myArchive })
  if (q.isLoading) return <PageSkeleton />
  if (q.isError || !q.data) return <Result status="error" title="个人档案加载失败" subTitle="请稍后刷新重试。" />
  const r = q.data
  if (!r.member) {
    return (
      <Result
        status="info"
        title="您的账号没有关联党员信息"
        subTitle="个人档案汇集党员本人的发展、组织关系、党费、组织生活等记录；如您是党员，请联系管理员关联党员信息。档案文件仍可在“档案文件”中保管。"
      />
    )
  }
  return (
    <PrintLayout
      title="个人档案"
      margin="16mm 14mm"
      meta={[
        { label: '姓名', value: r.member.name },
        { label: '所在党组织', value: r.member.orgName },
      ]}
    >
      <RecordSections r={r} />
    </PrintLayout>
  )
}

/** 档案文件: the owner's files (upload, preview, download, delete) and 手机上传. */
function FilesTab({ api }: { api: string }) {
  const client = useQueryClient()
  return (
    <>
      <div style={{ marginBottom: 8 }}>
        <MobileUpload onArrived={() => void client.invalidateQueries({ queryKey: ['attachments', api] })} />
      </div>
      <RecordAttachments api={api} editPerm={PERM.archiveMine} emptyText="档案中还没有文件：可从电脑上传，或用“手机上传”拍照上传证书、照片等。" />
    </>
  )
}

/**
 * 个人档案 (/user/archives): the signed-in person's own record across the modules (read-only, printable),
 * the files they keep in their archive (from the computer or the phone) and the sharing of those files.
 */
export default function ArchivesPage() {
  useDocumentTitle('个人档案')
  const userId = useSessionStore((s) => s.user?.id ?? 0)
  const canShare = useHasPermission([PERM.archiveShare])
  const api = archiveFilesApi(userId)
  const files = useMemo(() => recordAttachments(api), [api])
  // The files list is the one RecordAttachments keeps (same key): the share dialog picks from it.
  const list = useQuery({ queryKey: ['attachments', api, ''], queryFn: () => files.list(''), enabled: userId > 0 })
  return (
    <Card variant="borderless">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'record', label: '个人档案', children: <RecordTab /> },
          { key: 'files', label: '档案文件', children: userId > 0 && <FilesTab api={api} /> },
          ...(canShare ? [{ key: 'shares', label: '档案共享', children: <Shares files={list.data ?? []} /> }] : []),
        ]}
      />
    </Card>
  )
}
