import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, NavLink } from 'react-router-dom';
import { paths } from '../config/paths';
import { CarIcon, MenuIcon } from './icons';

interface NavItem {
  label: string;
  to: string;
}

/** The items the bar shows: always Home and Blogs; signed out, Register and Login (spec §2). */
export function navItems(): NavItem[] {
  return [
    { label: 'Home', to: paths.home },
    { label: 'Blogs', to: paths.blogs },
    { label: 'Register', to: paths.register },
    { label: 'Login', to: paths.login },
  ];
}

const linkSx = {
  color: 'inherit',
  fontWeight: 600,
  px: 1.5,
  '&.active': { color: 'secondary.contrastText', bgcolor: 'rgba(255,255,255,0.12)' },
} as const;

export function NavBar() {
  const [open, setOpen] = useState(false);
  const items = navItems();
  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: 1, minHeight: 64 }}>
          <Box
            component={RouterLink}
            to={paths.root}
            aria-label="CarDealer home"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              color: 'inherit',
              textDecoration: 'none',
              mr: 'auto',
            }}
          >
            <CarIcon sx={{ color: '#ff8a3d' }} />
            <Typography
              component="span"
              variant="h6"
              sx={{ fontWeight: 800, letterSpacing: '-0.01em' }}
            >
              Car
              <Box component="span" sx={{ color: '#ff8a3d' }}>
                Dealer
              </Box>
            </Typography>
          </Box>
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}
          >
            {items.map((item) => (
              <Button key={item.to} component={NavLink} to={item.to} sx={linkSx}>
                {item.label}
              </Button>
            ))}
          </Box>
          <IconButton
            color="inherit"
            aria-label="Open menu"
            onClick={() => setOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)}>
        <Box component="nav" aria-label="Main" sx={{ width: 240 }}>
          <List>
            {items.map((item) => (
              <ListItemButton
                key={item.to}
                component={RouterLink}
                to={item.to}
                onClick={() => setOpen(false)}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </Drawer>
    </AppBar>
  );
}
