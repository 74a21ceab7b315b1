import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Drawer, Spin, Tabs } from 'antd'
import { downloadFile } from '@/api/file'
import { PERM } from '@/api/permissions'
import { ui } from '@/app/bridge'
import { useHasPermission } from '@/components/Permission'
import { answers, exportUrl, results, texts } from './api'
import ResultsView, { AnswersTable, type ResultsSource } from './ResultsView'

/** 结果: the questionnaire's statistics per question, with charts, a named one's answers, and the export of every answer. */
export default function ResultsDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const canExport = useHasPermission([PERM.wjExport])
  const q = useQuery({ queryKey: ['wj', 'results', id], queryFn: () => results(id) })
  const r = q.data
  const source: ResultsSource = {
    key: ['wj', id],
    texts: (item, page, size) => texts(id, item, page, size),
    answers: (page, size) => answers(id, page, size),
  }
  return (
    <Drawer
      open
      width={820}
      title={r ? `问卷结果：${r.title}` : '问卷结果'}
      onClose={onClose}
      extra={
        canExport && r?.ready && r.answers > 0 ? (
          <Button onClick={() => void downloadFile(exportUrl(id), undefined, `${r.title}-答卷.xlsx`).catch(() => ui.message.error('导出失败，请稍后重试'))}>导出全部答卷</Button>
        ) : undefined
      }
    >
      {q.isLoading && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {q.isError && <Alert type="error" showIcon title="问卷不存在或您无权查看" />}
      {r &&
        (r.anonymous ? (
          <ResultsView results={r} source={source} />
        ) : (
          <Tabs
            items={[
              { key: 'stats', label: '统计', children: <ResultsView results={r} source={source} /> },
              { key: 'answers', label: `答卷（${r.answers}）`, children: <AnswersTable source={source} columns={r.columns} /> },
            ]}
          />
        ))}
    </Drawer>
  )
}
