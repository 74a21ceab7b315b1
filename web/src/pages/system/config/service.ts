import { get, post, put } from '@/api/request'
import { deleter, getFetcher } from '@/components/crud'
import type { ConfigBody, SysConfig } from './types'

export const fetchConfigs = getFetcher<SysConfig>('/api/sysConfig')
/** Every setting (secret values masked), for the group list of the search form. */
export const allConfigs = () => get<SysConfig[]>('/api/sysConfig/listAll')
export const createConfig = (body: ConfigBody) => post<SysConfig>('/api/sysConfig', body)
export const updateConfig = (body: ConfigBody) => put<void>('/api/sysConfig', body)
export const deleteConfigs = deleter('/api/sysConfig')
