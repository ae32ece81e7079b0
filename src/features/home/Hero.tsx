import Box from '@mui/material/Box';
import { Container } from '../../components/Container';
import Typography from '@mui/material/Typography';
import { ActionAnchor, ActionLink } from '../../components/actions';
import { paths } from '../../config/paths';

export function Hero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={{ position: 'relative', bgcolor: '#0b1f3a', overflow: 'hidden' }}
    >
      <Box
        component="img"
        src="/images/hero.svg"
        alt=""
        width={1600}
        height={640}
        fetchPriority="high"
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: 420, md: 'auto' },
          objectFit: 'cover',
          objectPosition: '70% center',
          aspectRatio: { md: '1600 / 640' },
        }}
      />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          background: {
            xs: 'linear-gradient(180deg, rgba(11,31,58,0.55) 0%, rgba(11,31,58,0.85) 100%)',
            md: 'linear-gradient(90deg, rgba(11,31,58,0.55) 0%, rgba(11,31,58,0) 60%)',
          },
        }}
      />
      <Container
        maxWidth="lg"
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
        }}
      >
        <Box sx={{ maxWidth: { xs: '100%', md: '52%' }, color: '#fff' }}>
          <Typography
            variant="overline"
            sx={{ color: '#ffb37a', fontWeight: 700, letterSpacing: '0.12em' }}
          >
            Buy & sell your car
          </Typography>
          <Typography
            id="hero-title"
            component="h1"
            sx={{
              fontSize: { xs: '2.4rem', md: '3.8rem' },
              fontWeight: 800,
              lineHeight: 1.05,
              mb: 2,
            }}
          >
            Need some new Wheels
          </Typography>
          <Typography sx={{ fontSize: { xs: '1rem', md: '1.2rem' }, color: '#d5def0', mb: 3 }}>
            Used cars of the makes people love, from verified sellers. Book a viewing in a minute.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            <ActionAnchor variant="contained" tone="secondary" size="large" href="#categories">
              Browse categories
            </ActionAnchor>
            <ActionLink
              to={paths.register}
              variant="outlined"
              size="large"
              sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.6)' }}
            >
              Sell your car
            </ActionLink>
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
