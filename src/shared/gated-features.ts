/**
 * Capabilities the server gates by name: a developer feature of this featureName, ready for production
 * and rolled out to a tier, turns the capability on for that tier's users at their next request.
 */
export const GATED_FEATURES = {
  flyWindows48h: {
    name: 'fly-windows-48h',
    description: 'Every window of the next 48 hours one may fly at a location, clear or with caution, as a list (GET /api/weather/fly-windows).',
  },
} as const;
