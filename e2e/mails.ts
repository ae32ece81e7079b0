import { expect, type Page } from '@playwright/test';
import { MAIL_SINK_URL } from './mail-ports';
import type { SunkMail } from './mail-sink';

/** The mails the sink received for `to`, polled until `until` holds. */
export async function mailsTo(page: Page, to: string, until: (mails: SunkMail[]) => boolean) {
  let mails: SunkMail[] = [];
  await expect
    .poll(
      async () => {
        const response = await page.request.get(MAIL_SINK_URL);
        mails = ((await response.json()) as SunkMail[]).filter((mail) => mail.to === to);
        return until(mails);
      },
      { timeout: 30_000, message: `the mails to ${to}` },
    )
    .toBe(true);
  return mails;
}

/** The path and query of the last mail to `to` whose text links to `page` (`/verify-email`). */
export async function mailedLink(page: Page, to: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${path}\\?oobCode=[\\w-]+`);
  const mails = await mailsTo(page, to, (all) => all.some((mail) => pattern.test(mail.text)));
  const link = new URL(
    pattern.exec(mails.filter((mail) => pattern.test(mail.text)).at(-1)!.text)![0],
  );
  return link.pathname + link.search;
}

/**
 * Confirms the e-mail of the account signed in on `page` from its 'Confirm your e-mail' mail
 * (registration sends it): alerts, digests and notices are mailed only to a confirmed address.
 */
export async function confirmEmailFromMail(page: Page, email: string): Promise<void> {
  await page.goto(await mailedLink(page, email, '/verify-email'));
  await expect(page.getByText('Your e-mail is confirmed.')).toBeVisible();
}
