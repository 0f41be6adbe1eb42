import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers/site';

// Before each test file (vitest.config.ts `setupFiles`): the temporary folders a file made are
// removed after it.
afterAll(removeTempDirs);
