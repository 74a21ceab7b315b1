import { CheckOutlined } from '@ant-design/icons'
import { Divider, Drawer, Switch } from 'antd'
import { THEME_PRESETS, useSettingsStore, type DisplaySettings } from '@/stores/settings'

const SWITCHES: { key: Exclude<keyof DisplaySettings, 'theme'>; label: string }[] = [
  { key: 'tagsView', label: '标签栏' },
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '侧边栏标志' },
  { key: 'uniqueOpened', label: '菜单只展开一项' },
]

export default function SettingsDrawer() {
  const s = useSettingsStore()
  return (
    <Drawer title="布局设置" open={s.drawerOpen} onClose={() => s.setDrawerOpen(false)} size={300}>
      <div className="settings-row">
        <span>主题颜色</span>
      </div>
      <div className="theme-presets" role="radiogroup" aria-label="主题颜色">
        {THEME_PRESETS.map((c) => (
          <button
            key={c}
            type="button"
            role="radio"
            aria-checked={s.theme === c}
            aria-label={`主题色 ${c}`}
            data-color={c}
            className="theme-swatch"
            style={{ background: c }}
            onClick={() => s.change('theme', c)}
          >
            {s.theme === c && <CheckOutlined />}
          </button>
        ))}
      </div>
      <Divider />
      {SWITCHES.map(({ key, label }) => (
        <div className="settings-row" key={key}>
          <span>{label}</span>
          <Switch aria-label={label} checked={s[key]} onChange={(v) => s.change(key, v)} />
        </div>
      ))}
    </Drawer>
  )
}
