import { defineResource } from '@/components/crud'
import { PERM } from '@/api/permissions'
import CodeCell from './components/CodeCell'
import FileImage from '@/components/image/FileImage'
import ImageField from '@/components/image/ImageField'
import { createSchool, deleteSchools, fetchSchools, updateSchool, uploadLogo } from './service'
import type { School } from './types'

const CODE = /^[a-z0-9_-]{1,50}$/

/** 学校: a display identity (name, logo, footer); the schoolCode setting picks the current one. */
export const schools = defineResource<School>({
  key: 'schools',
  noun: '学校',
  api: { fetch: fetchSchools, create: createSchool, update: updateSchool, remove: deleteSchools },
  keyword: '学校代码或名称',
  // Changing the schools is one permission, as on the server.
  permissions: { add: PERM.schoolEdit, edit: PERM.schoolEdit, del: PERM.schoolEdit },
  form: { dialog: true, width: 720, labelSpan: 4, initial: { logoFileId: null }, title: (s) => (s ? '编辑学校' : '新增学校') },
  fields: [
    // The logo leads the table but follows the texts in the form: a column here, the form item below.
    { name: 'logoFileId', label: '标志', width: 80, form: false, render: (id: number | null, s) => <FileImage id={id} alt={s.name} /> },
    {
      name: 'code',
      label: '学校代码',
      width: 140,
      required: true,
      column: { sorter: true },
      render: (v: string) => <CodeCell code={v} />,
      rules: [{ pattern: CODE, message: '学校代码须为1-50位小写字母、数字、下划线或连字符' }],
      form: { extra: '系统配置 schoolCode 按此代码选择当前学校', placeholder: '如 default', props: { maxLength: 50 } },
    },
    { name: 'name', label: '学校名称', required: true, max: 100, column: { sorter: true }, form: { props: { maxLength: 100 } } },
    { name: 'titlePrefix', label: '标题前缀', max: 100, form: { extra: '显示在浏览器标题和登录页标题前', placeholder: '可不填', props: { maxLength: 100 } } },
    { name: 'logoFileId', label: '学校标志', type: 'custom', column: false, form: { render: () => <ImageField emptyText="默认标志" resetText="使用默认标志" upload={uploadLogo} /> } },
    {
      name: 'footer',
      label: '页脚',
      type: 'textarea',
      max: 10000,
      column: { ellipsis: true },
      form: { extra: 'HTML，保存时会去掉脚本等不安全内容', placeholder: '如 <p>版权所有 © 某某大学党委组织部</p>', props: { rows: 5 } },
    },
    { name: 'updateTime', label: '更新时间', type: 'datetime', width: 170 },
  ],
})
