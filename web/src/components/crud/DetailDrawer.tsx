import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Page } from '@/api/request'
import { Drawer, Empty, Spin, Tabs, type TabsProps } from 'antd'
import type { ReactNode } from 'react'
import ChangeTrail, { type TrailEntry } from '@/components/trail/ChangeTrail'

interface Props<T> {
  /** The record's query key; a restore refreshes it. */
  queryKey: readonly unknown[]
  load: () => Promise<T>
  /** The drawer's title once the record is there, and before. */
  title: (record: T) => ReactNode
  loadingTitle: string
  /** Said when the record is missing or out of the caller's scope (the server answers 404 to both). */
  missing: string
  /** The 基本信息 tab. */
  info: (record: T) => ReactNode
  /** Tabs between 基本信息 and 变动轨迹 (a unit's 领导班子). */
  tabs?: TabsProps['items']
  trail: {
    fetch: (page: number, size: number) => Promise<Page<TrailEntry>>
    restore: (trailId: number) => Promise<unknown>
    canRestore: boolean
  }
  onClose: () => void
  /** After a restore changed the record (the list refreshes). */
  onChanged: () => void
}

/**
 * A record's details in a drawer: 基本信息, the page's own tabs, then 变动轨迹 with the restore of an
 * earlier state (which reloads the details and tells the page).
 */
export default function DetailDrawer<T>({ queryKey, load, title, loadingTitle, missing, info, tabs = [], trail, onClose, onChanged }: Props<T>) {
  const client = useQueryClient()
  const q = useQuery({ queryKey, queryFn: load })
  const d = q.data

  return (
    <Drawer open size={820} title={d ? title(d) : loadingTitle} onClose={onClose}>
      {q.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : !d ? (
        <Empty description={missing} />
      ) : (
        <Tabs
          items={[
            { key: 'info', label: '基本信息', children: info(d) },
            ...tabs,
            {
              key: 'trail',
              label: '变动轨迹',
              children: (
                <ChangeTrail
                  queryKey={[...queryKey, 'trail']}
                  fetch={trail.fetch}
                  restore={trail.restore}
                  canRestore={trail.canRestore}
                  onRestored={() => {
                    void client.invalidateQueries({ queryKey, exact: true })
                    onChanged()
                  }}
                />
              ),
            },
          ]}
        />
      )}
    </Drawer>
  )
}
