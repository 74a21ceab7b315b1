import { Tabs } from 'antd'
import CasesTab from './CasesTab'
import RecordsTab from './RecordsTab'
import TotalsTab from './TotalsTab'
import VisitsTab from './VisitsTab'

/** 党员帮扶: members in difficulty, aid records with approval, yearly totals and the 七一 / 春节 visit lists. */
export default function AidPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'cases', label: '帮扶对象', children: <CasesTab /> },
        { key: 'records', label: '帮扶记录', children: <RecordsTab /> },
        { key: 'totals', label: '年度统计', children: <TotalsTab /> },
        { key: 'visits', label: '走访名单', children: <VisitsTab /> },
      ]}
    />
  )
}
