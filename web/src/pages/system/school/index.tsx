import { ResourcePage } from '@/components/crud'
import { useConfigStore } from '@/stores/config'
import { schools } from './resource'
import type { School } from './types'

/** 学校信息: the display identities (name, logo, footer); the schoolCode setting picks the current one. */
export default function SchoolPage() {
  const current = useConfigStore((s) => s.school?.code)
  return (
    <ResourcePage<School>
      resource={schools}
      actionWidth={130}
      batchDelete={false}
      deleteRow={(s) => ({ kind: '学校', disabled: s.code === current, tip: s.code === current ? '当前使用的学校不能删除' : undefined })}
      // The login page and the shell show the current school: reload it after a change.
      onChanged={() => void useConfigStore.getState().load()}
    />
  )
}
