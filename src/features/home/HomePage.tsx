import Box from '@mui/material/Box';
import { CategoryGrid } from './CategoryGrid';
import { Hero } from './Hero';
import { FeatureCars, FooterImage, OurBrands, StatisticsStrip } from './StaticSections';

/** The home page at / and /home (spec §2). */
export function HomePage() {
  return (
    <Box>
      <title>car dealer home</title>
      <Hero />
      <CategoryGrid />
      <OurBrands />
      <StatisticsStrip />
      <FeatureCars />
      <FooterImage />
    </Box>
  );
}
