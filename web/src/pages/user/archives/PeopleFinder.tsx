import { Select, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import type { PeopleFieldProps, PickedUser } from '@/components/UserPicker'
import { findPeople, personLabel } from './service'

/** What the list says before a search, while it runs, and when it found nobody. */
export const FINDER_TEXTS = {
  idle: '输入完整姓名或工号（学号）查找',
  none: '未找到该人员：请输入完整姓名或工号（学号），已停用的账号不能选择',
}

/**
 * 指定人员 of a share: people found by their whole name or 工号 (学号), two of one name told apart by
 * department. The server matches exactly (GET /api/archives/shares/people), so a member naming a colleague
 * finds them without the 用户管理 permission, and cannot browse the school's accounts.
 */
export default function PeopleFinder({ value = [], onChange, id }: PeopleFieldProps) {
  const [options, setOptions] = useState<PickedUser[]>([])
  const [state, setState] = useState<'idle' | 'searching' | 'none'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const seq = useRef(0)
  useEffect(() => () => clearTimeout(timer.current), [])

  const search = (text: string) => {
    clearTimeout(timer.current)
    const q = text.trim()
    const mine = ++seq.current
    if (!q) {
      setOptions([])
      setState('idle')
      return
    }
    setState('searching')
    timer.current = setTimeout(() => {
      findPeople(q)
        .then((people) => {
          if (mine !== seq.current) return
          setOptions(people.map((p) => ({ value: p.id, label: personLabel(p) })))
          setState(people.length > 0 ? 'idle' : 'none')
        })
        .catch(() => mine === seq.current && setState('idle'))
    }, 300)
  }

  return (
    <Select<PickedUser[]>
      id={id}
      mode="multiple"
      labelInValue
      value={value}
      onChange={(v) => onChange?.(v)}
      options={options}
      showSearch={{ onSearch: search, filterOption: false }}
      notFoundContent={state === 'searching' ? <Spin size="small" /> : FINDER_TEXTS[state]}
      placeholder="输入完整姓名或工号（学号）查找并选择"
      allowClear
      style={{ width: '100%' }}
    />
  )
}
