import { CameraOutlined, UserOutlined } from '@ant-design/icons'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Image, Space, Typography, Upload } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { recordAttachments } from '@/api/attachments'
import { ui } from '@/app/bridge'
import { memberAttachmentsApi, PHOTO_KIND, PHOTO_MAX_BYTES } from './service'

/** Why a chosen file cannot be a 证件照, checked before sending (the server checks again), or null. */
export function photoProblem(file: { name: string; size: number }): string | null {
  if (!/\.(jpe?g|png)$/i.test(file.name)) return '证件照须为 jpg 或 png 图片'
  if (file.size > PHOTO_MAX_BYTES) return '证件照不能超过 2 MB'
  return null
}

const FRAME = { width: 120, height: 160 }

/**
 * A member's 证件照 on the detail: shown from the member's attachment route (so whoever sees the member
 * sees it), uploaded or replaced by holders of the edit permission.
 */
export default function MemberPhoto({ memberId, canEdit }: { memberId: number; canEdit: boolean }) {
  const client = useQueryClient()
  const files = useMemo(() => recordAttachments(memberAttachmentsApi(memberId)), [memberId])
  const queryKey = ['attachments', memberAttachmentsApi(memberId), PHOTO_KIND]
  const photo = useQuery({ queryKey, queryFn: () => files.list(PHOTO_KIND).then((l) => l.at(-1) ?? null) })
  const bytes = useQuery({
    queryKey: [...queryKey, photo.data?.id],
    queryFn: () => files.view(photo.data!.id, { silent: true }),
    enabled: !!photo.data,
  })
  const [url, setUrl] = useState<string | null>(null)
  // One blob URL per fetched image, freed when it changes or the page closes.
  useEffect(() => {
    if (!bytes.data) return setUrl(null)
    const u = URL.createObjectURL(bytes.data)
    setUrl(u)
    return () => URL.revokeObjectURL(u)
  }, [bytes.data])
  const [uploading, setUploading] = useState(false)

  const upload = async (file: File) => {
    const problem = photoProblem(file)
    if (problem) return ui.message.error(problem)
    setUploading(true)
    try {
      await files.upload(file, PHOTO_KIND)
      ui.message.success('证件照已保存')
      await client.invalidateQueries({ queryKey })
    } catch {
      /* shown by the request pipeline */
    } finally {
      setUploading(false)
    }
  }

  return (
    <Space orientation="vertical" align="center" size={8} className="member-photo">
      {url ? (
        <Image src={url} alt="证件照" {...FRAME} style={{ objectFit: 'cover', borderRadius: 4 }} />
      ) : (
        <div
          style={{ ...FRAME, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', border: '1px dashed #d9d9d9', borderRadius: 4 }}
        >
          <UserOutlined style={{ fontSize: 40, color: '#bfbfbf' }} />
          <Typography.Text type="secondary">{photo.data ? '加载中' : '暂无证件照'}</Typography.Text>
        </div>
      )}
      {canEdit && (
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file)
            return false
          }}
        >
          <Button size="small" icon={<CameraOutlined />} loading={uploading}>
            {photo.data ? '更换证件照' : '上传证件照'}
          </Button>
        </Upload>
      )}
    </Space>
  )
}
