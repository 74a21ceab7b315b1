import { get } from './request'

export interface ConfigEntry {
  configKey: string
  configValue: string
}

export interface School {
  code: string
  name: string
  logoUrl: string
  footer: string
  titlePrefix: string
}

export const SCHOOL_LOGO_URL = '/api/school/logo'

export const publicConfig = () => get<ConfigEntry[]>('/api/sysConfig/public', undefined, { silent: true })
export const currentSchool = () => get<School>('/api/school/current', undefined, { silent: true })
