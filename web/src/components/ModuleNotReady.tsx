import { Result } from 'antd'

/** Public entry points of modules that are not built yet: an honest notice, not a fake page. */
export default function ModuleNotReady({ title }: { title: string }) {
  return <Result status="info" title={title} subTitle="该功能模块尚未开放，请稍后再试。" />
}
