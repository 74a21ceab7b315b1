import {
  ApartmentOutlined,
  AppstoreOutlined,
  ControlOutlined,
  NotificationOutlined,
  BankOutlined,
  BellOutlined,
  BookOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileOutlined,
  FileTextOutlined,
  FlagOutlined,
  HomeOutlined,
  LockOutlined,
  MenuOutlined,
  MessageOutlined,
  MonitorOutlined,
  ProfileOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons'
import type { ComponentType } from 'react'

/**
 * Menu icon names stored with the menus (spec: meta.icon) mapped to antd icons. Unknown names get a
 * neutral icon rather than nothing, so the collapsed sidebar stays usable.
 */
const ICONS: Record<string, ComponentType> = {
  home: HomeOutlined,
  dashboard: DashboardOutlined,
  system: SettingOutlined,
  setting: SettingOutlined,
  user: UserOutlined,
  peoples: TeamOutlined,
  team: TeamOutlined,
  apartment: ApartmentOutlined,
  control: ControlOutlined,
  bank: BankOutlined,
  book: BookOutlined,
  notification: NotificationOutlined,
  people: TeamOutlined,
  role: LockOutlined,
  permission: LockOutlined,
  menu: MenuOutlined,
  dept: ClusterOutlined,
  tree: ClusterOutlined,
  dict: BookOutlined,
  dictionary: BookOutlined,
  config: ProfileOutlined,
  school: BankOutlined,
  file: FileOutlined,
  message: MessageOutlined,
  bell: BellOutlined,
  monitor: MonitorOutlined,
  online: MonitorOutlined,
  log: FileTextOutlined,
  database: DatabaseOutlined,
  party: FlagOutlined,
  study: ReadOutlined,
}

export default function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && ICONS[name]) || AppstoreOutlined
  return <Icon />
}
