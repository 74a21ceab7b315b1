import { InboxOutlined } from '@ant-design/icons'
import { Alert, Upload, type UploadProps } from 'antd'
import { useSearchParams } from 'react-router'
import { uploadFile } from '@/api/file'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import { hasSession } from '@/utils/token'

/** Phone upload page (opened from a QR code); needs a session because /api/file/upload does. */
export default function MobileUploadPage() {
  useDocumentTitle('上传文件')
  const [params] = useSearchParams()
  const signedIn = hasSession()
  const customRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    uploadFile(file as File, {
      moduleName: params.get('moduleName') ?? undefined,
      tag: params.get('tag') ?? undefined,
      onProgress: (percent) => onProgress?.({ percent }),
    }).then((r) => onSuccess?.(r), (e: Error) => onError?.(e))
  }
  return (
    <div style={{ padding: 16, maxWidth: 560, margin: '0 auto' }}>
      <h2>上传文件</h2>
      {!signedIn && <Alert type="warning" showIcon title="请先在本设备登录后再上传文件。" style={{ marginBottom: 16 }} />}
      <Upload.Dragger name="file" customRequest={customRequest} disabled={!signedIn} multiple>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>点击或拖动文件到此处上传</p>
      </Upload.Dragger>
    </div>
  )
}
