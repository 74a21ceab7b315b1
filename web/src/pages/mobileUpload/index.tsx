import { CameraOutlined, FolderOpenOutlined } from '@ant-design/icons'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Progress, Result, Space, Spin } from 'antd'
import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { checkUploadLink, uploadThroughLink } from '@/api/archive'
import type { Channel } from '@/api/generated/archive'
import { useDocumentTitle } from '@/app/useDocumentTitle'
import { withQueryClient } from '@/components/withQueryClient'

/**
 * The phone's page of 手机上传, opened from the QR code the desktop shows: no session, only the signed
 * single-use link (?t=). A photo from the camera (PHOTO) or a picked file (UPLOAD) lands in the archive
 * of the person who made the link; the link is spent by the first upload.
 */
function MobileUploadPage() {
  useDocumentTitle('上传文件')
  const [params] = useSearchParams()
  const token = params.get('t') ?? ''
  const link = useQuery({ queryKey: ['mobileUpload', token], queryFn: () => checkUploadLink(token), enabled: token !== '', retry: false })
  const [percent, setPercent] = useState<number | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const camera = useRef<HTMLInputElement>(null)
  const picker = useRef<HTMLInputElement>(null)

  const send = (channel: Channel, file: File | undefined) => {
    if (!file) return
    setError(null)
    setPercent(0)
    uploadThroughLink(token, channel, file, setPercent).then(
      (r) => setDone(r.name),
      (e: Error) => {
        setPercent(null)
        setError(e.message)
      },
    )
  }

  let body
  if (token === '' || link.isError) {
    // The server says which: a spent or expired link, or a forged one (its message names what to do).
    const reason = link.error instanceof Error && link.error.message ? link.error.message : '请在电脑上重新生成二维码后再扫码。'
    body = <Result status="warning" title="上传链接无效或已过期" subTitle={reason} />
  } else if (link.isLoading) {
    body = <Spin style={{ display: 'block', margin: '48px auto' }} />
  } else if (done) {
    body = <Result status="success" title="上传成功" subTitle={`“${done}”已存入个人档案，请在电脑上查看。`} />
  } else {
    body = (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={`文件将存入 ${link.data?.owner ?? ''} 的个人档案，链接仅可使用一次。`} />
        {error && <Alert type="error" showIcon title={error} />}
        <input ref={camera} type="file" accept="image/*" capture="environment" hidden onChange={(e) => send('PHOTO', e.target.files?.[0])} />
        <input ref={picker} type="file" hidden onChange={(e) => send('UPLOAD', e.target.files?.[0])} />
        <Button type="primary" size="large" block icon={<CameraOutlined />} disabled={percent !== null} onClick={() => camera.current?.click()}>
          拍照上传
        </Button>
        <Button size="large" block icon={<FolderOpenOutlined />} disabled={percent !== null} onClick={() => picker.current?.click()}>
          选择文件
        </Button>
        {percent !== null && <Progress percent={percent} />}
      </Space>
    )
  }
  return (
    <div style={{ padding: 16, maxWidth: 560, margin: '0 auto' }}>
      <h2>上传文件</h2>
      {body}
    </div>
  )
}

// A public page: outside the signed-in shell, so with a react-query client of its own.
export default withQueryClient(MobileUploadPage)
