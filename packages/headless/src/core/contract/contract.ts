// The protocol's zod schemas: the route table and the error body. Only `loadContract` imports
// this module, with `import()`, so a bundler puts it (and zod) in a chunk of its own that the
// first paint does not wait for.
export { errorBodySchema, routes } from '@latchkey/protocol';
// The lifecycle moments a request marks (host callbacks, analytics): only needed once requests are made.
export { emitRouteMoments } from '../events/routeMoments.js';
// The code that sends a request and reads a failed one (`toLatchkeyErrorLazily`): only needed once requests are made.
export { sendRequest } from '../transport/sendRequest.js';
export { readErrorResponse } from '../errors/readErrorResponse.js';
export { toLatchkeyErrorSync } from '../errors/toLatchkeyError.js';
