/**
 * A change of e-mail's mails: the link that confirms the new address (`/confirm-email-change`),
 * the notice to a new address that is another account's already, and the notice to the old
 * address with the link that undoes the change (`/undo-email-change`). Written in full when
 * enqueued, through the outbox like every mail.
 */
import { enqueue, textOf, type AccountMailDeps } from './account-mail';

interface Requester {
  _id: string;
  email: string;
}

const linkTo = (deps: AccountMailDeps, path: string, name: string, code: string) =>
  `${deps.publicOrigin}${path}?${name}=${encodeURIComponent(code)}`;

/** The new address's link: the change takes effect when it is opened (once, within an hour). */
export async function mailChangeConfirmation(
  deps: AccountMailDeps,
  account: Requester,
  address: string,
  code: string,
) {
  const link = linkTo(deps, '/confirm-email-change', 'oobCode', code);
  await enqueue(
    deps.db,
    { _id: account._id, email: address },
    'CarDealer: confirm your new e-mail',
    textOf([
      'Someone, we hope you, asked to use this address for their CarDealer account.',
      '',
      `Confirm the new e-mail: ${link}`,
      '',
      'The link works once, for an hour. If you did not ask for it, ignore this mail: nothing',
      'changes.',
    ]),
  );
}

/** A new address that is another account's: told so, and nothing changes. */
export async function mailAddressTaken(deps: AccountMailDeps, account: Requester, address: string) {
  await enqueue(
    deps.db,
    { _id: account._id, email: address },
    'CarDealer: confirm your new e-mail',
    textOf([
      'Someone asked to use this address for a CarDealer account, but it already belongs to a',
      'CarDealer account: nothing changes.',
      '',
      `If that was you, sign in with this address instead: ${deps.publicOrigin}/login`,
      'If it was not, ignore this mail.',
    ]),
  );
}

/** The old address's notice, with the link that undoes the change (7 days). */
export async function mailChangeNotice(
  deps: AccountMailDeps,
  account: Requester,
  address: string,
  code: string,
) {
  const link = linkTo(deps, '/undo-email-change', 'code', code);
  await enqueue(
    deps.db,
    account,
    'CarDealer: your e-mail is changing',
    textOf([
      `Someone, we hope you, asked to change the e-mail of your CarDealer account to ${address}.`,
      'It changes when that address confirms it.',
      '',
      `If it was not you, undo it: ${link}`,
      '',
      'The link works once, for 7 days: it gives your account this address back, calls off a',
      'change not yet confirmed, and signs the account out everywhere. Then change your password.',
    ]),
  );
}
