import { CloseOutlined } from '@ant-design/icons'
import { Dropdown, type MenuProps } from 'antd'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useSettingsStore } from '@/stores/settings'
import { pathAfterClose, useTagsStore, type TagView } from '@/stores/tags'

/** The four tab actions; exported so the refresh rule (cache cleared, re-enter via /redirect) is testable. */
export function useTagActions() {
  const navigate = useNavigate()
  const { pathname: current } = useLocation()
  return {
    refresh: (view: TagView) => {
      useTagsStore.getState().delCachedView(view.path)
      navigate(`/redirect${view.fullPath}`, { replace: true })
    },
    close: (view: TagView) => {
      if (view.affix) return
      const store = useTagsStore.getState()
      store.delView(view.path)
      if (view.path === current) navigate(pathAfterClose(useTagsStore.getState().visitedViews))
    },
    closeOthers: (view: TagView) => {
      useTagsStore.getState().delOthersViews(view.path)
      if (view.path !== current) navigate(view.fullPath)
    },
    closeAll: () => {
      useTagsStore.getState().delAllViews()
      navigate(pathAfterClose(useTagsStore.getState().visitedViews))
    },
  }
}

export default function TagsView() {
  const navigate = useNavigate()
  const { pathname: current } = useLocation()
  const views = useTagsStore((s) => s.visitedViews)
  const actions = useTagActions()
  const activeRef = useRef<HTMLSpanElement>(null)
  const primary = useSettingsStore((s) => s.theme)

  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [current])

  const menuFor = (view: TagView): MenuProps => ({
    style: { width: 105 },
    items: [
      { key: 'refresh', label: '刷新' },
      { key: 'close', label: '关闭', disabled: view.affix },
      { key: 'others', label: '关闭其他' },
      { key: 'all', label: '关闭所有' },
    ],
    onClick: ({ key }) => {
      if (key === 'refresh') actions.refresh(view)
      if (key === 'close') actions.close(view)
      if (key === 'others') actions.closeOthers(view)
      if (key === 'all') actions.closeAll()
    },
  })

  return (
    <div className="tags-view" role="tablist" aria-label="已打开的页面">
      {views.map((v) => (
        <Dropdown key={v.path} menu={menuFor(v)} trigger={['contextMenu']}>
          <span
            ref={v.path === current ? activeRef : undefined}
            role="tab"
            aria-selected={v.path === current}
            className={v.path === current ? 'tags-view-item active' : 'tags-view-item'}
            style={v.path === current ? { background: primary, borderColor: primary } : undefined}
            onClick={() => navigate(v.fullPath)}
          >
            {v.title}
            {!v.affix && (
              <CloseOutlined
                className="tags-view-close"
                aria-label={`关闭${v.title}`}
                onClick={(e) => {
                  e.stopPropagation()
                  actions.close(v)
                }}
              />
            )}
          </span>
        </Dropdown>
      ))}
    </div>
  )
}
