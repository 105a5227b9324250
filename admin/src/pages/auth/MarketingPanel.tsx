import { Avatar, Box, Stack, Typography } from '@mui/material';
import TicketIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import PhoneIcon from '@mui/icons-material/PhoneInTalkOutlined';
import AnalyticsIcon from '@mui/icons-material/InsightsOutlined';

const FEATURES = [
  {
    icon: <TicketIcon />,
    title: 'Multi-brand warranty tickets',
    text: 'Create, track and resolve warranty claims for every brand you support, with the 90-day warranty window checked for you.',
  },
  {
    icon: <PhoneIcon />,
    title: 'Integrated phone system',
    text: 'Numbers per brand, voicemail with recordings and transcriptions, and click-to-call from the ticket.',
  },
  {
    icon: <AnalyticsIcon />,
    title: 'Analytics',
    text: 'See tickets by brand and status at a glance and keep response times on track.',
  },
];

/** The sign-in screen's marketing panel, from md up; its gradient runs between the theme's blues. */
export function MarketingPanel() {
  return (
    <Box
      data-testid="auth-marketing-panel"
      sx={{
        display: { xs: 'none', md: 'flex' },
        flex: 1,
        flexDirection: 'column',
        justifyContent: 'center',
        p: 8,
        color: 'primary.contrastText',
        background: theme => `linear-gradient(135deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 55%, ${theme.palette.primary.light} 100%)`,
      }}
    >
      <Box sx={{ maxWidth: 520 }}>
        <Typography variant="h3" component="p" sx={{ fontWeight: 800, lineHeight: 1.15 }}>
          Warranty support, all in one place
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 2, opacity: 0.85, fontWeight: 400 }}>
          The ticket management system for teams handling warranty claims across multiple brands.
        </Typography>
        <Stack spacing={3} sx={{ mt: 5 }}>
          {FEATURES.map(feature => (
            <Stack key={feature.title} direction="row" spacing={2}>
              <Avatar sx={{ bgcolor: 'rgba(255,255,255,0.15)', color: 'inherit' }}>{feature.icon}</Avatar>
              <Box>
                <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {feature.title}
                </Typography>
                <Typography variant="body2" sx={{ opacity: 0.85 }}>
                  {feature.text}
                </Typography>
              </Box>
            </Stack>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
