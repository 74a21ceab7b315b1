import { Button } from 'antd'
import { useNavigate } from 'react-router'
import { PERM } from '@/api/permissions'
import { post, put } from '@/api/request'
import { defineResource, deleter, getFetcher, ResourcePage } from '@/components/crud'
import RichTextEditor from '@/components/RichTextEditor'
import RichText from '@/components/RichTextEditor/RichText'
import RoleSelect from '../shared/RoleSelect'

/** A section of the manual as GET /api/bzwd answers it. */
export interface HelpSection {
  id: number
  title: string
  sort: number
  roleIds: number[]
  body: string
  updateTime: string
}

const API = '/api/bzwd'

/** The manual's sections, kept by the organisation department: each for every role or for the roles chosen. */
export const helpResource = defineResource<HelpSection>({
  key: 'bzwd',
  columnsKey: 'library.bzwd',
  noun: '帮助章节',
  api: { fetch: getFetcher<HelpSection>(API), create: (b) => post(API, b), update: (b) => put(API, b), remove: deleter(API) },
  keyword: '章节标题',
  permissions: { add: PERM.bzwdAdd, edit: PERM.bzwdEdit, del: PERM.bzwdDel },
  titleOf: (h) => h.title,
  emptyText: '还没有帮助章节',
  form: { width: 900 },
  fields: [
    { name: 'sort', label: '排序', type: 'number', width: 80 },
    { name: 'title', label: '章节标题', required: true, max: 100 },
    { name: 'roleIds', label: '可见角色', type: 'custom', column: false, detail: false, form: { render: () => <RoleSelect /> } },
    {
      name: 'body',
      label: '内容',
      type: 'custom',
      required: true,
      column: false,
      form: { render: () => <RichTextEditor aria-label="内容" /> },
      detail: { span: 'filled', render: (h: HelpSection) => <RichText html={h.body} /> },
    },
    { name: 'updateTime', label: '更新时间', type: 'datetime', width: 170 },
  ],
})

/** 帮助文档: the manual's sections; everyone opens the manual for their roles (/help/document). */
export default function HelpPage() {
  const navigate = useNavigate()
  return (
    <ResourcePage
      resource={helpResource}
      toolbar={
        <Button type="primary" ghost onClick={() => void navigate('/help/document')}>
          阅读我的帮助文档
        </Button>
      }
    />
  )
}
