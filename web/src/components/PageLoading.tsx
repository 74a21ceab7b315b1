import { Spin } from 'antd'

export default function PageLoading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 240, height: '100%' }}>
      <Spin size="large" description={tip} />
    </div>
  )
}
