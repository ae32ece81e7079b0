/**
 * The mail that tells a dealer an import is applied: how many cars are new, updated, unchanged,
 * refused and removed, and where to read each row's result. Written in full when enqueued, in
 * the transaction that finishes the import (the outbox worker sends it).
 */
import { oneLine } from '../platform/mail/mail-text';
import type { ImportSummary } from './import-repository';

export function importMail(fileName: string, summary: ImportSummary, origin: string) {
  const lines = [
    `Your import of ${oneLine(fileName)} is done:`,
    '',
    `- new cars listed: ${summary.new}`,
    `- cars updated: ${summary.updated}`,
    `- cars unchanged: ${summary.unchanged}`,
    `- rows refused: ${summary.refused}`,
    `- cars removed (not in the file): ${summary.removed}`,
    '',
    `Each row's result: ${origin}/dashboad/import`,
    '',
    '--',
    'CarDealer',
  ];
  return { subject: 'CarDealer: your import is done', text: `${lines.join('\n')}\n` };
}
