import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { i18n, useCommonT } from '../i18n';
import { paths } from '../lib/paths';

type KnownError = { status: number; statusText: string };

function describeError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (typeof error === 'object' && error !== null && 'status' in error && 'statusText' in error) {
    const known = error as KnownError;
    return `${known.status} ${known.statusText}`.trim();
  }
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return i18n.t('errorScreen.unknown');
}

type ErrorScreenProps = {
  /** The error to describe; the route's own error when absent. */
  error?: KnownError;
  /** The signed-in person's dashboard: offered as the way back instead of the home page. */
  dashboardPath?: string;
};

/** SPEC section 2: the heading, then the error's status text or message. */
export function ErrorScreen({ error, dashboardPath }: ErrorScreenProps) {
  const { t } = useCommonT();
  const routeError = useRouteError();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 8, md: 12 }, flex: 1 }} data-testid="error-screen">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('errorScreen.title')}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" data-testid="error-detail">
        {describeError(error ?? routeError)}
      </Typography>
      <Box sx={{ mt: 4 }}>
        {dashboardPath ? (
          <Button variant="contained" component={Link} to={dashboardPath} data-testid="error-dashboard-link">
            {t('errorScreen.dashboard')}
          </Button>
        ) : (
          <Button variant="contained" component={Link} to={paths.home}>
            {t('errorScreen.home')}
          </Button>
        )}
      </Box>
    </Container>
  );
}
