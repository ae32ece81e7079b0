import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReportFile } from '../../lib/api/reports';
import { formatWhen } from '../../lib/format';
import { REASON_LABELS } from '../../lib/reportReasons';
import { ACTION_LABELS } from './labels';

const OUTCOME_LABELS = { actioned: 'Acted on', dismissed: 'Dismissed' } as const;

/** Every report of the target, open and closed, newest first. */
export function ReportsTable({ reports }: { reports: ReportFile['reports'] }) {
  if (reports.length === 0) return <Typography color="text.secondary">No reports.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Reports of it">
        <TableHead>
          <TableRow>
            <TableCell>From</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell>Details</TableCell>
            <TableCell>When</TableCell>
            <TableCell>Outcome</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reports.map((report) => (
            <TableRow key={report._id}>
              <TableCell>{report.reporterName ?? 'Automatic flag'}</TableCell>
              <TableCell>{REASON_LABELS[report.reason]}</TableCell>
              <TableCell sx={{ whiteSpace: 'pre-line', maxWidth: 360 }}>
                {report.details || '—'}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(report.createdAt)}</TableCell>
              <TableCell>
                {report.outcome ? (
                  OUTCOME_LABELS[report.outcome]
                ) : (
                  <Chip size="small" color="warning" label="Open" />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The target's moderation history (the audit log, read only), newest first. An account's also
 * has its listings' and reviews' lines, each named by `nameOf`.
 */
export function HistoryTable({
  history,
  nameOf,
}: {
  history: ReportFile['history'];
  nameOf: (line: ReportFile['history'][number]) => string | null;
}) {
  if (history.length === 0) {
    return <Typography color="text.secondary">No moderation yet.</Typography>;
  }
  return (
    <TableContainer>
      <Table size="small" aria-label="Moderation history">
        <TableHead>
          <TableRow>
            <TableCell>When</TableCell>
            <TableCell>Moderator</TableCell>
            <TableCell>Action</TableCell>
            <TableCell>Reason</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {history.map((line) => {
            const about = nameOf(line);
            return (
              <TableRow key={line._id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatWhen(line.createdAt)}</TableCell>
                <TableCell>{line.adminName}</TableCell>
                <TableCell>
                  {ACTION_LABELS[line.action] ?? line.action}
                  {about && ` (${about})`}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'pre-line' }}>{line.reason}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
