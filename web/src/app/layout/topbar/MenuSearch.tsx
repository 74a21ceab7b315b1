import { SearchOutlined } from '@ant-design/icons'
import { Select, Tag } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { usePermissionStore } from '@/stores/permission'
import { createMenuSearch, searchEntries } from '../../router/menuSearch'
import { useModes } from '../useModes'

/** The menu search box (fuse.js): choosing a result opens its page, then onChosen runs. */
export function MenuSearchSelect({ className, onChosen }: { className?: string; onChosen: () => void }) {
  const navigate = useNavigate()
  const routes = usePermissionStore((s) => s.routes)
  const { modes } = useModes()
  const search = useMemo(() => createMenuSearch(searchEntries(routes, modes)), [routes, modes])
  const [query, setQuery] = useState('')
  const results = useMemo(() => search(query), [search, query])
  return (
    <Select
      autoFocus
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      defaultOpen
      className={className}
      classNames={{ popup: { root: 'menu-search-popup' } }}
      placeholder="请输入菜单或功能名称搜索"
      notFoundContent={query ? '无匹配菜单' : null}
      value={null}
      options={results.map((r) => ({
        value: r.path,
        label: (
          <span className="menu-search-result">
            {r.mode && <Tag className="menu-search-mode">{r.mode}</Tag>}
            <span>{r.title}</span>
          </span>
        ),
      }))}
      onChange={(path: string) => {
        setQuery('')
        onChosen()
        navigate(path)
      }}
    />
  )
}

/** Header menu search; toggled by the icon, closed by any outside click. */
export default function MenuSearch() {
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLSpanElement>(null)

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node
      // The dropdown renders in a portal: clicks inside it are not "outside".
      if (box.current?.contains(target) || (target as Element).closest?.('.menu-search-popup')) return
      setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    return () => document.removeEventListener('mousedown', onDown)
  }, [open])

  return (
    <span className="top-bar-item menu-search" ref={box}>
      <SearchOutlined aria-label="菜单搜索" onClick={() => setOpen((o) => !o)} />
      {open && <MenuSearchSelect className="top-bar-input" onChosen={() => setOpen(false)} />}
    </span>
  )
}
