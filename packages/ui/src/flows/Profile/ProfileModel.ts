import type { UseProfileReturnType } from '@latchkey/headless/react/profile';
import type { FlowError, FlowModel } from '../shared/FlowError.js';

/** What `ProfileView` takes from `useProfile()`: its own type, the members used (a fixed one in stories). */
export type ProfileFlowModel = Omit<FlowModel<
  Pick<
    UseProfileReturnType,
    'status' | 'fields' | 'values' | 'problems' | 'availability' | 'error' | 'deleteError' | 'isBusy' | 'setValue' | 'save' | 'deleteAccount'
  >
>, 'deleteError'> & { deleteError: FlowError | undefined };
export type ProfileFlowStatus = ProfileFlowModel['status'];
export type ProfileFieldModel = ProfileFlowModel['fields'][number];
