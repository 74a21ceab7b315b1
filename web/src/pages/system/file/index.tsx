import { UploadOutlined } from '@ant-design/icons'
import { Button, Popconfirm, Space, Tag, type TableProps } from 'antd'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { CrudTable, useCrud } from '@/components/crud'
import { useHasPermission } from '@/components/Permission'
import { fileSize, timeCell } from '@/components/format'
import UploadDialog from './components/UploadDialog'
import { canPreview, deleteFiles, downloadStoredFile, fetchFiles, previewFile } from './service'
import type { FileRow } from './types'

/** 文件管理: every uploaded file; upload, download, preview, delete. */
export default function FilePage() {
  const crud = useCrud<FileRow>({ key: 'files', fetch: fetchFiles })
  const canDelete = useHasPermission([PERM.fileDel])
  const [uploading, setUploading] = useState(false)

  const remove = async (f: FileRow) => {
    try {
      await deleteFiles([f.id])
      ui.message.success('删除成功')
      crud.reload()
    } catch {
      /* e.g. 文件正在被使用, shown by the request pipeline */
    }
  }

  const columns: TableProps<FileRow>['columns'] = [
    { title: '文件名', dataIndex: 'name', sorter: true, ellipsis: true },
    { title: '大小', dataIndex: 'size', width: 100, sorter: true, render: fileSize },
    { title: '类型', dataIndex: 'contentType', width: 160, ellipsis: true },
    { title: '模块', dataIndex: 'moduleName', width: 110 },
    { title: '标签', dataIndex: 'tag', width: 100 },
    { title: '公开', dataIndex: 'isPublic', width: 70, render: (v: boolean) => (v ? <Tag color="blue">公开</Tag> : null) },
    { title: '上传人', dataIndex: 'uploaderName', width: 110 },
    { title: '上传时间', dataIndex: 'createTime', width: 170, sorter: true, render: timeCell },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_, f) => (
        <Space size={0}>
          {canPreview(f.contentType) && (
            <Button type="link" size="small" onClick={() => void previewFile(f.id).catch(() => undefined)}>
              预览
            </Button>
          )}
          <Button type="link" size="small" onClick={() => void downloadStoredFile(f.id, f.name).catch(() => undefined)}>
            下载
          </Button>
          {canDelete && (
            <Popconfirm
              title={`确定删除文件“${f.name}”吗？`}
              description="删除后无法恢复"
              okText="确定"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(f)}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ]

  return (
    <>
      <CrudTable<FileRow>
        crud={crud}
        columns={columns}
        searchFields={[
          { name: 'blurry', label: '文件名' },
          { name: 'moduleName', label: '模块' },
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
        scrollX={1300}
      />
      {uploading && <UploadDialog onClose={() => setUploading(false)} onDone={crud.reload} />}
    </>
  )
}
