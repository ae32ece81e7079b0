import { paths } from '../../config/paths';

/** A reported listing's or account's file, under the queue (ModerationRoutes.tsx). */
export const reportFilePath = (targetKind: string, targetId: string) =>
  `${paths.reports}/${encodeURIComponent(targetKind)}/${encodeURIComponent(targetId)}`;
