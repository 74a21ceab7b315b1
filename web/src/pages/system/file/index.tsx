import { UploadOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { PERM } from '@/api/permissions'
import { Button, Tag, Tooltip, type TableProps } from 'antd'
import { useState } from 'react'
import { actionColumn, CrudTable, deleteAction, RowActions, useCrud } from '@/components/crud'
import { useHasPermission } from '@/components/Permission'
import { fileSize, timeCell } from '@/components/format'
import UploadDialog from './components/UploadDialog'
import { canPreview, deleteFiles, downloadStoredFile, fetchFileModules, fetchFiles, previewFile } from './service'
import type { FileRow } from './types'

/** A readable name with its code in a tooltip (the code is the detail, never the cell's text). */
function named(label: string | undefined, code: string, what: string) {
  if (!label) return null
  return (
    <Tooltip title={`${what}：${code}`}>
      <span>{label}</span>
    </Tooltip>
  )
}

/** 文件管理: every uploaded file; upload, download, preview, delete. */
export default function FilePage() {
  const crud = useCrud<FileRow>({ key: 'files', fetch: fetchFiles })
  const canDelete = useHasPermission([PERM.fileDel])
  const [uploading, setUploading] = useState(false)
  const modules = useQuery({ queryKey: ['file-modules'], queryFn: fetchFileModules })

  const columns: TableProps<FileRow>['columns'] = [
    { title: '文件名', dataIndex: 'name', sorter: true, ellipsis: true },
    { title: '大小', dataIndex: 'size', width: 100, sorter: true, render: fileSize },
    { title: '类型', dataIndex: 'typeLabel', width: 120, render: (v: string | undefined, f) => named(v, f.contentType, '文件类型') },
    { title: '模块', dataIndex: 'moduleLabel', width: 130, render: (v: string | undefined, f) => named(v, f.moduleName, '模块代码') },
    { title: '标签', dataIndex: 'tagLabel', width: 110, render: (v: string | undefined, f) => named(v, f.tag, '标签代码') },
    { title: '公开', dataIndex: 'isPublic', width: 70, render: (v: boolean) => (v ? <Tag color="blue">公开</Tag> : null) },
    { title: '上传人', dataIndex: 'uploaderName', width: 110 },
    { title: '上传时间', dataIndex: 'createTime', width: 170, sorter: true, render: timeCell },
    actionColumn<FileRow>(
      (f) => (
        <RowActions
          actions={[
            { key: 'preview', label: '预览', hidden: !canPreview(f.contentType), onClick: () => void previewFile(f.id).catch(() => undefined) },
            { key: 'download', label: '下载', onClick: () => void downloadStoredFile(f.id, f.name).catch(() => undefined) },
            deleteAction(PERM.fileDel, f.name, () => deleteFiles([f.id]), crud.reload, { kind: '文件', note: '删除后无法恢复' }),
          ]}
        />
      ),
      170,
    ),
  ]

  return (
    <>
      <CrudTable<FileRow>
        crud={crud}
        columns={columns}
        searchFields={[
          { name: 'blurry', label: '文件名' },
          { name: 'moduleName', label: '模块', type: 'select', options: modules.data ?? [] },
          { name: 'uploader', label: '上传人', placeholder: '用户名或姓名' },
          { name: 'createTimeFrom', label: '上传日期', type: 'date', placeholder: '开始日期' },
          { name: 'createTimeTo', label: '至', type: 'date', placeholder: '结束日期' },
        ]}
        toolbar={
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            上传
          </Button>
        }
        onDelete={canDelete ? (ids) => deleteFiles(ids as number[]) : undefined}
        nameOf={(f) => f.name}
        noun="文件"
        scrollX={1300}
      />
      {uploading && <UploadDialog onClose={() => setUploading(false)} onDone={crud.reload} />}
    </>
  )
}
