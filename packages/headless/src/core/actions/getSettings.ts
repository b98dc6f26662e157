import type { ProjectSettings } from '@latchkey/protocol';
import type { ApiClient } from '../transport/createApi.js';

export type GetSettingsReturnType = ProjectSettings;

/** GET /settings: the project settings, validated. */
export function getSettings(client: ApiClient): Promise<GetSettingsReturnType> {
  return client.api.request('getSettings');
}
