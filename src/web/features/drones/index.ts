// Pages are not part of a feature's public surface: the router (app/app.tsx) imports each page from its
// own file, so a feature that needs a hook or a key from here does not bring the pages in too (ADR 0066).
export { DroneList } from './components/drone-list.tsx';
export { useDrones } from './hooks/use-drones.ts';
export { DRONES_KEY } from './api.ts';
export { FieldRow } from './components/field-row.tsx';
export { NativeSelect } from './components/native-select.tsx';
