export { DroneIconsPage } from './pages/drone-icons-page.tsx';
export { DronesPage } from './pages/drones-page.tsx';
export { DroneList } from './components/drone-list.tsx';
export { useDrones } from './hooks/use-drones.ts';
export { DRONES_KEY } from './api.ts';
export { FieldRow } from './components/drone-form-dialog.tsx';
export { NativeSelect } from './components/native-select.tsx';
