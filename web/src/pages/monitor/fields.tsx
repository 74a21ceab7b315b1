import { Tooltip, Typography } from 'antd'
import { PERM } from '@/api/permissions'
import { defineResource, getFetcher, type Field, type Resource } from '@/components/crud'

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

/** When a log row was written: sortable, and searched as a date range. */
export function logTimeField<T>(): Field<T> {
  return { name: 'createTime', label: '时间', type: 'datetime', width: 170, column: { sorter: true }, search: { label: '日期' } }
}

export const RESULT_OPTIONS = [
  { label: '成功', value: true },
  { label: '失败', value: false },
]

/**
 * A log as a read-only resource: listed from `url` and exported from `${url}/export` as `${noun}.xlsx`
 * (log:export); its rows end with the browser and the time.
 */
export function logResource<T>(log: {
  key: string
  noun: string
  url: string
  keyword: string
  scrollX: number
  fields: Field<T>[]
  userAgentWidth?: number
}): Resource<T> {
  const { url, fields, userAgentWidth, ...rest } = log
  return defineResource<T>({
    ...rest,
    api: { fetch: getFetcher<T>(url) },
    permissions: { export: PERM.logExport },
    export: { url: `${url}/export`, fileName: `${log.noun}.xlsx` },
    fields: [...fields, userAgentField<T>(userAgentWidth), logTimeField<T>()],
  })
}
