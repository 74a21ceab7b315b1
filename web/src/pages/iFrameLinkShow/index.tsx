import { Alert, Skeleton } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { get } from '@/api/request'

/** The server's answer whether a link may be framed (GET /api/library/frame). */
export interface FrameCheck {
  allowed: boolean
  url: string
  message: string
}

/**
 * 外部链接: shows ?url= in a frame only when the server finds its host on the allowlist (系统设置 iframeLinkHosts);
 * anything else shows why, and no frame.
 */
export default function IFrameLinkShow() {
  const [params] = useSearchParams()
  const raw = params.get('url') ?? ''
  const { data, isLoading } = useQuery({
    queryKey: ['library', 'frame', raw],
    queryFn: () => get<FrameCheck>('/api/library/frame', { url: raw }),
  })
  if (isLoading) return <Skeleton active />
  if (!data?.allowed) return <Alert type="warning" showIcon title="无法显示该外部链接" description={data?.message ?? '链接检查失败'} />
  return (
    <iframe
      title="外部链接"
      src={data.url}
      style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0 }}
      sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
      referrerPolicy="no-referrer"
    />
  )
}
