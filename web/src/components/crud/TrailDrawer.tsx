import { Drawer } from 'antd'
import { get, post, type Page } from '@/api/request'
import ChangeTrail, { type TrailEntry } from '@/components/trail/ChangeTrail'

interface Props {
  /** The resource's API base: its trail is `${api}/{id}/trail`, a restore `${api}/trail/restore`. */
  api: string
  id: number
  title: string
  canRestore: boolean
  onClose: () => void
  onRestored: () => void
}

/** 变动轨迹 of one record of a resource, in a drawer, with the restore of an earlier state. */
export default function TrailDrawer({ api, id, title, canRestore, onClose, onRestored }: Props) {
  return (
    <Drawer open title={`变动轨迹：${title}`} size={760} onClose={onClose}>
      <ChangeTrail
        queryKey={[api, 'trail', id]}
        fetch={(page, size) => get<Page<TrailEntry>>(`${api}/${id}/trail`, { page, size })}
        restore={(trailId) => post(`${api}/trail/restore`, { trailId })}
        canRestore={canRestore}
        onRestored={onRestored}
      />
    </Drawer>
  )
}
