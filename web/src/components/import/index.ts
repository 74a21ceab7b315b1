export { default as ImportWizard } from './ImportWizard'
export * from './api'
