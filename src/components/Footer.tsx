import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

const columns = [
  {
    title: 'Services',
    links: ['Car financing', 'Trade-in valuation', 'Vehicle inspection', 'Extended warranty'],
  },
  { title: 'Company', links: ['About us', 'Careers', 'Press', 'Contact'] },
  { title: 'Legal', links: ['Terms of use', 'Privacy policy', 'Cookie policy'] },
];

const promos = [
  {
    title: 'Sell your car in a day',
    text: 'List it in minutes and meet serious buyers near you.',
    action: 'Start selling',
  },
  {
    title: 'Financing made simple',
    text: 'Pre-qualify without affecting your credit score.',
    action: 'Check your rate',
  },
];

/** Static contact details, link columns and two promotional boxes (spec §2). */
export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.main', color: '#dbe3ef', mt: 8, pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        <Grid container spacing={3} sx={{ mb: 5 }}>
          {promos.map((promo) => (
            <Grid key={promo.title} size={{ xs: 12, md: 6 }}>
              <Box sx={{ bgcolor: 'primary.light', borderRadius: 3, p: 3, height: '100%' }}>
                <Typography component="h2" variant="h6" sx={{ color: '#fff', mb: 1 }}>
                  {promo.title}
                </Typography>
                <Typography sx={{ mb: 2 }}>{promo.text}</Typography>
                <Button variant="contained" color="secondary" type="button">
                  {promo.action}
                </Button>
              </Box>
            </Grid>
          ))}
        </Grid>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Typography component="h2" variant="h6" sx={{ color: '#fff', mb: 1 }}>
              CarDealer
            </Typography>
            <Typography variant="body2">
              221 Motorway Avenue
              <br />
              Austin, TX 78701
              <br />
              +1 (512) 555-0142
              <br />
              hello@cardealer.dev
            </Typography>
          </Grid>
          {columns.map((column) => (
            <Grid key={column.title} size={{ xs: 6, sm: 4, md: 3 }}>
              <Typography
                component="h2"
                variant="subtitle1"
                sx={{ color: '#fff', fontWeight: 700, mb: 1 }}
              >
                {column.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {column.links.map((label) => (
                  <Box component="li" key={label} sx={{ mb: 0.75 }}>
                    <Link href="#" underline="hover" color="inherit" variant="body2">
                      {label}
                    </Link>
                  </Box>
                ))}
              </Box>
            </Grid>
          ))}
        </Grid>
        <Typography variant="body2" sx={{ mt: 5, opacity: 0.8 }}>
          © {new Date().getFullYear()} CarDealer. Prices are shown in $.
        </Typography>
      </Container>
    </Box>
  );
}
