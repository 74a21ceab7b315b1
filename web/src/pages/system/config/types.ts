export type ValueKind = 'text' | 'bool' | 'int' | 'regex' | 'html'

export const VALUE_KINDS: { value: ValueKind; label: string }[] = [
  { value: 'text', label: '文本' },
  { value: 'bool', label: '开关' },
  { value: 'int', label: '正整数' },
  { value: 'regex', label: '正则表达式' },
  { value: 'html', label: 'HTML' },
]

/** Chinese names of the groups the server seeds; other groups show as they are. */
export const GROUP_LABELS: Record<string, string> = {
  security: '安全',
  file: '文件',
  display: '显示',
  study: '学习',
  sso: '单点登录',
  sms: '短信',
  bigscreen: '大屏',
}

/** What the server answers instead of a secret value; sent back unchanged it keeps the value. */
export const SECRET_MASK = '******'

export interface SysConfig {
  id: number
  configKey: string
  configValue: string
  configName: string
  configGroup: string
  remark: string
  valueKind: ValueKind
  isPublic: boolean
  isSecret: boolean
  createTime?: string
  updateTime?: string
}

export type ConfigBody = Omit<SysConfig, 'id' | 'createTime' | 'updateTime'> & { id?: number }
