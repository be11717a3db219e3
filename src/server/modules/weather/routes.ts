import {
  aiFlightAnalysisRequestSchema,
  aiFlightAnalysisResponseSchema,
  locationSearchQuerySchema,
  locationSearchResponseSchema,
  weatherQuerySchema,
  weatherResponseSchema,
} from '../../../shared/weather/contract.ts';
import { GATED_FEATURES } from '../../../shared/features.ts';
import { flyWindowSpans, flyWindowsQuerySchema, flyWindowsResponseSchema } from '../../../shared/features-fly-windows.ts';
import { forbidden } from '../../errors.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { requireFeature } from '../features/gate.ts';
import { dbPilotProfiles } from './pilot-profile.ts';
import { canUseAiAnalysis } from './policy.ts';
import { createWeatherService } from './service.ts';

/** Forecast, location search and flight analysis (spec doc 3 §7 Weather). */
export function weatherRoutes(app: App, deps: AppDeps) {
  const weather = createWeatherService({ config: deps.config, pilotProfiles: dbPilotProfiles(deps.db), log: app.log });
  const { requireUser } = deps;

  app.get(
    '/api/weather',
    {
      onRequest: requireUser,
      // A cache miss costs four outside calls: the per-user limit caps what one account can make us fetch.
      config: deps.limits.writes,
      schema: { querystring: weatherQuerySchema, response: { 200: weatherResponseSchema } },
    },
    async (request) => weather.getWeather(requireCurrentUser(request).id, request.query),
  );

  app.get(
    '/api/location-search',
    { onRequest: requireUser, schema: { querystring: locationSearchQuerySchema, response: { 200: locationSearchResponseSchema } } },
    async (request) => weather.searchLocations(request.query.query),
  );

  app.post(
    '/api/ai-flight-analysis',
    {
      onRequest: requireUser,
      config: deps.limits.writes,
      schema: { body: aiFlightAnalysisRequestSchema, response: { 200: aiFlightAnalysisResponseSchema } },
    },
    async (request) => {
      const user = requireCurrentUser(request);
      if (!canUseAiAnalysis(user)) throw forbidden('AI flight analysis is available on the Pro, Business and Enterprise plans.');
      return weather.analyse(user.id, request.body);
    },
  );

  // Behind a developer feature (issue 13): on only for the tiers a super_admin rolled it out to.
  app.get(
    '/api/weather/fly-windows',
    {
      onRequest: [requireUser, requireFeature(deps.db, GATED_FEATURES.flyWindows48h.name)],
      config: deps.limits.writes,
      schema: { querystring: flyWindowsQuerySchema, response: { 200: flyWindowsResponseSchema } },
    },
    async (request) => {
      const w = await weather.getWeather(requireCurrentUser(request).id, { location: request.query.location });
      return { location: w.location.name, utcOffsetSeconds: w.location.utcOffsetSeconds, windows: flyWindowSpans(w.hourly) };
    },
  );
}
