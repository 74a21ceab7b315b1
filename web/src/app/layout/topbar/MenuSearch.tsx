import { SearchOutlined } from '@ant-design/icons'
import { Select } from 'antd'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { usePermissionStore } from '@/stores/permission'
import { createMenuSearch, searchEntries } from '../../router/menuSearch'

/** Header menu search (fuse.js); toggled by the icon, closed by any outside click. */
export default function MenuSearch() {
  const navigate = useNavigate()
  const routes = usePermissionStore((s) => s.routes)
  const search = useMemo(() => createMenuSearch(searchEntries(routes)), [routes])
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const box = useRef<HTMLSpanElement>(null)
  const results = useMemo(() => search(query), [search, query])

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
      {open && (
        <Select
          autoFocus
          showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
          defaultOpen
          className="top-bar-input"
          classNames={{ popup: { root: 'menu-search-popup' } }}
          placeholder="请输入菜单或功能名称搜索"
          notFoundContent={query ? '无匹配菜单' : null}
          value={null}
          options={results.map((r) => ({ value: r.path, label: r.title }))}
          onChange={(path: string) => {
            setOpen(false)
            setQuery('')
            navigate(path)
          }}
        />
      )}
    </span>
  )
}
