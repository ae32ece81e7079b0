import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { QueryState } from '../../components/QueryState';
import type { Me } from '../../lib/api/account';
import { useMe } from '../../lib/auth/profileZip';
import { ContactSection } from './ContactSection';
import { DealerSection } from './DealerSection';
import { DeleteAccountSection } from './DeleteAccountSection';
import { DownloadDataSection } from './DownloadDataSection';
import { EmailAddressSection } from './EmailAddressSection';
import { EmailSection } from './EmailSection';
import { PasswordSection } from './PasswordSection';
import { ProfileSection } from './ProfileSection';
import { SignOutEverywhereSection } from './SignOutEverywhereSection';

export const ACCOUNT_SETTINGS = 'Account settings';

/**
 * The page's sections, in order: each is given the account as `GET /api/me` answers it. A new
 * section is one more line here.
 */
const SECTIONS: { key: string; Section: ComponentType<{ me: Me }> }[] = [
  { key: 'profile', Section: ProfileSection },
  { key: 'contact', Section: ContactSection },
  { key: 'email-address', Section: EmailAddressSection },
  { key: 'dealer', Section: DealerSection },
  { key: 'email', Section: EmailSection },
  { key: 'password', Section: PasswordSection },
  { key: 'sign-out', Section: SignOutEverywhereSection },
  { key: 'data', Section: DownloadDataSection },
  { key: 'delete', Section: DeleteAccountSection },
];

/**
 * Every role's own settings, one section each: profile, contact, e-mail address, a seller's dealer
 * profile, e-mails, password, signing out everywhere, downloading one's data and deleting the
 * account.
 */
export function AccountSettingsPage() {
  const query = useMe();
  return (
    <Box>
      <title>{ACCOUNT_SETTINGS}</title>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 800, mb: 3 }}>
        {ACCOUNT_SETTINGS}
      </Typography>
      <QueryState query={query} what="your account">
        {(me) => (
          <Stack spacing={3}>
            {SECTIONS.map(({ key, Section }) => (
              <Section key={key} me={me} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
