// The user's drones as data (the query and its key), without the drone list and its form (ADR 0066).
export { useDrones } from './hooks/use-drones.ts';
export { DRONES_KEY } from './api.ts';
