import { MobileOutlined } from '@ant-design/icons'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Alert, Button, Modal, QRCode, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { createUploadLink, uploadLinkState } from '@/api/archive'
import type { NewLink } from '@/api/generated/archive'
import { ui } from '@/app/bridge'
import { countdownText, keepPolling, phoneUploadUrl, secondsLeft } from './mobileLink'

/** How often the desktop asks whether the phone's file has come. */
const POLL_MS = 2000

/** The seconds left of a link, ticking once a second while it lives. */
function useSecondsLeft(expiresAt: string): number {
  const [now, setNow] = useState(() => Date.now())
  const left = secondsLeft(expiresAt, now)
  useEffect(() => {
    if (left <= 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [left <= 0]) // eslint-disable-line react-hooks/exhaustive-deps -- restart only when the link dies
  return left
}

/** One link's QR code, countdown and state, polled until the file comes or the link dies. */
function LinkPanel({ link, onArrived, onRenew }: { link: NewLink; onArrived: () => void; onRenew: () => void }) {
  const left = useSecondsLeft(link.expiresAt)
  const url = phoneUploadUrl(window.location.origin, link.token)
  const state = useQuery({
    queryKey: ['archives', 'mobileUpload', link.id],
    queryFn: () => uploadLinkState(link.id),
    refetchInterval: (q) => (keepPolling(q.state.data, secondsLeft(link.expiresAt, Date.now())) ? POLL_MS : false),
  })
  const done = state.data?.state === 'DONE'
  const expired = !done && (left <= 0 || state.data?.state === 'EXPIRED')
  useEffect(() => {
    if (done) onArrived()
  }, [done]) // eslint-disable-line react-hooks/exhaustive-deps -- once, when the file arrives

  if (done) {
    return <Alert type="success" showIcon title={`已收到手机上传的文件：${state.data?.fileName ?? ''}`} />
  }
  return (
    <Space orientation="vertical" align="center" style={{ width: '100%' }}>
      <QRCode value={url} status={expired ? 'expired' : 'active'} onRefresh={onRenew} size={200} />
      <Typography.Text type={expired ? 'danger' : 'secondary'} data-testid="mobile-upload-countdown">
        {countdownText(expired ? 0 : left)}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
        请用手机扫码，拍照或选择一个文件上传到个人档案；链接仅可使用一次，过期后点击二维码重新生成。
      </Typography.Paragraph>
      <Typography.Text copyable={{ text: url }} style={{ fontSize: 12, wordBreak: 'break-all' }}>
        <a href={url} target="_blank" rel="noreferrer" data-testid="mobile-upload-url">
          {url}
        </a>
      </Typography.Text>
    </Space>
  )
}

/**
 * 手机上传: a button that makes a single-use link to the caller's own archive and shows it as a QR code with
 * its countdown; when the phone's file arrives the files list reads again (onArrived).
 */
export default function MobileUpload({ onArrived }: { onArrived: () => void }) {
  const [link, setLink] = useState<NewLink | null>(null)
  const create = useMutation({ mutationFn: createUploadLink, onSuccess: setLink })
  const arrived = () => {
    ui.message.success('已收到手机上传的文件')
    onArrived()
  }
  return (
    <>
      <Button icon={<MobileOutlined />} loading={create.isPending} onClick={() => create.mutate()}>
        手机上传
      </Button>
      <Modal open={link !== null} title="手机上传" footer={null} onCancel={() => setLink(null)} destroyOnHidden width={400}>
        {link && <LinkPanel key={link.id} link={link} onArrived={arrived} onRenew={() => create.mutate()} />}
      </Modal>
    </>
  )
}
