import { Tooltip, Typography } from 'antd'
import type { Field } from '@/components/crud'

/** The browser of a log row or session: cut to the column, whole on hover. */
export function userAgentField<T>(width?: number): Field<T> {
  return {
    name: 'userAgent',
    label: '浏览器',
    width,
    column: { ellipsis: { showTitle: false } },
    render: (v: string) => (
      <Tooltip title={v}>
        <Typography.Text type="secondary">{v}</Typography.Text>
      </Tooltip>
    ),
  }
}

export const RESULT_OPTIONS = [
  { label: '成功', value: true },
  { label: '失败', value: false },
]
