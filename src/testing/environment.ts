/**
 * The web tests' DOM: jest-fixed-jsdom, with jsdom's style rules indexed (indexedStyleRules.ts,
 * which must load before jsdom does: jsdom's window takes the cascade's function as it loads).
 */
import './indexedStyleRules';
import { createRequire } from 'node:module';
import type JSDOMEnvironment from 'jest-environment-jsdom';

// jest-fixed-jsdom ships no types: it is jest-environment-jsdom's environment with Node's fetch.
const FixedJSDOMEnvironment = createRequire(__filename)(
  'jest-fixed-jsdom',
) as typeof JSDOMEnvironment;

export default FixedJSDOMEnvironment;
