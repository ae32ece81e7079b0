import { useParams } from 'react-router-dom';
import { ReportFilePage } from './ReportFilePage';
import { ReportsPage } from './ReportsPage';

/**
 * The admin's moderation pages under `/dashboad/reports/*`: the queue, and at
 * `{targetKind}/{targetId}` one target's file. Picked from the path here rather than with nested
 * <Routes>, whose code the start-up script would then carry.
 */
export function ModerationRoutes() {
  const rest = useParams()['*'] ?? '';
  if (rest === '') return <ReportsPage />;
  const [targetKind = '', targetId = '', ...more] = rest.split('/');
  return (
    <ReportFilePage key={rest} targetKind={targetKind} targetId={more.length > 0 ? '' : targetId} />
  );
}
