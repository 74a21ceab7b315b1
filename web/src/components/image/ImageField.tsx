import { DeleteOutlined, UploadOutlined } from '@ant-design/icons'
import { Button, Progress, Space, Upload } from 'antd'
import { useState } from 'react'
import { ui } from '@/app/bridge'
import FileImage from './FileImage'

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']

interface Props {
  value?: number | null
  onChange?: (id: number | null) => void
  /** What shows while there is no image, and the button that goes back to none. */
  emptyText: string
  resetText: string
  /** Uploads the picked image (POST /api/file/upload with the page's module key). */
  upload: (file: File, onProgress: (p: number) => void) => Promise<{ id: number }>
}

/** Picks an image, uploads it (POST /api/file/upload) and keeps the new file's id. */
export default function ImageField({ value, onChange, emptyText, resetText, upload }: Props) {
  const [percent, setPercent] = useState<number | null>(null)
  return (
    <Space align="center" size="middle">
      <div style={{ width: 72, height: 72, border: '1px dashed #d9d9d9', borderRadius: 6, display: 'grid', placeItems: 'center' }}>
        {value ? <FileImage id={value} size={64} alt={emptyText} /> : <span style={{ color: '#999', fontSize: 12 }}>{emptyText}</span>}
      </div>
      <Space orientation="vertical" size={4}>
        <Upload
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!IMAGE_TYPES.includes(file.type)) {
              ui.message.error('请选择 PNG、JPG、GIF、WebP 或 BMP 图片')
              return Upload.LIST_IGNORE
            }
            return true
          }}
          customRequest={({ file, onSuccess, onError }) => {
            setPercent(0)
            upload(file as File, setPercent).then(
              (f) => {
                setPercent(null)
                onChange?.(f.id)
                onSuccess?.(f)
                ui.message.success('图片已上传，保存后生效')
              },
              (e: Error) => {
                setPercent(null)
                onError?.(e)
              },
            )
          }}
        >
          <Button icon={<UploadOutlined />} loading={percent !== null}>
            {value ? '更换图片' : '上传图片'}
          </Button>
        </Upload>
        {value && (
          <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)} style={{ padding: 0 }}>
            {resetText}
          </Button>
        )}
        {percent !== null && <Progress percent={percent} size="small" style={{ width: 160 }} />}
      </Space>
    </Space>
  )
}
