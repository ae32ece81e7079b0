import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { formatWhen } from '../lib/format';
import {
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  type Notification,
} from '../lib/api/deals';
import { BellIcon } from './icons';

/** Where a notification leads: a booking's news to the booking, an alert to its car. */
function targetOf(item: Notification): string {
  if (item.orderId) return paths.order.to(item.orderId);
  if (item.productId) return paths.car.to(item.productId);
  return paths.savedSearches;
}

/**
 * The bell of a signed-in user: the unread count, and the newest notifications, each linking to
 * its booking, or (an alert of a saved search or a saved car) to its car. Its query keeps the live event stream open (src/lib/api/deals.ts), so the count
 * changes without a reload.
 */
export function NotificationBell() {
  const { data } = useGetNotificationsQuery();
  const [markRead] = useMarkNotificationsReadMutation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const unread = data?.unread ?? 0;
  const label = unread === 1 ? '1 unread notification' : `${unread} unread notifications`;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Notifications: ${label}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* Nothing unread, no badge: MUI's badge keeps the last count, hidden, after it drops to
            0, and that digit contradicted the label (WCAG 2.5.3: the name holds the visible text). */}
        {unread > 0 ? (
          <Badge badgeContent={unread} color="secondary" max={99}>
            <BellIcon />
          </Badge>
        ) : (
          <BellIcon />
        )}
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ paper: { sx: { width: 340, maxWidth: '90vw' } } }}
      >
        {(data?.items.length ?? 0) === 0 && (
          <MenuItem disabled>
            <ListItemText primary="Nothing new yet" />
          </MenuItem>
        )}
        {data?.items.slice(0, 10).map((item) => (
          <MenuItem
            key={item._id}
            component={RouterLink}
            to={targetOf(item)}
            onClick={() => setAnchor(null)}
            sx={{ whiteSpace: 'normal', fontWeight: item.read ? 400 : 700 }}
          >
            <ListItemText
              primary={item.text}
              secondary={formatWhen(item.createdAt)}
              slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
            />
          </MenuItem>
        ))}
        {/* A menu's items only (an <li> of another role inside the menu fails WCAG 1.3.1). */}
        {unread > 0 && (
          <MenuItem
            onClick={() => void markRead({ body: {} })}
            sx={{ color: 'primary.main', fontSize: '0.8125rem', fontWeight: 500 }}
          >
            Mark all read
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
