import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Container } from '../../components/Container';
import Typography from '@mui/material/Typography';
import { StarIcon } from '../../components/icons';
import { QueryState } from '../../components/QueryState';
import { ActionLink } from '../../components/actions';
import { paths } from '../../config/paths';
import { useGetCategoriesQuery, type Category } from '../../lib/api';

function CategoryCard({ category }: { category: Category }) {
  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box
        component="img"
        src={category.image}
        alt={`${category.categoryName} cars`}
        width={640}
        height={400}
        loading="lazy"
        sx={{ width: '100%', height: 'auto', aspectRatio: '16 / 10', display: 'block' }}
      />
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1, flexGrow: 1 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography component="h3" variant="h6">
            {category.categoryName}
          </Typography>
          <Box
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            aria-label={`Rating ${category.rating} out of 5`}
          >
            <StarIcon fontSize="small" sx={{ color: '#f5a524' }} aria-hidden />
            <Typography variant="body2" color="text.secondary">
              {category.rating.toFixed(1)}
            </Typography>
          </Box>
        </Box>
        <ActionLink
          to={paths.categoryProducts.to(category.categoryName)}
          variant="contained"
          tone="secondary"
          aria-label={`Buy Now: ${category.categoryName}`}
        >
          Buy Now
        </ActionLink>
      </CardContent>
    </Card>
  );
}

/** How many categories the home page shows: the first, in the admins' order. */
const ON_HOME = 4;

/**
 * The Category grid: 4 columns on large screens, from GET /categories: the first four
 * (admins may add more makes; every one has its page and is in search).
 */
export function CategoryGrid() {
  const query = useGetCategoriesQuery();
  return (
    <Container
      component="section"
      id="categories"
      aria-labelledby="categories-title"
      maxWidth="lg"
      sx={{ py: { xs: 5, md: 8 } }}
    >
      <Typography id="categories-title" component="h2" variant="h3" gutterBottom>
        Category
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Pick a brand to see the cars our sellers have listed.
      </Typography>
      <QueryState query={query} minHeight={320} what="the categories">
        {(categories) => (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
            }}
          >
            {categories.slice(0, ON_HOME).map((category) => (
              <CategoryCard key={category._id} category={category} />
            ))}
          </Box>
        )}
      </QueryState>
    </Container>
  );
}
