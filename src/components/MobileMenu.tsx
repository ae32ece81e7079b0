import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

interface Props {
  open: boolean;
  onClose: () => void;
  items: { label: string; to: string }[];
  displayName?: string | null;
  onLogOut?: () => void;
}

/** The navigation bar's menu on small screens (loaded the first time it is opened). */
export default function MobileMenu({ open, onClose, items, displayName, onLogOut }: Props) {
  return (
    <Drawer anchor="right" open={open} onClose={onClose}>
      <Box component="nav" aria-label="Main" sx={{ width: 240 }}>
        {displayName && (
          <Typography sx={{ px: 2, pt: 2, fontWeight: 700 }}>{displayName}</Typography>
        )}
        <List>
          {items.map((item) => (
            <ListItemButton key={item.to} component={RouterLink} to={item.to} onClick={onClose}>
              <ListItemText primary={item.label} />
            </ListItemButton>
          ))}
          {onLogOut && (
            <ListItemButton onClick={onLogOut}>
              <ListItemText primary="Log out" />
            </ListItemButton>
          )}
        </List>
      </Box>
    </Drawer>
  );
}
