import { useQueryClient } from '@tanstack/react-query'
import { Card, Empty } from 'antd'
import { useMemo } from 'react'
import { ResourcePage } from '@/components/crud'
import { dictDetails } from '../resources'
import { createDetail, updateDetail } from '../service'
import type { Dict, DictDetail } from '../types'

/** The values of the chosen dictionary. */
export default function DetailPane({ dict }: { dict: Dict | null }) {
  if (!dict) {
    return (
      <Card variant="borderless" title="字典值">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="点击左侧字典，查看和维护它的值" />
      </Card>
    )
  }
  return <Details key={dict.id} dict={dict} />
}

function Details({ dict }: { dict: Dict }) {
  const details = useMemo(() => dictDetails(dict), [dict])
  const client = useQueryClient()
  // The values belong to the dictionary: the body names it.
  const submit = (body: Record<string, unknown>, record: DictDetail | null) => {
    const withDict = { ...body, dictId: dict.id } as Parameters<typeof createDetail>[0]
    return record ? updateDetail(withDict) : createDetail(withDict)
  }
  return (
    <Card variant="borderless" size="small" title={`字典值：${dict.name}${dict.description ? `（${dict.description}）` : ''}`} styles={{ body: { padding: 0 } }}>
      <ResourcePage<DictDetail>
        resource={details}
        addLabel="新增字典值"
        actionWidth={130}
        deleteRow={() => ({ kind: '字典值' })}
        submit={submit}
        // Pages read dictionaries through a session cache (useDicts): drop it so they see the change.
        onChanged={() => void client.invalidateQueries({ queryKey: ['dicts'] })}
      />
    </Card>
  )
}
