import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { dashboardMenu } from '../../components/DashboardLayout';
import { Spinner } from '../../components/Spinner';
import { selectAuthUser } from '../../lib/auth/authSlice';
import { useRole } from '../../lib/auth/roles';

/** The dashboard index: a welcome that names the user's role and points to their pages. */
export function DashboardHome() {
  const user = useAppSelector(selectAuthUser);
  const { role, loading } = useRole();
  if (loading) return <Spinner minHeight={200} label="Loading your dashboard" />;
  return (
    <Card>
      <title>Dashboard</title>
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Typography component="h1" variant="h4" gutterBottom>
          Welcome{user?.displayName ? `, ${user.displayName}` : ''}
        </Typography>
        {role ? (
          <>
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              You are signed in as a <strong>{role}</strong>. Here is what you can do:
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {dashboardMenu[role].map((item) => (
                <Button
                  key={item.to}
                  component={RouterLink}
                  to={item.to}
                  variant="contained"
                  color="secondary"
                >
                  {item.label}
                </Button>
              ))}
            </Stack>
          </>
        ) : (
          <Typography color="text.secondary">
            Your account has no marketplace role yet. Sign out and register as a seller or a buyer.
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
