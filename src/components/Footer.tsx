import Box from '@mui/material/Box';
import { useMatch, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';
import { ActionAnchor, ActionButton, ActionLink } from './actions';
import { PAYMENT_ESTIMATE_ID } from './PaymentEstimateId';
import { Container } from './Container';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

/** A footer link: the body text's size, underlined on hover (MUI's Link is more than it needs). */
const FooterLink = styled('a')(({ theme }) => ({
  ...theme.typography.body2,
  color: 'inherit',
  textDecoration: 'none',
  '&:hover': { textDecoration: 'underline' },
}));

/** Where a footer link leads; the others are placeholders. */
const LINK_TARGETS: Record<string, string> = { 'Trade-in valuation': paths.value };

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

/**
 * 'Check your rate' (a button that once had no action): on a car's page, that car's
 * payment estimate; anywhere else (and on a sold car's page, which has none), the estimate's own
 * page, which leads to the cars.
 */
function CheckYourRate({ label }: { label: string }) {
  const onCarPage = useMatch(paths.car.pattern) !== null;
  const navigate = useNavigate();
  if (!onCarPage) {
    return (
      <ActionLink to={paths.financing} variant="contained" tone="secondary">
        {label}
      </ActionLink>
    );
  }
  return (
    <ActionAnchor
      href={`#${PAYMENT_ESTIMATE_ID}`}
      variant="contained"
      tone="secondary"
      onClick={(event) => {
        event.preventDefault();
        const target = document.getElementById(PAYMENT_ESTIMATE_ID);
        if (!target) {
          void navigate(paths.financing);
          return;
        }
        // Focusing it scrolls it into view, and the next Tab starts in its fields.
        target.focus();
      }}
    >
      {label}
    </ActionAnchor>
  );
}

/** Static contact details, link columns and two promotional boxes. */
export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.main', color: '#dbe3ef', mt: 8, pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
            mb: 5,
          }}
        >
          {promos.map((promo) => (
            <Box key={promo.title}>
              <Box sx={{ bgcolor: 'primary.light', borderRadius: 3, p: 3, height: '100%' }}>
                <Typography component="h2" variant="h6" sx={{ color: '#fff', mb: 1 }}>
                  {promo.title}
                </Typography>
                <Typography sx={{ mb: 2 }}>{promo.text}</Typography>
                {promo.action === 'Check your rate' ? (
                  <CheckYourRate label={promo.action} />
                ) : (
                  <ActionButton variant="contained" tone="secondary" type="button">
                    {promo.action}
                  </ActionButton>
                )}
              </Box>
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: {
              xs: 'repeat(2, 1fr)',
              sm: 'repeat(3, 1fr)',
              md: 'repeat(4, 1fr)',
            },
          }}
        >
          <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
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
          </Box>
          {columns.map((column) => (
            <Box key={column.title}>
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
                    <FooterLink href={LINK_TARGETS[label] ?? '#'}>{label}</FooterLink>
                  </Box>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        {/* The year is the build's in the prerendered page and the visitor's once hydrated. */}
        <Typography variant="body2" sx={{ mt: 5, opacity: 0.8 }} suppressHydrationWarning>
          © {new Date().getFullYear()} CarDealer. Prices are shown in $.
        </Typography>
      </Container>
    </Box>
  );
}
