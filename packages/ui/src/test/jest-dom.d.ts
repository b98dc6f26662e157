// Types of the jest-dom matchers that test/setup/jsdom.ts installs (toBeInTheDocument, toHaveFocus, …).
/// <reference types="@testing-library/jest-dom/vitest" />
