import Box from '@mui/material/Box';
import { Container } from '../../components/Container';
import Typography from '@mui/material/Typography';

const brands = ['VOLTA', 'ROSSO', 'NORDWAGEN', 'TORO', 'AUTOLUX'];

/** Our Brands: a grid of 5 logos. */
export function OurBrands() {
  return (
    <Box
      component="section"
      aria-labelledby="brands-title"
      sx={{ bgcolor: 'background.paper', py: { xs: 5, md: 7 } }}
    >
      <Container maxWidth="lg">
        <Typography id="brands-title" component="h2" variant="h3" align="center" gutterBottom>
          Our Brands
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 3,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: 'repeat(2, 1fr)',
              sm: 'repeat(3, 1fr)',
              md: 'repeat(5, 1fr)',
            },
            alignItems: 'center',
          }}
        >
          {brands.map((name, i) => (
            <Box component="li" key={name} sx={{ display: 'grid', placeItems: 'center' }}>
              <Box
                component="img"
                src={`/images/brands/brand-${i + 1}.svg`}
                alt={`${name} logo`}
                width={240}
                height={120}
                loading="lazy"
                sx={{ width: '100%', maxWidth: 180, height: 'auto', opacity: 0.85 }}
              />
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

/** The statistics strip (fixed figures). */
export const statistics = [
  { label: 'Vehicles in stock', value: 531 },
  { label: 'Dealer reviews', value: 789 },
  { label: 'Happy customers', value: 856 },
  { label: 'Awards', value: 356 },
] as const;

export function StatisticsStrip() {
  return (
    <Box
      component="section"
      aria-label="Statistics"
      sx={{ bgcolor: 'primary.main', color: '#fff', py: { xs: 4, md: 6 } }}
    >
      <Container maxWidth="lg">
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {statistics.map((stat) => (
            <Box
              key={stat.label}
              sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}
            >
              <Typography component="dt" sx={{ color: '#c9d4e6' }}>
                {stat.label}
              </Typography>
              <Typography
                component="dd"
                sx={{
                  m: 0,
                  fontSize: { xs: '2.2rem', md: '3rem' },
                  fontWeight: 800,
                  color: '#ff8a3d',
                }}
              >
                {stat.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}

const features = [
  { title: 'Showroom fresh', alt: 'A car under showroom lights' },
  { title: 'Made for the mountains', alt: 'A car on a mountain road' },
  { title: 'City nights', alt: 'A car in the city at night' },
];

/** Feature Cars: an image trio. */
export function FeatureCars() {
  return (
    <Container
      component="section"
      aria-labelledby="feature-title"
      maxWidth="lg"
      sx={{ py: { xs: 5, md: 8 } }}
    >
      <Typography id="feature-title" component="h2" variant="h3" gutterBottom>
        Feature Cars
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          mt: 1,
        }}
      >
        {features.map((feature, i) => (
          <Box key={feature.title}>
            <Box
              component="figure"
              sx={{
                m: 0,
                borderRadius: 3,
                overflow: 'hidden',
                bgcolor: 'background.paper',
                border: '1px solid #e3e8f0',
              }}
            >
              <Box
                component="img"
                src={`/images/features/feature-${i + 1}.svg`}
                alt={feature.alt}
                width={600}
                height={400}
                loading="lazy"
                sx={{ width: '100%', height: 'auto', display: 'block' }}
              />
              <Typography component="figcaption" sx={{ p: 2, fontWeight: 700 }}>
                {feature.title}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Container>
  );
}

/** The footer image at the bottom of the home page. */
export function FooterImage() {
  return (
    <Box
      component="img"
      src="/images/footer.svg"
      alt="Cars parked at a CarDealer lot"
      width={1600}
      height={360}
      loading="lazy"
      sx={{ display: 'block', width: '100%', height: 'auto', mb: -8 }}
    />
  );
}
