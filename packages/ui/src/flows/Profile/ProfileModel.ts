import type { UseProfileReturnType } from '@latchkey/headless/react/profile';
import type { FlowModel } from '../shared/FlowError.js';

/** What `ProfileView` takes from `useProfile()`: its own type, the members used (a fixed one in stories). */
export type ProfileFlowModel = FlowModel<Pick<UseProfileReturnType, 'status' | 'fields' | 'values' | 'problems' | 'availability' | 'error' | 'isBusy' | 'setValue' | 'save'>>;
export type ProfileFlowStatus = ProfileFlowModel['status'];
export type ProfileFieldModel = ProfileFlowModel['fields'][number];
