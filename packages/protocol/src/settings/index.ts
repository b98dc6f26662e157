/** Project settings of SPEC §2/§3, one file per part. */
export * from './customFields.js';
export * from './design.js';
export * from './display.js';
export * from './projectSettings.js';
export * from './providers.js';
export * from './sdk.js';
export * from './security.js';
