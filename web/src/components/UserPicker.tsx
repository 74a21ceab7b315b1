import { Button, Select, Space, Spin, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { post, type Page } from '@/api/request'
import type { User } from '@/api/types'
import { ui } from '@/app/bridge'
import DeptTreeSelect from './dept/DeptTreeSelect'

/** A chosen user as antd's labelInValue select keeps it. */
export interface PickedUser {
  value: number
  label: string
}

/** Users of POST /api/users/list (user:list), paging in the query and filters in the body. */
export const searchUsers = (filters: Record<string, unknown>, size = 20) =>
  post<Page<User>>('/api/users/list', filters, { params: { page: 0, size } })

/** One dept at a time is capped so a slip cannot pick the whole school. */
export const DEPT_PICK_LIMIT = 5000

const label = (u: User) => `${u.nickName || u.username}（${u.username}）${u.dept ? ` · ${u.dept.name}` : ''}`

/** The props of a form field that picks people (this picker, and others that find people another way). */
export interface PeopleFieldProps {
  value?: PickedUser[]
  onChange?: (value: PickedUser[]) => void
  id?: string
}

/**
 * Person picker: search users by name, username or phone, or add everyone enabled in a
 * department. Needs user:list.
 */
export default function UserPicker({ value = [], onChange, id }: PeopleFieldProps) {
  const [options, setOptions] = useState<PickedUser[]>([])
  const [searching, setSearching] = useState(false)
  const [dept, setDept] = useState<number | null>(null)
  const [adding, setAdding] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const seq = useRef(0)

  const search = (text: string) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const mine = ++seq.current
      setSearching(true)
      searchUsers(text.trim() ? { blurry: text.trim(), enabled: true } : { enabled: true })
        .then((p) => mine === seq.current && setOptions(p.content.map((u) => ({ value: u.id, label: label(u) }))))
        .catch(() => undefined)
        .finally(() => mine === seq.current && setSearching(false))
    }, 300)
  }
  useEffect(() => () => clearTimeout(timer.current), [])

  const merge = (more: PickedUser[]) => {
    const seen = new Set(value.map((v) => v.value))
    onChange?.([...value, ...more.filter((u) => !seen.has(u.value))])
  }

  const addDept = async () => {
    if (dept === null) return
    setAdding(true)
    try {
      const p = await searchUsers({ deptId: dept, enabled: true }, DEPT_PICK_LIMIT)
      if (p.content.length === 0) ui.message.info('该部门没有启用的用户')
      merge(p.content.map((u) => ({ value: u.id, label: label(u) })))
      if (p.totalElements > p.content.length) ui.message.warning(`该部门用户较多，只添加了前 ${p.content.length} 人`)
    } catch {
      /* shown by the request pipeline */
    } finally {
      setAdding(false)
    }
  }

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select<PickedUser[]>
        id={id}
        mode="multiple"
        labelInValue
        value={value}
        onChange={(v) => onChange?.(v)}
        options={options}
        showSearch={{ onSearch: search, filterOption: false }}
        onFocus={() => options.length === 0 && search('')}
        notFoundContent={searching ? <Spin size="small" /> : '输入姓名、用户名或手机号搜索'}
        placeholder="搜索并选择接收人"
        maxTagCount={30}
        allowClear
        style={{ width: '100%' }}
      />
      <Space wrap>
        <div style={{ width: 260 }}>
          <DeptTreeSelect value={dept} onChange={(v) => setDept((v as number | null) ?? null)} placeholder="按部门添加" />
        </div>
        <Button disabled={dept === null} loading={adding} onClick={addDept}>
          添加该部门用户
        </Button>
        <Typography.Text type="secondary">已选 {value.length} 人</Typography.Text>
        {value.length > 0 && (
          <Button type="link" onClick={() => onChange?.([])}>
            清空
          </Button>
        )}
      </Space>
    </Space>
  )
}
