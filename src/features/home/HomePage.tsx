import Box from '@mui/material/Box';
import { Advertisements } from './Advertisements';
import { CategoryGrid } from './CategoryGrid';
import { Hero } from './Hero';
import { FeatureCars, FooterImage, OurBrands, StatisticsStrip } from './StaticSections';

/** The home page at / and /home. */
export function HomePage() {
  return (
    <Box>
      <title>car dealer home</title>
      <Hero />
      <CategoryGrid />
      <Advertisements />
      <OurBrands />
      <StatisticsStrip />
      <FeatureCars />
      <FooterImage />
    </Box>
  );
}
