import { CameraOutlined, DeleteOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Empty, Image, Popconfirm, Space, Spin, Typography, Upload } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { recordAttachments, type RecordAttachment } from '@/api/attachments'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { RecordAttachments } from '@/components/flow'
import { useHasPermission } from '@/components/Permission'
import { attachmentsApi } from './api'
import { FILE_KIND, type MeetingView } from './types'

const THUMB = 120

/** One photo's thumbnail, read through the meeting's attachment route (the token goes with it). */
function Photo({ photo, view, canRemove, onRemove }: { photo: RecordAttachment; view: (id: number) => Promise<Blob>; canRemove: boolean; onRemove: () => void }) {
  const bytes = useQuery({ queryKey: ['attachment-bytes', photo.id], queryFn: () => view(photo.id), staleTime: Infinity })
  const [url, setUrl] = useState<string>()
  // One blob URL per image, freed when the photo goes or the tab closes.
  useEffect(() => {
    if (!bytes.data) return
    const u = URL.createObjectURL(bytes.data)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [bytes.data])
  return (
    <Space orientation="vertical" size={4} align="center">
      {url ? (
        <Image src={url} alt={photo.name} width={THUMB} height={THUMB} style={{ objectFit: 'cover', borderRadius: 4 }} />
      ) : (
        <div style={{ width: THUMB, height: THUMB, display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px dashed #d9d9d9', borderRadius: 4 }}>
          <Spin size="small" />
        </div>
      )}
      <Space size={0}>
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: THUMB - (canRemove ? 24 : 0) }}>
          {photo.name}
        </Typography.Text>
        {canRemove && (
          <Popconfirm title={`确定删除照片“${photo.name}”吗？`} okText="确定" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={onRemove}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除照片 ${photo.name}`} />
          </Popconfirm>
        )}
      </Space>
    </Space>
  )
}

/** 会议照片: thumbnails that open large, uploaded by holders of hy:edit (CHANNEL PHOTO: taken on the phone). */
function PhotoWall({ api }: { api: string }) {
  const client = useQueryClient()
  const files = useMemo(() => recordAttachments(api), [api])
  const queryKey = ['attachments', api, FILE_KIND.photo]
  const list = useQuery({ queryKey, queryFn: () => files.list(FILE_KIND.photo) })
  const canEdit = useHasPermission([PERM.hyEdit])
  const [uploading, setUploading] = useState(0)
  const reload = () => void client.invalidateQueries({ queryKey })

  const upload = async (file: File) => {
    setUploading((n) => n + 1)
    try {
      await files.upload(file, FILE_KIND.photo)
      reload()
    } catch {
      /* e.g. 不允许上传该类型的文件, shown by the request pipeline */
    } finally {
      setUploading((n) => n - 1)
    }
  }
  const remove = async (id: number) => {
    try {
      await files.remove(id)
      ui.message.success('照片已删除')
      reload()
    } catch {
      /* shown by the request pipeline */
    }
  }

  if (list.isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />
  const photos = list.data ?? []
  return (
    <>
      {canEdit && (
        // A block of its own: the Upload is inline, and the photos stood beside the button rather than under it.
        <div style={{ marginBottom: 12 }}>
          <Upload
            multiple
            accept=".jpg,.jpeg,.png"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file)
              return false
            }}
          >
            <Button icon={<CameraOutlined />} loading={uploading > 0}>
              上传照片
            </Button>
          </Upload>
        </div>
      )}
      {photos.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无会议照片" />
      ) : (
        <Image.PreviewGroup>
          <Space wrap size={16} align="start">
            {photos.map((p) => (
              <Photo key={p.id} photo={p} view={(id) => files.view(id, { silent: true })} canRemove={canEdit} onRemove={() => void remove(p.id)} />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </>
  )
}

/** 照片和附件: the meeting's photos, its files and, for 组织生活会 and 民主生活会, each participant's 对照检查材料. */
export default function MeetingFiles({ meeting: m }: { meeting: MeetingView }) {
  const api = attachmentsApi(m.id)
  const review = m.typeCode === 'zzshh' || m.typeCode === 'mzshh'
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <section>
        <Typography.Title level={5}>会议照片</Typography.Title>
        <PhotoWall api={api} />
      </section>
      <section>
        <Typography.Title level={5}>会议材料</Typography.Title>
        <RecordAttachments api={api} kind={FILE_KIND.upload} editPerm={PERM.hyEdit} emptyText="暂无会议材料" />
      </section>
      {review && (
        <section>
          <Typography.Title level={5}>对照检查材料</Typography.Title>
          <RecordAttachments api={api} kind={FILE_KIND.check} editPerm={PERM.hyEdit} emptyText="暂无对照检查材料" />
        </section>
      )}
    </Space>
  )
}
