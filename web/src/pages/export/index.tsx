import { Card } from 'antd'
import { useSearchParams } from 'react-router'
import ExportProgress from '@/components/export/ExportProgress'

/** 导出文件: where the message of a finished background export leads (/export?id=…). */
export default function ExportPage() {
  const [params] = useSearchParams()
  const id = Number(params.get('id'))
  return <Card variant="borderless">{id > 0 ? <ExportProgress id={id} /> : '未指定导出任务'}</Card>
}
