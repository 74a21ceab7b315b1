import { Segmented } from 'antd'
import { useState } from 'react'
import OrgTree from './components/OrgTree'
import Relations from './components/Relations'

type View = 'tree' | 'relations'

/** 党组织: the organisation tree with its operations, and the relations and rule warnings. */
export default function OrgPage() {
  const [view, setView] = useState<View>('tree')
  return (
    <>
      <Segmented<View>
        value={view}
        onChange={setView}
        options={[
          { label: '组织树', value: 'tree' },
          { label: '组织关系与预警', value: 'relations' },
        ]}
        style={{ marginBottom: 12 }}
      />
      {view === 'tree' ? <OrgTree /> : <Relations />}
    </>
  )
}
