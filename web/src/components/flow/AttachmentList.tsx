import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons'
import { Button, Popconfirm, Space, Table, Typography, Upload, type TableProps } from 'antd'
import { useRef, useState } from 'react'
import { downloadStoredFile, uploadFile, viewStoredFile } from '@/api/file'
import type { Perm } from '@/api/permissions'
import { fileSize, timeCell } from '@/components/format'
import { useHasPermission } from '@/components/Permission'
import { useSessionStore } from '@/stores/session'
import type { Attachment } from './types'
import { useFilePreview } from './useFilePreview'

/**
 * Where the files are kept: by default the file service (the list holds stored-file ids and the record
 * saves them); a record's own attachment routes otherwise (api/attachments: each upload and removal is
 * stored at once, and only those who see the record reach its files).
 */
export interface AttachmentSource {
  view: (a: Attachment) => Promise<Blob>
  download: (a: Attachment) => Promise<void>
  /** Stores a chosen file; answers it as the list shows it. */
  upload: (file: File, onProgress: (percent: number) => void) => Promise<Attachment>
  /** Removes a file before the list drops it. */
  remove?: (a: Attachment) => Promise<unknown>
}

interface Common {
  value: readonly Attachment[] | null | undefined
  /** What the empty list says, e.g. 申请人未上传材料. */
  emptyText?: string
  source?: AttachmentSource
}

interface ReadOnly extends Common {
  readOnly: true
  /** A line of file links instead of a table (inside a timeline entry or a description). */
  inline?: boolean
}

interface Editable extends Common {
  readOnly?: false
  /** The list after an upload or a removal; the record that keeps the file ids saves it. */
  onChange: (next: Attachment[]) => void
  /** Who may add files (the record's edit permission, typically). */
  uploadPerm: Perm
  /** Who may remove files. */
  removePerm: Perm
  /** Stored with each upload so 文件管理 can tell where a file belongs (letters, digits, 汉字, _ and -). */
  moduleName?: string
  tag?: string
  /** The file chooser's filter, e.g. ".pdf,.jpg"; the server's allowed types apply whatever it says. */
  accept?: string
}

export type AttachmentListProps = ReadOnly | Editable

/**
 * The files of a record, by stored-file id: name, size, uploader and time, with preview (images and PDF),
 * download, and, unless read-only, upload and remove gated by permissions.
 *
 *   <AttachmentList value={form.files} onChange={setFiles} uploadPerm={PERM.dyEdit} removePerm={PERM.dyEdit} moduleName="develop" />
 *   <AttachmentList value={entry.attachments} readOnly inline />
 *
 * Removing takes a file off the record only: the stored bytes stay in 文件管理, where holders of file:del
 * delete them (the server refuses while a record still refers to the file). With a record's `source`
 * (RecordAttachments) uploads and removals are stored on the record at once.
 */
export default function AttachmentList(props: AttachmentListProps) {
  const list = props.value ?? []
  const editable = props.readOnly ? null : props
  const uploaderName = useSessionStore((s) => s.user?.nickName ?? '')
  const source: AttachmentSource = props.source ?? {
    view: (a) => viewStoredFile(a.id),
    download: (a) => downloadStoredFile(a.id, a.name),
    upload: async (file, onProgress) => {
      const stored = await uploadFile(file, { moduleName: editable?.moduleName, tag: editable?.tag, onProgress })
      return { id: stored.id, name: stored.name, size: stored.size, contentType: stored.contentType, uploaderName, createTime: stored.createTime }
    },
  }
  const { canPreview, preview, node } = useFilePreview(source.view)
  const mayUpload = useHasPermission(editable ? [editable.uploadPerm] : [])
  const mayRemove = useHasPermission(editable ? [editable.removePerm] : [])
  const canUpload = !!editable && mayUpload
  const canRemove = !!editable && mayRemove
  const [percents, setPercents] = useState<Record<string, number>>({})
  // Several files chosen at once finish one by one: each adds itself to the latest list, not the one it started from.
  const latest = useRef(list)
  latest.current = list

  const open = (a: Attachment) => void (canPreview(a) ? preview(a) : source.download(a)).catch(() => undefined)
  const download = (a: Attachment) => void source.download(a).catch(() => undefined)

  const upload = async (file: File, uid: string) => {
    if (!editable) return
    setPercents((p) => ({ ...p, [uid]: 0 }))
    try {
      const added = await source.upload(file, (n) => setPercents((p) => ({ ...p, [uid]: n })))
      const next = [...latest.current, added]
      latest.current = next
      editable.onChange(next)
    } catch {
      /* e.g. 不允许上传该类型的文件, shown by the request pipeline */
    } finally {
      setPercents(({ [uid]: _, ...rest }) => rest)
    }
  }

  const remove = async (a: Attachment) => {
    if (!editable) return
    try {
      await source.remove?.(a)
    } catch {
      return // shown by the request pipeline; the file stays listed
    }
    const next = latest.current.filter((x) => x.id !== a.id)
    latest.current = next
    editable.onChange(next)
  }

  if (props.readOnly && props.inline) {
    if (list.length === 0) return <Typography.Text type="secondary">{props.emptyText ?? '无附件'}</Typography.Text>
    return (
      <Space wrap size={[12, 0]} className="attachment-links">
        {list.map((a) => (
          <span key={a.id}>
            <Button type="link" size="small" icon={<PaperClipOutlined />} onClick={() => open(a)} style={{ padding: 0 }}>
              {a.name}
            </Button>
            <Typography.Text type="secondary"> {fileSize(a.size)}</Typography.Text>
          </span>
        ))}
        {node}
      </Space>
    )
  }

  const uploading = Object.values(percents)
  const columns: TableProps<Attachment>['columns'] = [
    { title: '文件名', dataIndex: 'name', ellipsis: true },
    { title: '大小', dataIndex: 'size', width: 100, render: fileSize },
    { title: '上传人', dataIndex: 'uploaderName', width: 110 },
    { title: '上传时间', dataIndex: 'createTime', width: 170, render: timeCell },
    {
      title: '操作',
      key: 'actions',
      width: canRemove ? 170 : 120,
      render: (_, a) => (
        <Space size={0}>
          {canPreview(a) && (
            <Button type="link" size="small" onClick={() => open(a)}>
              预览
            </Button>
          )}
          <Button type="link" size="small" onClick={() => download(a)}>
            下载
          </Button>
          {canRemove && (
            <Popconfirm
              title={`确定删除附件“${a.name}”吗？`}
              okText="确定"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(a)}
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
    <div className="attachment-list">
      {canUpload && (
        <Upload
          multiple
          accept={editable.accept}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file, file.uid)
            return false
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading.length > 0} style={{ marginBottom: 8 }}>
            {uploading.length > 0 ? `上传中 ${Math.min(...uploading)}%` : '上传附件'}
          </Button>
        </Upload>
      )}
      <Table<Attachment>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...list]}
        columns={columns}
        locale={{ emptyText: props.emptyText ?? '暂无附件' }}
      />
      {node}
    </div>
  )
}
