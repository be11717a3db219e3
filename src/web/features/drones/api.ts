import type { Drone, DroneDeleteResponse, DroneInputRaw } from '../../../shared/drones.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

export const DRONES_KEY = ['drones'] as const;

export const fetchDrones = () => apiGet<Drone[]>('/api/drones');
export const createDrone = (body: DroneInputRaw) => apiSend<Drone>('POST', '/api/drones', { body });
export const updateDrone = (id: number, body: DroneInputRaw) => apiSend<Drone>('PUT', `/api/drones/${id}`, { body });
export const deleteDrone = (id: number) => apiSend<DroneDeleteResponse>('DELETE', `/api/drones/${id}`);
/** The drones page calls /primary, the profile tab /set-primary (doc 2 §7). */
export const makePrimary = (id: number, via: 'page' | 'profile') =>
  apiSend<Drone>('POST', `/api/drones/${id}/${via === 'page' ? 'primary' : 'set-primary'}`);
