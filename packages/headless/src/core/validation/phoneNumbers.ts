// The two functions of libphonenumber-js (its small metadata) the phone check uses. `parsePhone` imports this module
// with `import()`: a bundler keeps only what a module imports by name, whereas `import('libphonenumber-js/min')` keeps
// the whole library (AsYouType, the number finders…) in the lazy chunk.
export { getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
