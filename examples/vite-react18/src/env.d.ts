/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly LATCHKEY_API_BASE_URL?: string;
  readonly LATCHKEY_ENVIRONMENT_ID?: string;
}
