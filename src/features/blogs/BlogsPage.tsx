import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Page } from '../../components/Page';
import { articles } from './articles';

export function BlogsPage() {
  return (
    <Page title="CarDealer blogs" maxWidth="md">
      <Typography component="h1" variant="h3" gutterBottom>
        Blogs
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Notes from the team that builds CarDealer.
      </Typography>
      <Box component="nav" aria-label="Articles" sx={{ mb: 4 }}>
        <Box component="ol" sx={{ m: 0, pl: 3 }}>
          {articles.map((article) => (
            <li key={article.slug}>
              <a href={`#${article.slug}`}>{article.title}</a>
            </li>
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 4 }}>
        {articles.map((article) => (
          <Card
            component="article"
            key={article.slug}
            id={article.slug}
            aria-labelledby={`${article.slug}-title`}
          >
            <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
              <Typography id={`${article.slug}-title`} component="h2" variant="h4" gutterBottom>
                {article.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {article.summary} · {article.readingMinutes} min read
              </Typography>
              {article.sections.map((section, i) => (
                <Box component="section" key={section.heading ?? i} sx={{ mb: 2 }}>
                  {section.heading && (
                    <Typography component="h3" variant="h6" sx={{ mt: 2, mb: 1 }}>
                      {section.heading}
                    </Typography>
                  )}
                  {section.paragraphs.map((paragraph, j) => (
                    <Typography key={j} sx={{ mb: 1.5, lineHeight: 1.75 }}>
                      {paragraph}
                    </Typography>
                  ))}
                </Box>
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
    </Page>
  );
}
