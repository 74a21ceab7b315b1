import { Button, Empty, Input, Space, Table, Tabs } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PERM } from '@/api/permissions'
import { get, post, put } from '@/api/request'
import { downloadFile } from '@/api/file'
import { defineResource, deleter, getFetcher, ResourcePage } from '@/components/crud'
import OrgTreeSelect from '@/components/org/OrgTreeSelect'
import { useHasPermission } from '@/components/Permission'
import FileField from '../shared/FileField'
import RoleSelect from '../shared/RoleSelect'
import { openPreview } from '../shared/preview'

/** A document as GET /api/wjxz and /api/wjxz/visible answer it. */
export interface Doc {
  id: number
  orgId: number
  orgName: string
  category: string
  categoryLabel: string
  title: string
  fileId: number
  fileName: string
  roleIds: number[]
  downloads: number
  remark: string
  createTime: string
  updateTime: string
}

const API = '/api/wjxz'

const download = (d: Doc) => downloadFile(`${API}/${d.id}/download`, undefined, d.fileName)
const preview = (d: Doc) => openPreview(`${API}/${d.id}/preview`, `${API}/${d.id}/download`, d.fileName)

/** The publishers' list: the documents of their organisations, with how often each was downloaded. */
export const docResource = defineResource<Doc>({
  key: 'wjxz',
  columnsKey: 'library.wjxz',
  noun: '文件',
  api: { fetch: getFetcher<Doc>(API), create: (b) => post(API, b), update: (b) => put(API, b), remove: deleter(API) },
  keyword: '标题或文件名',
  permissions: { add: PERM.wjxzAdd, edit: PERM.wjxzEdit, del: PERM.wjxzDel },
  titleOf: (d) => d.title,
  emptyText: '还没有发布文件',
  fields: [
    {
      name: 'orgId',
      label: '发布范围',
      display: 'orgName',
      type: 'custom',
      required: true,
      width: 180,
      search: { render: () => <OrgTreeSelect style={{ width: 220 }} /> },
      form: { render: () => <OrgTreeSelect />, extra: '该党组织及其下级党组织的人员可见' },
    },
    { name: 'category', label: '类别', type: 'dict', dict: 'DJ_WJXZ_LB', required: true, width: 110, search: true },
    { name: 'title', label: '标题', required: true, max: 200, column: { ellipsis: true } },
    { name: 'fileId', label: '文件', type: 'custom', required: true, display: 'fileName', form: { render: () => <FileField /> }, column: { ellipsis: true } },
    { name: 'roleIds', label: '可见角色', type: 'custom', column: false, detail: false, form: { render: () => <RoleSelect /> } },
    { name: 'downloads', label: '下载次数', type: 'number', width: 100, form: false, column: { sorter: true } },
    { name: 'remark', label: '说明', type: 'textarea', max: 500, column: false },
    { name: 'updateTime', label: '更新时间', type: 'datetime', column: false },
  ],
})

/** The reader's list: what is published to their organisation (or above) for their roles. */
export function VisibleDocs() {
  const [blurry, setBlurry] = useState('')
  const [page, setPage] = useState(0)
  const { data, isLoading } = useQuery({
    queryKey: ['wjxz', 'visible', blurry, page],
    queryFn: () => get<{ content: Doc[]; totalElements: number }>(`${API}/visible`, { blurry: blurry || undefined, page, size: 10 }),
  })
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search placeholder="标题或文件名" allowClear style={{ width: 280 }} onSearch={(v) => (setBlurry(v.trim()), setPage(0))} />
      <Table<Doc>
        rowKey="id"
        loading={isLoading}
        dataSource={data?.content ?? []}
        locale={{ emptyText: <Empty description={blurry ? '没有符合条件的文件' : '暂无向您所在党组织发布的文件'} /> }}
        pagination={{ current: page + 1, total: data?.totalElements ?? 0, pageSize: 10, onChange: (p) => setPage(p - 1) }}
        columns={[
          { title: '标题', dataIndex: 'title', ellipsis: true },
          { title: '类别', dataIndex: 'categoryLabel', width: 110 },
          { title: '文件', dataIndex: 'fileName', ellipsis: true },
          { title: '发布范围', dataIndex: 'orgName', width: 180 },
          {
            title: '操作',
            width: 140,
            render: (_, d) => (
              <Space>
                <Button type="link" size="small" onClick={() => void preview(d)}>
                  预览
                </Button>
                <Button type="link" size="small" onClick={() => void download(d)}>
                  下载
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Space>
  )
}

/** 文件下载: every reader downloads what is visible to them; publishers also manage their organisations' files. */
export default function DocPage() {
  const publisher = useHasPermission([PERM.wjxzAdd])
  if (!publisher) return <VisibleDocs />
  return (
    <Tabs
      items={[
        { key: 'visible', label: '可下载文件', children: <VisibleDocs /> },
        {
          key: 'manage',
          label: '发布管理',
          children: <ResourcePage resource={docResource} actionWidth={200} rowActions={(d) => [{ key: 'download', label: '下载', onClick: () => void download(d) }]} />,
        },
      ]}
    />
  )
}
