import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { QueryState } from '../../components/QueryState';
import { paths } from '../../config/paths';
import { useGetReportFileQuery, type ReportFile } from '../../lib/api/reports';
import { HistoryTable, ReportsTable } from './FileTables';
import { ProductSummary, StateChip, UserSummary } from './FileTarget';
import { ActionButtons, useAccountActions } from './ModerationActions';
import { useDismissAction, useHideReview, useListingActions } from './useListingActions';
import { KIND_LABELS } from './labels';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={id} component="h2" variant="h5">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The target's name: the car's or the account's, or what it was. */
export function fileName(file: ReportFile): string {
  if (file.product) return file.product.carName;
  if (file.user) return file.user.name;
  return file.targetKind === 'product' ? 'Deleted listing' : 'Deleted account';
}

/** Names an account's history line about one of its listings or reviews. */
function lineNamer(file: ReportFile) {
  const listings = new Map(file.user?.listings.map((l) => [l._id, l.carName]));
  const reviews = new Map(file.user?.reviews.map((r) => [r._id, `review of ${r.productName}`]));
  return (line: ReportFile['history'][number]) => {
    if (line.targetKind === file.targetKind && line.targetId === file.targetId) return null;
    if (line.targetKind === 'product') return listings.get(line.targetId) ?? 'a deleted listing';
    if (line.targetKind === 'review') return reviews.get(line.targetId) ?? 'a review';
    return null;
  };
}

function FileView({ file }: { file: ReportFile }) {
  const name = fileName(file);
  const actions = [
    ...useListingActions(file),
    ...useAccountActions(file),
    ...useDismissAction(file),
  ];
  const hideReview = useHideReview();
  const state = file.product?.state ?? file.user?.state ?? 'gone';
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      <title>{`${name}: reports`}</title>
      <Box>
        <Link component={RouterLink} to={paths.reports} color="secondary">
          All reports
        </Link>
        <Typography component="h1" variant="h4" sx={{ mt: 1 }}>
          {name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
          <Typography color="text.secondary">{KIND_LABELS[file.targetKind]}</Typography>
          <StateChip state={state} />
        </Box>
      </Box>
      <Section id="file-actions" title="Actions">
        <ActionButtons actions={actions} />
      </Section>
      <Section
        id="file-target"
        title={file.targetKind === 'product' ? 'The listing' : 'The account'}
      >
        {file.product && <ProductSummary product={file.product} />}
        {file.user && (
          <UserSummary
            user={file.user}
            reviewAction={(review) => <ActionButtons actions={[hideReview(review)]} />}
          />
        )}
        {!file.product && !file.user && (
          <Typography color="text.secondary">
            It was deleted; its reports can still be dismissed.
          </Typography>
        )}
      </Section>
      <Section id="file-reports" title={`Reports (${file.reports.length})`}>
        <ReportsTable reports={file.reports} />
      </Section>
      <Section id="file-history" title="Moderation history">
        <HistoryTable history={file.history} nameOf={lineNamer(file)} />
      </Section>
    </Box>
  );
}

/**
 * One reported listing's or account's file (admins): the target as it is now, every
 * report of it and its moderation history, and the moderator's actions.
 */
export function ReportFilePage({ targetKind, targetId }: { targetKind: string; targetId: string }) {
  const kind = targetKind === 'product' || targetKind === 'user' ? targetKind : null;
  const query = useGetReportFileQuery(
    kind && targetId ? { targetKind: kind, targetId } : skipToken,
  );
  const status =
    query.error && 'status' in query.error ? (query.error as { status: unknown }).status : null;
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, md: 4 } }}>
        {!kind || status === 404 || status === 400 ? (
          <>
            <title>Nothing to moderate</title>
            <Typography component="h1" variant="h4" gutterBottom>
              Nothing to moderate
            </Typography>
            <Typography>
              There is no such listing or account, and no report of one.{' '}
              <Link component={RouterLink} to={paths.reports} color="secondary">
                All reports
              </Link>
            </Typography>
          </>
        ) : (
          <QueryState query={query} what="this file">
            {(file) => <FileView file={file} />}
          </QueryState>
        )}
      </CardContent>
    </Card>
  );
}
