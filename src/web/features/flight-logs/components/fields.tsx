// The form pieces the drone form uses, so both features' forms look and behave alike.
export { FieldRow, NativeSelect } from '../../drones/index.ts';
