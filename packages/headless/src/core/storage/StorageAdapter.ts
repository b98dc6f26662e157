/** Where the kit keeps small string values (auth, selected network…): local storage, a cookie, memory. */
export interface StorageAdapter {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
