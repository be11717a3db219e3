export * from './auth.ts';
export * from './account.ts';
export * from './support.ts';
export * from './records.ts';
export * from './weather.ts';
export * from './drones.ts';
export * from './flight-logs.ts';
export * from './knowledge.ts';
