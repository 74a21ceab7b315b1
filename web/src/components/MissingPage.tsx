import { Result } from 'antd'

/** Shown when a menu names a page component the app does not have (yet). */
export default function MissingPage({ name }: { name: string }) {
  return <Result status="warning" title={`页面不存在：${name}`} subTitle="该菜单配置的页面组件尚未提供，请联系管理员核对菜单的组件路径。" />
}
