import { get, post } from '@/api/request'
import type { FlowActionBody, FlowView } from './types'

/**
 * The flow endpoints a module mounts under its own base (flow.Workflow.Routes): `base` is the module's
 * records, e.g. /api/sample.
 */
export const flowUrl = (base: string, id: number) => `${base}/${id}/flow`

export const getFlow = (base: string, id: number) => get<FlowView>(flowUrl(base, id))

/** Takes an action; answers the record's flow after it. */
export const actOnFlow = (base: string, id: number, body: FlowActionBody) => post<FlowView>(flowUrl(base, id), body)
