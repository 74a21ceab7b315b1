import { Space, Tag } from 'antd'
import { useConfigStore } from '@/stores/config'

/** A school's code, marked 当前 when the schoolCode setting picks it. */
export default function CodeCell({ code }: { code: string }) {
  const current = useConfigStore((s) => s.school?.code)
  return code === current ? (
    <Space size={4}>
      {code}
      <Tag color="red">当前</Tag>
    </Space>
  ) : (
    code
  )
}
