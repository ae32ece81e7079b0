import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Container } from './Container';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { paths } from '../config/paths';
import { useGetSellerOrdersPageQuery } from '../lib/api/deals';
import { useRole, type Role } from '../lib/auth/roles';
import { EmailConfirmationBanner } from './EmailConfirmation';
import { Spinner } from './Spinner';

/** Every role's: the cars the user saved, and their own settings (docs/differences.md). */
const savedCars = { label: 'Saved cars', to: paths.savedCars };
const accountSettings = { label: 'Account settings', to: paths.accountSettings };

/**
 * The dashboard side menu by role; beyond the original menu (docs/differences.md), each role's
 * Saved cars and Account settings, and the buyer's and seller's Saved searches.
 */
export const dashboardMenu: Record<Role, { label: string; to: string }[]> = {
  Admin: [
    { label: 'All buyers', to: paths.allBuyers },
    { label: 'All sellers', to: paths.allSellers },
    { label: 'All orders', to: paths.allOrders },
    { label: 'Categories', to: paths.categories },
    { label: 'Reports', to: paths.reports },
    savedCars,
    accountSettings,
    { label: 'Insights', to: paths.insights },
  ],
  Seller: [
    { label: 'Add products', to: paths.addProducts },
    { label: 'My products', to: paths.myProducts },
    { label: 'Bookings', to: paths.bookings },
    savedCars,
    { label: 'Saved searches', to: paths.savedSearches },
    accountSettings,
    { label: 'Import stock', to: paths.inventoryImport },
    { label: 'Insights', to: paths.insights },
  ],
  Buyer: [
    { label: 'My orders', to: paths.myOrders },
    savedCars,
    { label: 'Saved searches', to: paths.savedSearches },
    accountSettings,
  ],
};

/** How many bookings on the seller's cars wait for an answer. */
function RequestedBadge() {
  const { data } = useGetSellerOrdersPageQuery({ limit: 1, offset: 0, status: 'requested' });
  const waiting = data?.total ?? 0;
  if (waiting === 0) return null;
  return (
    <Badge
      badgeContent={waiting}
      max={99}
      color="secondary"
      aria-label={`${waiting} waiting for an answer`}
      sx={{ mr: 1.5 }}
    />
  );
}

function SideMenu({ onPick }: { onPick?: () => void }) {
  const { role, loading } = useRole();
  if (loading) return <Spinner minHeight={120} label="Loading your menu" />;
  const items = role ? dashboardMenu[role] : [];
  return (
    <Box component="nav" aria-label="Dashboard">
      {role && (
        <Typography variant="overline" sx={{ px: 2, color: 'text.secondary' }}>
          {role}
        </Typography>
      )}
      <List>
        {/* Each link in its own list item: a list holds only list items (WCAG 1.3.1). */}
        {items.map((item) => (
          <ListItem key={item.to} disablePadding>
            <ListItemButton
              component={NavLink}
              to={item.to}
              onClick={onPick}
              sx={{
                borderRadius: 2,
                '&.active': { bgcolor: 'rgba(194,65,12,0.1)', color: 'secondary.dark' },
              }}
            >
              <ListItemText primary={item.label} />
              {item.to === paths.bookings && <RequestedBadge />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The dashboard: the side menu beside the page; on small screens, a Details control opens it. */
export function DashboardLayout() {
  const [open, setOpen] = useState(false);
  return (
    <Box component="main" sx={{ flex: 1, bgcolor: 'background.default' }}>
      <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
        <Button
          variant="outlined"
          onClick={() => setOpen(true)}
          sx={{ display: { md: 'none' }, mb: 2 }}
          aria-label="Details"
        >
          Details
        </Button>
        <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start' }}>
          <Paper
            variant="outlined"
            sx={{
              display: { xs: 'none', md: 'block' },
              width: 240,
              flexShrink: 0,
              p: 1,
              position: 'sticky',
              top: 88,
            }}
          >
            <SideMenu />
          </Paper>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <EmailConfirmationBanner />
            <Outlet />
          </Box>
        </Box>
      </Container>
      <Drawer anchor="left" open={open} onClose={() => setOpen(false)}>
        <Box sx={{ width: 260, p: 1 }}>
          <SideMenu onPick={() => setOpen(false)} />
        </Box>
      </Drawer>
    </Box>
  );
}
