import ModuleNotReady from '@/components/ModuleNotReady'
import { useDocumentTitle } from '@/app/useDocumentTitle'

/** Public democratic-meeting pages (/democratic/meeting*); the meeting module comes later. */
export default function DemocraticMeetingPage() {
  useDocumentTitle('民主生活会')
  return <ModuleNotReady title="民主生活会" />
}
