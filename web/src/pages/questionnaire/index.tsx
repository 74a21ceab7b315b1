import ModuleNotReady from '@/components/ModuleNotReady'
import { useDocumentTitle } from '@/app/useDocumentTitle'

/** Public questionnaire / meeting receipt pages (/questionnaire*); the module comes later. */
export default function QuestionnairePage() {
  useDocumentTitle('问卷回执')
  return <ModuleNotReady title="问卷回执" />
}
