import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../lib/paths';

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** SPEC section 2: the heading, then the error's status text or message. */
export function ErrorScreen() {
  const error = useRouteError();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 8, md: 12 }, flex: 1 }} data-testid="error-screen">
      <Typography variant="h4" component="h2" gutterBottom>
        Unexpected Application Error!
      </Typography>
      <Typography variant="h6" component="h3" color="text.secondary" data-testid="error-detail">
        {describeError(error)}
      </Typography>
      <Box sx={{ mt: 4 }}>
        <Button variant="contained" component={Link} to={paths.home}>
          Go to the home page
        </Button>
      </Box>
    </Container>
  );
}
