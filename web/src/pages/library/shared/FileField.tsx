import { UploadOutlined } from '@ant-design/icons'
import { Button, Space, Typography, Upload } from 'antd'
import { useState } from 'react'
import { uploadFile } from '@/api/file'

interface Props {
  value?: number | null
  onChange?: (id: number | null) => void
  /** The stored name of the file the record keeps (shown until another is chosen). */
  name?: string
}

/** Picks a file and uploads it at once (POST /api/file/upload); the form keeps the stored file's id. */
export default function FileField({ value, onChange, name }: Props) {
  const [busy, setBusy] = useState(false)
  const [chosen, setChosen] = useState<string | null>(null)
  return (
    <Space>
      <Upload
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          setBusy(true)
          uploadFile(file as File, { moduleName: 'library' }).then(
            (f) => {
              setBusy(false)
              setChosen(f.name)
              onChange?.(f.id)
              onSuccess?.(f)
            },
            (e: Error) => {
              setBusy(false)
              onError?.(e)
            },
          )
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {value ? '更换文件' : '上传文件'}
        </Button>
      </Upload>
      {value ? <Typography.Text>{chosen ?? name ?? '已上传'}</Typography.Text> : <Typography.Text type="secondary">未上传</Typography.Text>}
      {value && !busy && (
        <Button type="link" danger size="small" onClick={() => (setChosen(null), onChange?.(null))}>
          移除
        </Button>
      )}
    </Space>
  )
}
