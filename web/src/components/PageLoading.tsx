import Box from '@mui/material/Box';

/** Suspense fallback; a CSS spinner keeps MUI's progress components out of the first load. */
export function PageLoading() {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 8, justifyContent: 'center' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 28,
          height: 28,
          borderRadius: '50%',
          border: '3px solid #dbeafe',
          borderTopColor: 'primary.main',
          animation: 'handcheck-spin 0.8s linear infinite',
          '@keyframes handcheck-spin': { to: { transform: 'rotate(360deg)' } },
        }}
      />
      <span>Loading...</span>
    </Box>
  );
}
